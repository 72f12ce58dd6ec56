/** The outcome of an action on the page: done (green) or refused/failed (red, and announced at once). */
export type Feedback = { ok: boolean; text: string } | null;

/** A polite live region that is always there (so screen readers hear what appears in it); failures interrupt as alerts. */
export function FeedbackText({ feedback, className = '' }: { feedback: Feedback; className?: string }) {
  return (
    <span aria-live="polite" className={`text-xs ${className}`}>
      {feedback && (
        <span role={feedback.ok ? undefined : 'alert'} className={feedback.ok ? 'text-emerald-700' : 'text-red-700'}>
          {feedback.text}
        </span>
      )}
    </span>
  );
}

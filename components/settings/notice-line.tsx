import type { Notice } from './types';

/** The outcome of the last action on a settings panel, announced politely (an error as an alert). */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <div aria-live="polite">
      {notice && (
        <p
          role={notice.tone === 'bad' ? 'alert' : 'status'}
          className={`mb-3 rounded-md px-3 py-2 text-sm ${notice.tone === 'ok' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-700'}`}
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}

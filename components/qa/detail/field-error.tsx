/** A refusal or failure next to the form that caused it, announced at once; the form keeps its text. */
export function FieldError({ error, id }: { error: string | null; id?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 px-2 py-1 text-xs text-red-800" data-testid="review-error">
      {error}
    </p>
  );
}

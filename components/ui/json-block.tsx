/** Pretty-printed JSON in a scrollable block; `label` names it for screen readers (it is a region). */
export function JsonBlock({ value, label, maxHeight = 'max-h-96' }: { value: unknown; label: string; maxHeight?: string }) {
  return (
    <pre
      role="region"
      aria-label={label}
      tabIndex={0}
      className={
        `${maxHeight} overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100 ` +
        'focus-visible:outline-2 focus-visible:outline-indigo-500'
      }
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

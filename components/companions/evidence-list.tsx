/** "whisper_failures" → "whisper failures". */
const words = (key: string) => key.replace(/_/g, ' ');

const show = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** The evidence behind a piece of advice as key/value lines, in the order given. */
export function EvidenceList({ evidence, label }: { evidence: Record<string, unknown>; label: string }) {
  const entries = Object.entries(evidence);
  if (!entries.length) return null;
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs" aria-label={label}>
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{words(k)}</dt>
          <dd className="font-mono break-all text-slate-800">{show(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

import { JsonBlock } from '@/components/ui/json-block';
import { parseJsonValue } from './block-diff';

/** A block's value: the delegation log as its lines, JSON blocks pretty-printed, anything else as text. */
export function BlockValue({ label, value }: { label: string; value: string | null }) {
  if (value === null) return <p className="text-xs text-slate-500">No value recorded.</p>;
  if (label === 'delegation_log') {
    const lines = value ? value.split('\n') : [];
    if (!lines.length) return <p className="text-xs text-slate-500">Empty: nothing was delegated yet.</p>;
    return (
      <ol
        role="region"
        aria-label="Delegation log lines"
        tabIndex={0}
        className={
          'max-h-80 space-y-0.5 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 ' +
          'text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500'
        }
      >
        {lines.map((l, i) => (
          <li key={i} className="break-all whitespace-pre-wrap">
            {l}
          </li>
        ))}
      </ol>
    );
  }
  const parsed = parseJsonValue(value);
  if (parsed !== undefined) return <JsonBlock value={parsed} label={`Value of ${label}`} maxHeight="max-h-80" />;
  return (
    <pre className="max-h-80 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap text-slate-100">{value}</pre>
  );
}

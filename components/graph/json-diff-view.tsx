import { Badge, type Tone } from '@/components/ui/badge';
import { diffSummary, previewJson, type DiffEntry } from './json-diff';

const KIND: Record<DiffEntry['kind'], { tone: Tone; label: string }> = {
  changed: { tone: 'warn', label: 'changed' },
  added: { tone: 'ok', label: 'added' },
  removed: { tone: 'bad', label: 'removed' },
};

function Value({ value, tone }: { value: unknown; tone: 'before' | 'after' }) {
  const full = JSON.stringify(value, null, 2) ?? 'undefined';
  const short = previewJson(value);
  const cls = tone === 'before' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900';
  return (
    <span className={`block rounded px-1.5 py-0.5 font-mono text-xs break-all ${cls}`}>
      <span className="sr-only">{tone === 'before' ? 'Before: ' : 'After: '}</span>
      {short === full ? (
        short
      ) : (
        <details>
          <summary className="cursor-pointer">{short}</summary>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap">{full}</pre>
        </details>
      )}
    </span>
  );
}

/** A JSON diff as a list: kind, JSON pointer, and the values before (red) and after (green). */
export function JsonDiffView({ entries, label }: { entries: readonly DiffEntry[]; label: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">The two documents are identical.</p>;
  const c = diffSummary(entries);
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600">
        {c.changed} changed, {c.added} added, {c.removed} removed
      </p>
      <ul className="space-y-1.5" aria-label={label} data-testid="json-diff">
        {entries.map((e) => (
          <li
            key={`${e.kind}|${e.path}`}
            className="rounded-md border border-slate-200 p-2"
            data-testid="diff-entry"
            data-kind={e.kind}
            data-path={e.path}
          >
            <div className="mb-1 flex flex-wrap items-center gap-2">
              <Badge tone={KIND[e.kind].tone}>{KIND[e.kind].label}</Badge>
              <code className="font-mono text-xs break-all text-slate-800">{e.path || '(document root)'}</code>
            </div>
            <div className="space-y-0.5">
              {e.kind !== 'added' && <Value value={e.before} tone="before" />}
              {e.kind !== 'removed' && <Value value={e.after} tone="after" />}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

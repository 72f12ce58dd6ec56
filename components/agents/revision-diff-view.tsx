import type { DiffEntry } from '@/components/graph/json-diff';
import { diffCounts } from './line-diff';
import type { RevisionChanges } from './revision-changes';

const short = (v: unknown) => {
  const text = JSON.stringify(v);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

function JsonEntry({ e }: { e: DiffEntry }) {
  return (
    <li className="font-mono text-xs break-words">
      {e.kind === 'changed' && (
        <>
          <span className="text-slate-500">changed </span>
          {e.path || '/'}: <span className="bg-red-50 text-red-800">{short(e.before)}</span> →{' '}
          <span className="bg-emerald-50 text-emerald-800">{short(e.after)}</span>
        </>
      )}
      {e.kind === 'added' && (
        <>
          <span className="text-slate-500">added </span>
          {e.path}: <span className="bg-emerald-50 text-emerald-800">{short(e.after)}</span>
        </>
      )}
      {e.kind === 'removed' && (
        <>
          <span className="text-slate-500">removed </span>
          {e.path}: <span className="bg-red-50 text-red-800">{short(e.before)}</span>
        </>
      )}
    </li>
  );
}

/**
 * What one revision changed: JSON members by pointer, or text lines marked "+" and "−" (the marks
 * say it, the colours only help).
 */
export function RevisionDiffView({ changes, label }: { changes: RevisionChanges; label: string }) {
  if (changes.kind === 'first') return <p className="text-xs text-slate-500">The first recorded value.</p>;
  if (changes.kind === 'json') {
    if (!changes.entries.length) return <p className="text-xs text-slate-500">No change to the document.</p>;
    return (
      <ul className="space-y-0.5" aria-label={`Changes to ${label}`}>
        {changes.entries.map((e) => (
          <JsonEntry key={`${e.kind}${e.path}`} e={e} />
        ))}
      </ul>
    );
  }
  const { added, removed } = diffCounts(changes.ops);
  if (!added && !removed) return <p className="text-xs text-slate-500">No change.</p>;
  return (
    <div>
      <p className="mb-1 text-xs text-slate-500">
        {added} line{added === 1 ? '' : 's'} added, {removed} removed
      </p>
      <pre
        role="region"
        aria-label={`Changes to ${label}`}
        tabIndex={0}
        className="max-h-64 overflow-auto rounded-md bg-white font-mono text-xs leading-5 ring-1 ring-slate-200 ring-inset"
      >
        {changes.ops.map((op, i) => (
          <div
            key={i}
            className={
              op.kind === 'added' ? 'bg-emerald-50 text-emerald-900' : op.kind === 'removed' ? 'bg-red-50 text-red-900' : 'text-slate-500'
            }
          >
            <span aria-hidden={op.kind === 'same'} className="inline-block w-5 select-none text-center">
              {op.kind === 'added' ? '+' : op.kind === 'removed' ? '−' : ' '}
            </span>
            <span className="whitespace-pre-wrap break-words">{op.text || ' '}</span>
          </div>
        ))}
      </pre>
    </div>
  );
}

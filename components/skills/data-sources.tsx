import type { DataSource } from './types';

/** Texts the skill loads into the worker's archival memory (spec §5.2 `requiredDataSources`). */
export function DataSources({ sources }: { sources: DataSource[] }) {
  if (sources.length === 0) return <p className="text-sm text-slate-500">This skill loads no data sources.</p>;
  return (
    <ul className="space-y-3">
      {sources.map((s) => (
        <li key={s.dataSourceId} className="rounded-lg border border-slate-200 p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-mono text-sm font-medium">{s.dataSourceId}</span>
            <span className="text-xs text-slate-500">into {s.destination.replace('_', ' ')}</span>
          </div>
          {s.description && <p className="mt-1 text-sm text-slate-600">{s.description}</p>}
          <details className="mt-2">
            <summary className="cursor-pointer text-sm text-indigo-700 hover:underline">
              Text ({s.content.text.length.toLocaleString('en-GB')} characters)
            </summary>
            <p className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              {s.content.text}
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
}

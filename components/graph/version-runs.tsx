import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { TableHead } from '@/components/ui/table-head';
import { formatTime, runOfExecution, runTone } from './format';
import type { LineageRun } from './types';

/** The latest runs of one version as the knowledge graph recorded them. */
export function VersionRuns({ runs }: { runs: readonly LineageRun[] }) {
  if (runs.length === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="version-runs-empty">
        No runs yet: the knowledge graph has recorded no run of this version.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="version-runs">
        <caption className="sr-only">Runs of this version</caption>
        <TableHead variant="boxed" columns={['Run', 'Status', 'Started', 'Finished']} />
        <tbody className="divide-y divide-slate-100">
          {runs.map((r) => (
            <tr key={r.run_id}>
              <th scope="row" className="px-3 py-2 font-mono text-xs font-normal whitespace-nowrap" title={r.run_id}>
                <Link href={`/runs/${runOfExecution(r.run_id).runId}`} className="text-indigo-700 hover:underline">
                  {r.run_id.slice(0, 8)}…
                </Link>
                {runOfExecution(r.run_id).redrive > 0 && (
                  <span className="ml-1 font-sans text-slate-500">redrive {runOfExecution(r.run_id).redrive}</span>
                )}
              </th>
              <td className="px-3 py-2">
                <Badge tone={runTone(r.status)}>{r.status}</Badge>
              </td>
              <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-600">{formatTime(r.started_at)}</td>
              <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-600">{formatTime(r.finished_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

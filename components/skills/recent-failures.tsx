import { ukDateTime } from '@/lib/uk-time';
import { TableHead } from '@/components/ui/table-head';
import type { SkillReport } from './reliability-types';

/** The skill's latest failed uses, newest first: which run and state, the error, and when. */
export function RecentFailures({ failures }: { failures: SkillReport['recent_failures'] }) {
  if (failures.length === 0) return <p className="text-sm text-slate-500">No failed uses recorded.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="recent-failures">
        <caption className="sr-only">Recent failures</caption>
        <TableHead variant="boxed" columns={['Run', 'State', 'Error', 'Time']} />
        <tbody className="divide-y divide-slate-100">
          {failures.map((f) => (
            <tr key={`${f.run_id}|${f.state}|${f.at}`} className="align-top">
              <th scope="row" className="px-3 py-2 font-mono text-xs font-normal break-all">
                {f.run_id}
              </th>
              <td className="px-3 py-2 font-mono text-xs">{f.state}</td>
              <td className="px-3 py-2 text-red-800">{f.error ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap text-xs text-slate-600">
                <time dateTime={f.at}>{ukDateTime(f.at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

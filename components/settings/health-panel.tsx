'use client';
import type { HealthQueries } from './health/queries';
import { Badge } from '@/components/ui/badge';
import { CheckedActions } from './checked-actions';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { TableHead } from '@/components/ui/table-head';

const PORT_LABELS: Record<string, string> = {
  database: 'Database',
  redis: 'Control plane (Redis)',
  graph: 'Knowledge graph',
  agent_runtime: 'Agent runtime',
};

/** Settings → Health: each port's configured adapter and whether it answers now (checked on demand; the query is the tab's). */
export function HealthPanel({ query: health }: { query: HealthQueries['adapters'] }) {
  return (
    <Panel id="adapters" title="Adapters" actions={<CheckedActions query={health} />}>
      {health.isPending ? (
        <LoadingState label="Checking adapters…" />
      ) : health.isError ? (
        <ErrorState title="Health check failed" message={errorMessage(health.error)} onRetry={() => void health.refetch()} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="health-table">
            <caption className="sr-only">Adapter health</caption>
            <TableHead columns={['Port', 'Adapter', 'Target', 'Status', 'Latency']} />
            <tbody className="divide-y divide-slate-100">
              {health.data.map((row) => (
                <tr key={row.port} className="align-top">
                  <th scope="row" className="py-2.5 pr-4 font-medium">
                    {PORT_LABELS[row.port] ?? row.port}
                  </th>
                  <td className="py-2.5 pr-4">
                    {row.adapter}
                    {row.note && <span className="mt-0.5 block text-xs text-slate-500">{row.note}</span>}
                  </td>
                  <td className="break-all py-2.5 pr-4 font-mono text-xs">{row.target}</td>
                  <td className="py-2.5 pr-4">
                    <Badge tone={row.reachable ? 'ok' : 'bad'}>{row.reachable ? 'Reachable' : 'Unreachable'}</Badge>
                    {row.error && <span className="mt-1 block max-w-md break-words text-xs text-red-700">{row.error}</span>}
                  </td>
                  <td className="py-2.5 pr-4 tabular-nums">{row.latencyMs === null ? '—' : `${row.latencyMs} ms`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

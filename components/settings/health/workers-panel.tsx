'use client';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/states';
import { secondsText, whenText } from './format';
import { HealthTable, Num, QueryPanel, rowTone } from './query-panel';
import type { HealthQueries } from './queries';
import type { WorkerHealth } from './types';

const STATE: Record<WorkerHealth['state'], { tone: 'ok' | 'bad'; label: string }> = {
  alive: { tone: 'ok', label: 'Alive' },
  late: { tone: 'bad', label: 'Heartbeat stale' },
  stopped: { tone: 'bad', label: 'Stopped beating' },
};
const KIND: Record<string, string> = { console: 'Console (embedded)', 'dcf worker': 'dcf worker', 'dcf run': 'dcf run' };

/**
 * The workers that consume run notifications — the console's embedded workers and each `dcf worker` —
 * from their heartbeats (server/health/worker-heartbeat.ts): alive or not, the last beat, their
 * concurrency and the Task attempts they hold now (each holds its state's lease). A stale or
 * stopped worker is a red line.
 */
export function WorkersPanel({ query }: { query: HealthQueries['workers'] }) {
  return (
    <QueryPanel id="workers" title="Workers" query={query} loading="Reading heartbeats…">
      {(w) =>
        w.workers.length === 0 ? (
          <EmptyState title="No worker is registered">
            Start the console with embedded workers (the default) or run <code>dcf worker</code>; runs wait until one consumes them.
          </EmptyState>
        ) : (
          <div>
            <HealthTable
              caption="Workers and their heartbeats"
              columns={[
                'Worker',
                'Kind',
                'State',
                'Last beat',
                { label: 'Concurrency', align: 'right' },
                { label: 'Task attempts held', align: 'right' },
                'Started',
              ]}
            >
              {w.workers.map((r) => (
                <tr key={r.id} className={rowTone(r.state !== 'alive')} data-testid="worker-row" data-state={r.state}>
                  <th scope="row" className="py-2 pr-4 font-mono text-xs font-normal">
                    {r.id}
                  </th>
                  <td className="py-2 pr-4">{r.kind ? (KIND[r.kind] ?? r.kind) : '—'}</td>
                  <td className="py-2 pr-4">
                    <Badge tone={STATE[r.state].tone}>{STATE[r.state].label}</Badge>
                  </td>
                  <td className="py-2 pr-4 tabular-nums">
                    {whenText(r.lastBeatAt)} <span className="text-xs text-slate-500">({secondsText(r.sinceBeatS)} ago)</span>
                  </td>
                  <Num>{r.concurrency ?? '—'}</Num>
                  <Num>{r.activeTasks ?? '—'}</Num>
                  <td className="py-2 pr-4 tabular-nums">{whenText(r.startedAt)}</td>
                </tr>
              ))}
            </HealthTable>
            <p className="mt-2 text-xs text-slate-500">
              Workers beat every 10 s on Redis&rsquo;s clock; a beat older than {w.lateAfterS} s is stale. A worker that stops cleanly
              leaves this list; one that stops beating stays here for a day.
            </p>
          </div>
        )
      }
    </QueryPanel>
  );
}

'use client';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/states';
import { secondsText, whenText } from './format';
import { HealthTable, Num, QueryPanel, rowTone } from './query-panel';
import type { HealthQueries } from './queries';
import type { ScheduledJobHealth } from './types';

function status(j: ScheduledJobHealth) {
  if (!j.enabled) return <Badge tone="neutral">Paused</Badge>;
  if (j.noScheduler) return <Badge tone="bad">No trigger in Redis</Badge>;
  if (j.overdueS !== null) return <Badge tone="bad">Overdue {secondsText(j.overdueS)}</Badge>;
  return <Badge tone="ok">Scheduled</Badge>;
}

/** The background jobs' scheduler (server/schedules): each job's next fire, and its missed and failed fires over the last day. */
export function SchedulerPanel({ query }: { query: HealthQueries['scheduler'] }) {
  return (
    <QueryPanel id="scheduler" title="Scheduler" query={query} loading="Reading schedules…">
      {(s) =>
        s.jobs.length === 0 ? (
          <EmptyState title="No background job is scheduled">
            Schedules made on the Schedules page or by the Planner appear here.
          </EmptyState>
        ) : (
          <div>
            <HealthTable
              caption="Background jobs: next fires and misses"
              columns={[
                'Job',
                'Schedule',
                'State',
                'Next fire',
                'Last fired',
                { label: `Missed (${s.windowH} h)`, align: 'right' },
                { label: `Failed (${s.windowH} h)`, align: 'right' },
              ]}
            >
              {s.jobs.map((j) => (
                <tr key={j.id} className={rowTone(j.noScheduler || j.overdueS !== null || j.missed > 0)} data-testid="schedule-row">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {j.name}
                  </th>
                  <td className="py-2 pr-4 font-mono text-xs">{j.schedule}</td>
                  <td className="py-2 pr-4">{status(j)}</td>
                  <td className="py-2 pr-4 tabular-nums">{whenText(j.nextFireAt)}</td>
                  <td className="py-2 pr-4 tabular-nums">{whenText(j.lastFiredAt)}</td>
                  <Num bad={j.missed > 0}>{j.missed}</Num>
                  <Num bad={j.failed > 0}>{j.failed}</Num>
                </tr>
              ))}
            </HealthTable>
            <p className="mt-2 text-xs text-slate-500">
              A missed fire is a tick the schedule owed since it was last enabled with no run recorded (a tick has a minute to be recorded).
            </p>
          </div>
        )
      }
    </QueryPanel>
  );
}

'use client';
import { secondsText, whenText } from './format';
import { OLD_JOB_S } from './problems';
import { HealthTable, Num, QueryPanel, rowTone } from './query-panel';
import type { HealthQueries } from './queries';

/**
 * The BullMQ queues' depths and the age of each one's oldest waiting job; a queue whose oldest job
 * has waited longer than OLD_JOB_S is a red line (nothing is taking its jobs).
 */
export function QueuesPanel({ query }: { query: HealthQueries['queues'] }) {
  return (
    <QueryPanel id="queues" title="Queues" query={query} loading="Reading queues…">
      {(queues) => (
        <div>
          <HealthTable
            caption="Queue depths"
            columns={[
              'Queue',
              'Worked by',
              { label: 'Waiting', align: 'right' },
              { label: 'Active', align: 'right' },
              { label: 'Delayed', align: 'right' },
              { label: 'Failed', align: 'right' },
              'Oldest waiting',
            ]}
          >
            {queues.map((q) => {
              const old = q.oldestWaitingAgeS !== null && q.oldestWaitingAgeS > OLD_JOB_S;
              return (
                <tr key={q.name} className={rowTone(old)} data-testid="queue-row" data-queue={q.name}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {q.label} <span className="block font-mono text-xs font-normal text-slate-500">{q.name}</span>
                  </th>
                  <td className="py-2 pr-4 text-xs text-slate-600">{q.worksIt}</td>
                  <Num>{q.waiting}</Num>
                  <Num>{q.active}</Num>
                  <Num>{q.delayed}</Num>
                  <Num bad={q.failed > 0}>{q.failed}</Num>
                  <td className={`py-2 pr-4 tabular-nums ${old ? 'font-semibold text-red-700' : ''}`}>
                    {q.oldestWaitingAgeS === null ? (
                      'none waiting'
                    ) : (
                      <>
                        {secondsText(q.oldestWaitingAgeS)}{' '}
                        <span className="text-xs text-slate-500">(since {whenText(q.oldestWaitingSince)})</span>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </HealthTable>
          <p className="mt-2 text-xs text-slate-500">
            Delayed jobs are due later (Retry back-off, Wait states, a schedule&rsquo;s next tick). A job waiting longer than{' '}
            {OLD_JOB_S / 60} min is shown in red.
          </p>
        </div>
      )}
    </QueryPanel>
  );
}

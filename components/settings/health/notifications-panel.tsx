'use client';
import { EmptyState } from '@/components/ui/states';
import { whenText } from './format';
import { HealthTable, Num, QueryPanel, rowTone } from './query-panel';
import type { HealthQueries } from './queries';

const CHANNELS: Record<string, string> = { UI_ALERT: 'Console alert', EMAIL: 'Email', TELEGRAM: 'Telegram' };

/** Notification deliveries (server/notifications) per channel: what is still being retried, and what failed in the last day. */
export function NotificationsPanel({ query }: { query: HealthQueries['notifications'] }) {
  return (
    <QueryPanel id="notifications" title="Notifications" query={query} loading="Reading deliveries…">
      {(n) =>
        n.channels.length === 0 ? (
          <EmptyState title="Nothing to deliver">
            No notification is pending, and none was delivered or failed in the last {n.windowH} h.
          </EmptyState>
        ) : (
          <div>
            <HealthTable
              caption="Notification deliveries per channel"
              columns={[
                'Channel',
                { label: 'Pending', align: 'right' },
                'Oldest pending',
                { label: `Delivered (${n.windowH} h)`, align: 'right' },
                { label: `Failed (${n.windowH} h)`, align: 'right' },
                'Last failure',
              ]}
            >
              {n.channels.map((c) => (
                <tr key={c.channel} className={rowTone(c.failed > 0)}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {CHANNELS[c.channel] ?? c.channel}
                  </th>
                  <Num>{c.pending}</Num>
                  <td className="py-2 pr-4 tabular-nums">{whenText(c.oldestPendingSince)}</td>
                  <Num>{c.delivered}</Num>
                  <Num bad={c.failed > 0}>{c.failed}</Num>
                  <td className="max-w-md break-words py-2 pr-4 text-xs">
                    {c.lastError ? (
                      <>
                        <span className="tabular-nums">{whenText(c.lastErrorAt)}</span>: {c.lastError}
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </HealthTable>
          </div>
        )
      }
    </QueryPanel>
  );
}

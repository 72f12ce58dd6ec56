'use client';
import { secondsText, whenText } from './format';
import { HealthTable, Num, QueryPanel, rowTone } from './query-panel';
import type { HealthQueries } from './queries';

const ageS = (iso: string) => Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));

/**
 * The durable streams (QA results, knowledge-graph episodes) per consumer group: entries not yet
 * read (lag), read and not acknowledged (pending, with the oldest one's age), and dead letters —
 * a stream with dead letters is a red line; the Stream dead letters panel lists them.
 */
export function StreamsPanel({ query }: { query: HealthQueries['streams'] }) {
  return (
    <QueryPanel id="streams" title="Durable streams" query={query} loading="Reading streams…">
      {(streams) => (
        <div>
          <HealthTable
            caption="Durable streams: lag per consumer group"
            columns={[
              'Stream',
              'Consumer group',
              { label: 'Entries', align: 'right' },
              { label: 'Lag (unread)', align: 'right' },
              { label: 'Pending', align: 'right' },
              'Oldest pending',
              { label: 'Dead letters', align: 'right' },
            ]}
          >
            {streams.map((s) =>
              (s.groups.length ? s.groups : [null]).map((g, i) => (
                <tr key={`${s.stream}:${g?.group ?? ''}`} className={rowTone(s.deadLetters > 0)} data-testid="stream-row">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {i === 0 && (
                      <>
                        {s.label} <span className="block font-mono text-xs font-normal text-slate-500">{s.stream}</span>
                      </>
                    )}
                  </th>
                  <td className="py-2 pr-4">
                    {g ? (
                      <>
                        {g.group}{' '}
                        <span className="text-xs text-slate-500">({g.consumers === 1 ? '1 consumer' : `${g.consumers} consumers`})</span>
                      </>
                    ) : (
                      <span className="text-slate-500">nothing has read it yet</span>
                    )}
                  </td>
                  <Num>{s.length}</Num>
                  <Num>{g ? (g.lag ?? 'unknown') : s.length}</Num>
                  <Num>{g?.pending ?? 0}</Num>
                  <td className="py-2 pr-4 tabular-nums">
                    {g?.oldestPendingSince ? `${whenText(g.oldestPendingSince)} (${secondsText(ageS(g.oldestPendingSince))} ago)` : '—'}
                  </td>
                  <Num bad={s.deadLetters > 0}>{i === 0 ? s.deadLetters : ''}</Num>
                </tr>
              )),
            )}
          </HealthTable>
          <p className="mt-2 text-xs text-slate-500">
            Entries counts what the stream keeps (acknowledged entries stay until trimmed). Lag is &ldquo;unknown&rdquo; when Redis cannot
            tell after entries were deleted.
          </p>
        </div>
      )}
    </QueryPanel>
  );
}

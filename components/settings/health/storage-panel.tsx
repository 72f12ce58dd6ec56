'use client';
import { bytesText } from './format';
import { MEMORY_NEAR_LIMIT } from './problems';
import { HealthTable, Num, QueryPanel, rowTone } from './query-panel';
import type { HealthQueries } from './queries';

const RATIO = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** The database (size; connections on PostgreSQL) and Redis memory (INFO memory; per master on a Redis Cluster). */
export function StoragePanel({ query }: { query: HealthQueries['storage'] }) {
  return (
    <QueryPanel id="storage" title="Database and Redis memory" query={query} loading="Reading the database and Redis…">
      {(s) => (
        <div className="space-y-5">
          <section aria-label="Database" data-testid="database-health">
            <h3 className="mb-2 text-sm font-medium text-slate-900">
              Database ({s.database.kind === 'pglite' ? 'PGlite, embedded' : 'PostgreSQL'})
            </h3>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-slate-500">Size</dt>
                <dd className="tabular-nums">{bytesText(s.database.sizeBytes)}</dd>
              </div>
              {s.database.connections ? (
                <div className="col-span-3">
                  <dt className="text-xs text-slate-500">Connections to this database</dt>
                  <dd className="tabular-nums">
                    {s.database.connections.total} of {s.database.connections.max} allowed · {s.database.connections.active} active ·{' '}
                    {s.database.connections.idle} idle · {s.database.connections.idleInTransaction} idle in a transaction
                  </dd>
                </div>
              ) : (
                <div className="col-span-3">
                  <dt className="text-xs text-slate-500">Connections</dt>
                  <dd className="text-slate-600">Not applicable: {s.database.note}</dd>
                </div>
              )}
            </dl>
          </section>
          <section aria-label="Redis memory" data-testid="redis-memory">
            <h3 className="mb-2 text-sm font-medium text-slate-900">Redis memory</h3>
            {!s.redis.available ? (
              <p className="text-sm text-slate-600">Not available here: {s.redis.reason}</p>
            ) : (
              <div>
                <HealthTable
                  caption="Redis memory per node"
                  columns={[
                    'Node',
                    { label: 'Used', align: 'right' },
                    { label: 'Peak', align: 'right' },
                    { label: 'Max memory', align: 'right' },
                    'At the limit',
                    { label: 'Fragmentation', align: 'right' },
                  ]}
                >
                  {s.redis.data.map((n) => {
                    const near = n.maxBytes !== null && n.usedBytes / n.maxBytes > MEMORY_NEAR_LIMIT;
                    return (
                      <tr key={n.node} className={rowTone(near)} data-testid="redis-node">
                        <th scope="row" className="py-2 pr-4 font-mono text-xs font-normal">
                          {n.node}
                        </th>
                        <Num bad={near}>{bytesText(n.usedBytes)}</Num>
                        <Num>{bytesText(n.peakBytes)}</Num>
                        <Num>{n.maxBytes === null ? 'no limit' : bytesText(n.maxBytes)}</Num>
                        <td className="py-2 pr-4 font-mono text-xs">{n.policy}</td>
                        <Num>{RATIO.format(n.fragmentation)}</Num>
                      </tr>
                    );
                  })}
                </HealthTable>
                <p className="mt-2 text-xs text-slate-500">
                  &ldquo;No limit&rdquo;: maxmemory is 0, so Redis grows until the host runs out. Fragmentation is resident memory over
                  used; on a small data set it reads high and means little.
                </p>
              </div>
            )}
          </section>
        </div>
      )}
    </QueryPanel>
  );
}

import type { AppConfig } from '../config.ts';
import { describeRedisTarget, type RedisClient } from '../redis/connection.ts';
import { pingRedis } from '../redis/client.ts';

/** One adapter's status on the health page. `target` never contains credentials. */
export type AdapterHealth = {
  port: 'database' | 'redis' | 'graph' | 'agent_runtime';
  adapter: string;
  target: string;
  reachable: boolean;
  latencyMs: number | null;
  error: string | null;
  note: string | null;
};

/** Strips user info and query from a URL so it can be shown. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

async function timed(run: () => Promise<void>): Promise<{ reachable: boolean; latencyMs: number | null; error: string | null }> {
  const started = performance.now();
  try {
    await run();
    return { reachable: true, latencyMs: Math.round(performance.now() - started), error: null };
  } catch (err) {
    return { reachable: false, latencyMs: null, error: err instanceof Error ? err.message : String(err) };
  }
}

export type HealthDeps = {
  config: AppConfig;
  /** Round-trips a trivial query; throws when the database is unreachable. */
  pingDatabase: () => Promise<void>;
  redis: () => RedisClient | undefined;
  /** Letta health probe; injectable so tests can point it at a local HTTP server. */
  fetch?: typeof fetch;
};

/** Checks every port's adapter concurrently. Never throws: an unreachable adapter is a row, not an error. */
export async function checkAdapters(deps: HealthDeps): Promise<AdapterHealth[]> {
  const { config: cfg } = deps;
  const doFetch = deps.fetch ?? fetch;
  const database = (async (): Promise<AdapterHealth> => {
    const target = cfg.database.kind === 'pglite' ? cfg.database.dataDir : redactUrl(cfg.database.url);
    const r = await timed(deps.pingDatabase);
    return { port: 'database', adapter: cfg.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL', target, ...r, note: null };
  })();
  const redis = (async (): Promise<AdapterHealth> => {
    const client = deps.redis();
    if (!cfg.redis || !client) {
      return {
        port: 'redis',
        adapter: 'Redis',
        target: '(REDIS_URL unset)',
        reachable: false,
        latencyMs: null,
        error: 'REDIS_URL is not set; the run script starts a local redis-server and sets it',
        note: null,
      };
    }
    const target = cfg.redis.kind === 'single' ? redactUrl(cfg.redis.url) : describeRedisTarget(cfg.redis);
    return {
      port: 'redis',
      adapter: cfg.redis.kind === 'single' ? 'Redis' : 'Redis Cluster',
      target,
      ...(await timed(() => pingRedis(client))),
      note: null,
    };
  })();
  const graph = (async (): Promise<AdapterHealth> => {
    if (cfg.graph.kind === 'postgres') {
      const r = await timed(deps.pingDatabase);
      return { port: 'graph', adapter: 'Postgres tables (embedded)', target: 'same database', ...r, note: 'Set NEO4J_URI to use Neo4j.' };
    }
    const g = cfg.graph;
    const r = await timed(async () => {
      const neo4j = (await import('neo4j-driver')).default;
      const driver = neo4j.driver(g.uri, neo4j.auth.basic(g.user, g.password ?? ''), {
        connectionTimeout: 3_000,
        maxConnectionPoolSize: 1,
      });
      try {
        await driver.verifyConnectivity();
      } finally {
        await driver.close();
      }
    });
    return { port: 'graph', adapter: 'Neo4j', target: redactUrl(g.uri), ...r, note: null };
  })();
  const agents = (async (): Promise<AdapterHealth> => {
    if (cfg.agentRuntime.kind === 'local') {
      return {
        port: 'agent_runtime',
        adapter: 'Local runtime (in-process)',
        target: 'this server process',
        reachable: true,
        latencyMs: 0,
        error: null,
        note: 'Set LETTA_BASE_URL to use a Letta server.',
      };
    }
    const base = cfg.agentRuntime.baseUrl.replace(/\/+$/, '');
    const apiKey = cfg.agentRuntime.apiKey;
    const r = await timed(async () => {
      const res = await doFetch(`${base}/v1/health/`, {
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        signal: AbortSignal.timeout(3_000),
      });
      if (!res.ok) throw new Error(`GET /v1/health/ answered ${res.status}`);
    });
    return { port: 'agent_runtime', adapter: 'Letta server', target: redactUrl(base), ...r, note: null };
  })();
  return Promise.all([database, redis, graph, agents]);
}

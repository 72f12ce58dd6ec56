import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseClusterNodes, type RedisTarget } from '../config-redis.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { pgliteTemplate, postgresTemplate } from './template-database.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Which adapter the integration suite runs on (vitest projects `int-pglite`, `int-postgres` and their `-isolated` twins). */
export function testDbKind(): 'pglite' | 'postgres' {
  const kind = process.env.DCF_TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`DCF_TEST_DB must be pglite or postgres, not ${kind}`);
  return kind;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite restored from the migrated image,
 * or a new database on the PostgreSQL server at TEST_POSTGRES_URL copied from the migrated
 * template (both built once per migration set: template-database.ts) and dropped by `dispose`.
 * The PostgreSQL suite fails loudly without TEST_POSTGRES_URL rather than skipping: `npm test`
 * starts a server.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, image: await pgliteTemplate(PROJECT_ROOT) });
    return { ...handle, dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: the int-postgres suite needs a PostgreSQL server (npm test starts one)');
  const template = await postgresTemplate(adminUrl, PROJECT_ROOT);
  return createPostgresDatabase(adminUrl, `dcf_test_${randomBytes(6).toString('hex')}`, template);
}

/**
 * A new database `name` on the PostgreSQL server at `adminUrl` (a test's, a benchmark's) — empty,
 * or a copy of `template` — opened; `dispose` closes it and drops the database.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The Redis server started for the test run; integration tests that need Redis fail without it. */
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: integration tests need a redis-server (npm test starts one)');
  return url;
}

/**
 * A Redis database of its own for one test file (`redis://…/<n>`, n in 1..255, flushed): the
 * control plane and the BullMQ queue live in it, so test files running at the same time never
 * see each other's runs or jobs. The test redis-server is started with 256 databases.
 */
export async function isolatedRedisUrl(): Promise<string> {
  const base = testRedisUrl();
  const { Redis } = await import('ioredis');
  const admin = new Redis(base, { maxRetriesPerRequest: 2 });
  try {
    const n = ((await admin.incr('dcf:test:next-db')) % 255) + 1;
    const url = `${base.replace(/\/\d*$/, '')}/${n}`;
    const db = new Redis(url, { maxRetriesPerRequest: 2 });
    await db.flushdb();
    db.disconnect();
    return url;
  } finally {
    admin.disconnect();
  }
}

/**
 * The Redis of one test file: its own database of the test redis-server (isolatedRedisUrl), or — in
 * the `int-cluster` tier (DCF_TEST_REDIS=cluster) — the Redis Cluster TEST_REDIS_CLUSTER_NODES names,
 * flushed. A cluster has database 0 only, so that tier runs its files one at a time.
 */
export async function isolatedRedis(): Promise<RedisTarget> {
  if (process.env.DCF_TEST_REDIS !== 'cluster') return { kind: 'single', url: await isolatedRedisUrl() };
  const nodes = process.env.TEST_REDIS_CLUSTER_NODES;
  if (!nodes) throw new Error('TEST_REDIS_CLUSTER_NODES is not set: the int-cluster tier needs a Redis Cluster (npm test starts one)');
  const target = parseClusterNodes(nodes);
  if ('error' in target) throw new Error(`TEST_REDIS_CLUSTER_NODES: ${target.error}`);
  const { Cluster } = await import('ioredis');
  const admin = new Cluster(target.nodes, { redisOptions: { password: target.password, maxRetriesPerRequest: 2 } });
  try {
    // The node list is known once the client has read the slot map (ready); until then it is empty.
    if (admin.status !== 'ready') await new Promise<void>((resolve, reject) => admin.once('ready', resolve).once('error', reject));
    const masters = admin.nodes('master');
    if (masters.length === 0) throw new Error('TEST_REDIS_CLUSTER_NODES: the cluster has no master');
    await Promise.all(masters.map((node) => node.flushall()));
  } finally {
    admin.disconnect();
  }
  return target;
}

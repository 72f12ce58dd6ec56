import { singleRedis } from '../config-redis.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { checkAdapters, redactUrl } from './check-adapters.ts';
import { createRedis } from '../redis/client.ts';
import { createTestDatabase, testDbKind, testRedisUrl } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';

/** A port with nothing listening (bound, then closed). */
async function deadPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe(`adapter health (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let letta: http.Server;
  let lettaStatus = 200;
  const seen: string[] = [];
  beforeAll(async () => {
    h = await createTestDatabase();
    // Letta's published health endpoint is GET /v1/health/ (letta-openapi.json); answer it like the server does.
    letta = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.writeHead(req.url === '/v1/health/' ? lettaStatus : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ version: '0.0.0-test', status: 'ok' }));
    });
    await new Promise<void>((r) => letta.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await h.dispose();
    await new Promise((r) => letta.close(r));
  });
  const pingDatabase = async () => void (await h.db.execute(sql`select 1`));

  it('reports every port reachable on the embedded defaults with a live Redis', async () => {
    const redis = createRedis(singleRedis(testRedisUrl()));
    try {
      const rows = await checkAdapters({ config: testConfig({ REDIS_URL: testRedisUrl() }), pingDatabase, redis: () => redis });
      expect(rows.map((r) => [r.port, r.reachable])).toEqual([
        ['database', true],
        ['redis', true],
        ['graph', true],
        ['agent_runtime', true],
      ]);
      expect(rows.every((r) => r.error === null)).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it('reports unreachable services as rows with the reason, not as a crash', async () => {
    const port = await deadPort();
    const url = `redis://127.0.0.1:${port}`;
    const redis = createRedis(singleRedis(url));
    try {
      const rows = await checkAdapters({
        config: testConfig({
          REDIS_URL: url,
          NEO4J_URI: `bolt://127.0.0.1:${port}`,
          NEO4J_PASSWORD: 'pw',
          LETTA_BASE_URL: `http://127.0.0.1:${port}`,
        }),
        pingDatabase: async () => {
          throw new Error('connection refused');
        },
        redis: () => redis,
      });
      const byPort = Object.fromEntries(rows.map((r) => [r.port, r]));
      for (const p of ['database', 'redis', 'graph', 'agent_runtime']) {
        expect(byPort[p]!.reachable, p).toBe(false);
        expect(byPort[p]!.error, p).toBeTruthy();
      }
      expect(byPort.graph!.adapter).toBe('Neo4j');
      expect(byPort.agent_runtime!.adapter).toBe('Letta server');
    } finally {
      redis.disconnect();
    }
  });

  it('probes Letta at GET /v1/health/ with the API key, and treats a 5xx as unreachable', async () => {
    const base = `http://127.0.0.1:${(letta.address() as AddressInfo).port}`;
    const cfg = testConfig({ LETTA_BASE_URL: base + '/', LETTA_API_KEY: 'sk-test' });
    const ok = await checkAdapters({ config: cfg, pingDatabase, redis: () => undefined });
    expect(ok.find((r) => r.port === 'agent_runtime')).toMatchObject({ reachable: true, adapter: 'Letta server' });
    expect(seen.at(-1)).toBe('GET /v1/health/ Bearer sk-test');
    lettaStatus = 503;
    const down = await checkAdapters({ config: cfg, pingDatabase, redis: () => undefined });
    expect(down.find((r) => r.port === 'agent_runtime')).toMatchObject({ reachable: false, error: 'GET /v1/health/ answered 503' });
    expect(down.find((r) => r.port === 'redis')).toMatchObject({ reachable: false, target: '(REDIS_URL unset)' });
  });

  it('never shows credentials in targets', () => {
    expect(redactUrl('postgres://user:secret@db:5432/dcf?sslmode=require')).toBe('postgres://db:5432/dcf');
    expect(redactUrl('redis://:pw@cache:6379/0')).toBe('redis://cache:6379/0');
  });
});

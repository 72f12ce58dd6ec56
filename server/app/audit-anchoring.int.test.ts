import { singleRedis } from '../config-redis.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { parseAnchorLine } from '../audit/anchor-record.ts';
import { recordAudit } from '../audit/log.ts';
import { auditChainHead } from '../audit/verify.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { startAuditAnchoring } from './audit-anchoring.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
const ACTOR = systemActor('anchoring-test');

/**
 * Periodic anchoring (issue 28) as the console runs it: a BullMQ job scheduler on a real Redis,
 * or a timer without Redis. Each period anchors the head when it has changed. The tests wait for
 * the anchor to appear (no assertion on how long that took).
 */
describe(`audit anchoring: the head is anchored every period (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Handle;
  let dir: string;
  const log = pino({ level: 'silent' });
  const append = (i: number) => recordAudit(h.db, { actor: ACTOR, action: 'test.append', args: { i }, status: 'ok', detail: { i } });
  const anchorsIn = async (file: string) =>
    (await readFile(file, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((l) => parseAnchorLine(l)!);
  /** Waits until the file's last anchor names the current head, periodically. */
  const anchoredHead = async (file: string) => {
    const head = (await auditChainHead(h.db))!;
    await vi.waitFor(
      async () => {
        const last = (await anchorsIn(file)).at(-1);
        expect(last).toMatchObject({ entryId: head.id, entryHash: head.hash, reason: 'periodic' });
      },
      { timeout: 30_000, interval: 50 },
    );
  };

  /** Counts the periods that have run, so a test can wait for some to pass with the head unchanged. */
  const periods = () => {
    const count = { n: 0 };
    return { count, onPeriod: () => void count.n++ };
  };
  const morePeriods = async (count: { n: number }, more: number) => {
    const target = count.n + more;
    await vi.waitFor(() => expect(count.n).toBeGreaterThanOrEqual(target), { timeout: 30_000, interval: 20 });
  };

  beforeAll(async () => {
    h = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-anchoring-int-'));
    for (let i = 1; i <= 3; i++) await append(i);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await h.dispose();
  });

  it('with Redis: a job scheduler anchors the head, and the new head once the log has grown', async () => {
    const file = path.join(dir, 'bullmq.jsonl');
    const { count, onPeriod } = periods();
    const redisUrl = await isolatedRedisUrl();
    const stop = startAuditAnchoring({ db: h.db, store: { file }, everyMs: 100, redis: singleRedis(redisUrl), log, onPeriod });
    try {
      await anchoredHead(file);
      await morePeriods(count, 3);
      await append(4);
      await anchoredHead(file);
      await morePeriods(count, 2);
      // Once per head: the periods in between, with the head unchanged, wrote nothing.
      expect((await anchorsIn(file)).map((a) => a.entryId)).toEqual([3, 4]);
    } finally {
      await stop();
    }
  });

  it('without Redis: a timer in the process does the same', async () => {
    const file = path.join(dir, 'timer.jsonl');
    const { count, onPeriod } = periods();
    const stop = startAuditAnchoring({ db: h.db, store: { file }, everyMs: 100, redis: undefined, log, onPeriod });
    try {
      await anchoredHead(file);
      await append(5);
      await anchoredHead(file);
      await morePeriods(count, 2);
      expect((await anchorsIn(file)).map((a) => a.entryId)).toEqual([4, 5]);
    } finally {
      await stop();
    }
  });
});

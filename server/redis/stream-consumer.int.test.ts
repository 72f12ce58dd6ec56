import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { qaResults } from '../db/schema/index.ts';
import { databaseReady } from '../db/ready.ts';
import { drainQaResults, QA_STREAM, qaResultsStream } from '../execution/qa-publish.ts';
import { qaRecordFixture } from '../qa/testing/fixtures.ts';
import { upsertQaRecords } from '../qa/store.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { consumeStream } from './stream-consumer.ts';

/**
 * "This entry is poison" against "the consumer cannot write right now": a database that is down
 * (closed here, for real) must not spend the entries' deliveries, however many passes it lasts,
 * so nothing is dead-lettered because of it; once a database can write, the entries are written.
 */
const POLICY = { claimIdleMs: 60_000, maxDeliveries: 2 };
const RUN = (n: number) => `0c0d0e0f-0000-4000-8000-${String(n).padStart(12, '0')}`;
const message = (n: number) => ({ run_id: RUN(n), records: [qaRecordFixture({ runId: RUN(n), callId: `REC-DOWN-${n}` })] });

describe(`a database that is down spends no deliveries (${testDbKind()})`, { timeout: 60_000 }, () => {
  let redis: Redis;
  let up: Awaited<ReturnType<typeof createTestDatabase>>;
  let down: Awaited<ReturnType<typeof createTestDatabase>>;
  const deliveries = async () =>
    ((await redis.xpending(QA_STREAM, qaResultsStream.group, '-', '+', 10)) as Array<[string, string, number, number]>).map(
      ([, consumer, , n]) => [consumer, Number(n)],
    );

  beforeAll(async () => {
    redis = new Redis(await isolatedRedisUrl(), { maxRetriesPerRequest: 2 });
    up = await createTestDatabase();
    down = await createTestDatabase();
  });
  afterAll(async () => {
    redis?.disconnect();
    await up?.dispose();
    // Closed by the test already (PostgreSQL: its pool cannot end twice); the throw-away cluster goes with the run.
    await down?.dispose().catch(() => undefined);
  });

  it('stops a pass whose writes fail because the database went down, and gives the deliveries back', async () => {
    await qaResultsStream.publish(redis, message(1));
    await qaResultsStream.publish(redis, message(2));
    const r = await consumeStream(redis, qaResultsStream, {
      consumer: 'consolidator',
      policy: POLICY,
      batch: 10,
      // The database goes down between the pass's start and its first write.
      handle: async (m) => {
        await down.close();
        await upsertQaRecords(down.db, m.records);
      },
      sinkReady: () => databaseReady(down.db),
    });
    expect(r.sinkDown).toBeInstanceOf(Error);
    expect(r).toMatchObject({ handled: 0, retrying: 0, deadLettered: 0 });
    expect(await deliveries()).toEqual([
      ['consolidator', 0],
      ['consolidator', 0],
    ]);
  });

  it('reads nothing while the database stays down, so no number of passes dead-letters anything', async () => {
    for (let i = 0; i < POLICY.maxDeliveries * 3; i++) {
      const r = await drainQaResults(redis, down.db, 'consolidator', POLICY);
      expect(r).toMatchObject({ handled: 0, deadLettered: 0, written: 0 });
      expect(r.sinkDown).toBeInstanceOf(Error);
    }
    expect(await deliveries()).toEqual([
      ['consolidator', 0],
      ['consolidator', 0],
    ]);
    expect(await redis.xlen(qaResultsStream.deadLetters)).toBe(0);
  });

  it('writes every entry once a database can write again', async () => {
    const r = await drainQaResults(redis, up.db, 'consolidator', POLICY);
    expect(r).toMatchObject({ handled: 2, written: 2, deadLettered: 0, sinkDown: null });
    for (const n of [1, 2])
      expect(
        await up.db
          .select()
          .from(qaResults)
          .where(eq(qaResults.runId, RUN(n))),
      ).toHaveLength(1);
    expect(await deliveries()).toEqual([]);
  });
});

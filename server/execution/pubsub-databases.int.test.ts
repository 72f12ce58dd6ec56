import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlPlane } from '../controlplane/control-plane.ts';
import type { PublishedNotification } from '../contracts/notification-schemas.ts';
import type { RunEvent } from '../contracts/run-view.ts';
import { openUserNotificationFeed, publishAlerts } from '../notifications/live.ts';
import { isolatedRedisUrl } from '../testing/test-database.ts';
import { openAllRunsEventFeed, openRunEventFeed, type RunEventFeed } from './run-event-feed.ts';
import { RunEventHub } from './run-event-hub.ts';

/**
 * Two deployments on two databases of one redis-server (issue 32): Redis pub/sub ignores database
 * numbers, so without channelOf each would receive the other's run events and alerts. Each side has
 * its own connections, control plane and hub, as two consoles of two deployments do.
 *
 * "Not received" is shown without a clock: after A's publish has returned, B publishes a marker of
 * its own. One server handles both in that order and writes to each subscriber in order, so a
 * message of A's that reached B's subscriber would have arrived before B's marker.
 */
type Side = { redis: Redis; cp: ControlPlane; hub: RunEventHub };
let a: Side;
let b: Side;
const feeds: RunEventFeed[] = [];

async function side(): Promise<Side> {
  const redis = new Redis(await isolatedRedisUrl(), { maxRetriesPerRequest: 2 });
  return { redis, cp: new ControlPlane(redis), hub: new RunEventHub(redis) };
}
beforeAll(async () => {
  [a, b] = [await side(), await side()];
});
afterAll(async () => {
  for (const f of feeds) await f.close();
  for (const s of [a, b]) {
    await s.hub.close();
    s.redis.disconnect();
  }
});

/** One committed event on a run (as a transition makes), published by the run's scripts. */
async function emit(s: Side, runId: string, label: string): Promise<void> {
  const c = s.cp.builder(runId).evenWhenFinished();
  c.event({ type: 'test', label });
  expect((await s.cp.commit(c)).ok).toBe(true);
}
/** Polls `check` every 10 ms, at most `polls` times (a count, not a clock). */
async function until(check: () => boolean, polls = 1_000): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i >= polls) throw new Error(`still waiting after ${polls} polls`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const alert = (id: string, message: string): PublishedNotification => ({
  id,
  user_id: 'user-1',
  urgency: 'HIGH',
  subject: null,
  message,
  sender: 'test',
  at: new Date().toISOString(),
});

describe('pub/sub channels per Redis database (two deployments on one redis-server)', () => {
  it('uses two different databases', () => {
    expect(a.redis.options.db).not.toBe(b.redis.options.db);
  });

  it("a run's events reach the run and all-runs feeds of its own database only", async () => {
    const got = { aRun: [] as RunEvent[], aAll: [] as RunEvent[], bRun: [] as RunEvent[], bAll: [] as RunEvent[] };
    // The same run id on both sides: only the database tells the two runs apart.
    feeds.push(
      await openRunEventFeed(a.hub, a.redis, 'run-same', null, (e) => got.aRun.push(e)),
      await openAllRunsEventFeed(a.hub, (e) => got.aAll.push(e)),
      await openRunEventFeed(b.hub, b.redis, 'run-same', null, (e) => got.bRun.push(e)),
      await openAllRunsEventFeed(b.hub, (e) => got.bAll.push(e)),
    );
    await emit(a, 'run-same', 'in-a');
    await until(() => got.aRun.length === 1 && got.aAll.length === 1);
    await emit(b, 'run-marker', 'in-b');
    await until(() => got.bAll.length > 0 && got.bAll.at(-1)!.event.label === 'in-b');

    expect(got.aRun.map((e) => e.event.label)).toEqual(['in-a']);
    expect(got.aAll.map((e) => e.event.label)).toEqual(['in-a']);
    expect(got.bAll.map((e) => [e.event.run_id, e.event.label])).toEqual([['run-marker', 'in-b']]);
    expect(got.bRun).toEqual([]);
  });

  it("an alert reaches its recipient's feed in the publishing database only", async () => {
    const got = { a: [] as PublishedNotification[], b: [] as PublishedNotification[] };
    feeds.push(
      await openUserNotificationFeed(a.hub, 'user-1', (e) => got.a.push(e)),
      await openUserNotificationFeed(b.hub, 'user-1', (e) => got.b.push(e)),
    );
    await publishAlerts(a.redis, [alert('n-a', 'from A')]);
    await until(() => got.a.length === 1);
    await publishAlerts(b.redis, [alert('n-b', 'from B')]);
    await until(() => got.b.length > 0 && got.b.at(-1)!.id === 'n-b');

    expect(got.a.map((e) => e.id)).toEqual(['n-a']);
    expect(got.b.map((e) => e.id)).toEqual(['n-b']);
  });
});

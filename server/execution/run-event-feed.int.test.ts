import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlPlane } from '../controlplane/control-plane.ts';
import { ALL_RUNS_CHANNEL, runChannel, runKeys } from '../controlplane/keys.ts';
import { channelOf } from '../redis/connection.ts';
import { isolatedRedisUrl } from '../testing/test-database.ts';
import { compareStreamIds, openAllRunsEventFeed, openRunEventFeed } from './run-event-feed.ts';
import { RunEventHub } from './run-event-hub.ts';
import { sseResponse } from './run-event-sse.ts';
import type { RunEvent } from '../contracts/run-view.ts';

let redis: Redis;
let cp: ControlPlane;
let hub: RunEventHub;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  redis = new Redis(await isolatedRedisUrl());
  cp = new ControlPlane(redis);
  hub = new RunEventHub(redis);
});
afterAll(async () => {
  await hub.close();
  redis.disconnect();
});

/** Appends `n` events to a run's stream, one commit each (as transitions do), publishing each. */
async function emit(runId: string, n: number, label = 'e'): Promise<void> {
  for (let i = 0; i < n; i++) {
    const c = cp.builder(runId).evenWhenFinished();
    c.event({ type: 'test', label: `${label}${i}` });
    expect((await cp.commit(c)).ok).toBe(true);
  }
}
const streamIds = async (runId: string, after = '-') =>
  (await redis.xrange(runKeys(runId).events, after === '-' ? '-' : `(${after}`, '+')).map(([id]) => id);
/** Polls `check` every 10 ms, at most `polls` times (a count, not a clock: a slow machine only polls more slowly). */
async function until(check: () => boolean | Promise<boolean>, polls = 1_000): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i >= polls) throw new Error(`still waiting after ${polls} polls`);
    await sleep(10);
  }
}
/** Subscribers of a channel named as keys.ts names it, in this file's database (channelOf). */
const subscribers = async (name: string) => ((await redis.pubsub('NUMSUB', channelOf(redis, name))) as [string, number])[1];

describe('run event feed on real Redis', () => {
  it('orders stream ids numerically', () => {
    expect(compareStreamIds('1700000000000-2', '1700000000000-10')).toBeLessThan(0);
    expect(compareStreamIds('1700000000001-0', '1700000000000-99')).toBeGreaterThan(0);
    expect(compareStreamIds('0', '1-0')).toBeLessThan(0);
    expect(compareStreamIds('5-5', '5-5')).toBe(0);
  });

  it('sends the backlog after Last-Event-ID, then live events, none twice and none missing, while events keep coming', async () => {
    await emit('run-feed', 30, 'before');
    const start = (await streamIds('run-feed'))[9]!;
    const got: RunEvent[] = [];
    const producing = emit('run-feed', 300, 'during');
    await sleep(5);
    const feed = await openRunEventFeed(hub, redis, 'run-feed', start, (e) => got.push(e));
    await producing;
    await emit('run-feed', 20, 'after');
    await emit('run-feed', 1, 'last');
    const expected = await streamIds('run-feed', start);
    // Events arrive in stream order, so once the last one is here any repeat of an earlier one would have come before it.
    await until(() => got.some((e) => e.id === expected.at(-1)));
    expect(got.map((e) => e.id)).toEqual(expected);
    expect(got[0]!.event).toMatchObject({ type: 'test', label: 'before10', run_id: 'run-feed' });
    await feed.close();
  });

  it('one subscriber connection per process, fanned out to every feed; the last feed to close unsubscribes', async () => {
    const a: RunEvent[][] = [[], [], []];
    const b: RunEvent[] = [];
    const feeds = await Promise.all([
      ...a.map((got) => openRunEventFeed(hub, redis, 'run-a', null, (e) => got.push(e))),
      openRunEventFeed(hub, redis, 'run-b', null, (e) => b.push(e)),
    ]);
    expect(await subscribers(runChannel('run-a'))).toBe(1);
    expect(hub.listenerCount(runChannel('run-a'))).toBe(3);
    await emit('run-a', 3);
    await emit('run-b', 1);
    await until(() => a.every((got) => got.length === 3) && b.length === 1);
    expect(a[0]!.map((e) => e.id)).toEqual(a[2]!.map((e) => e.id));
    for (const f of feeds) await f.close();
    expect(hub.listenerCount(runChannel('run-a'))).toBe(0);
    await until(async () => (await subscribers(runChannel('run-a'))) === 0 && (await subscribers(runChannel('run-b'))) === 0);
  });

  it('after the subscriber connection drops, reads what was published meanwhile from the stream', async () => {
    const got: RunEvent[] = [];
    const feed = await openRunEventFeed(hub, redis, 'run-drop', null, (e) => got.push(e));
    await emit('run-drop', 5, 'first');
    await until(() => got.length === 5);
    const db = (redis.options.db ?? 0).toString();
    const list = (await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
    const ours = list
      .split('\n')
      .filter((l) => l.includes(` db=${db} `))
      .map((l) => /id=(\d+)/.exec(l)![1]!);
    expect(ours.length).toBeGreaterThan(0);
    for (const id of ours) await redis.client('KILL', 'ID', id);
    await emit('run-drop', 25, 'lost'); // published while nobody of ours listens
    await until(() => got.length >= 30);
    await emit('run-drop', 5, 'again');
    const expected = await streamIds('run-drop');
    await until(() => got.some((e) => e.id === expected.at(-1))); // the last one: nothing can come after it (see above)
    expect(got.map((e) => e.id)).toEqual(expected);
    await feed.close();
  });

  it('streams as Server-Sent Events with ids and heartbeats, and stops when the client goes', async () => {
    await emit('run-sse', 2, 'old');
    const client = new AbortController();
    const res = sseResponse((send) => openRunEventFeed(hub, redis, 'run-sse', null, send), {
      signal: client.signal,
      withIds: true,
      heartbeatMs: 40,
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += decoder.decode(value);
      }
    };
    await readUntil(/: heartbeat\n\n/);
    await emit('run-sse', 1, 'new');
    await readUntil(/"label":"new0"/);
    const ids = await streamIds('run-sse');
    const messages = text.split('\n\n').filter((m) => m.startsWith('id: '));
    expect(messages.map((m) => m.split('\n')[0])).toEqual(ids.map((id) => `id: ${id}`));
    expect(JSON.parse(messages[2]!.split('\n')[1]!.slice('data: '.length))).toMatchObject({
      id: ids[2],
      event: { type: 'test', label: 'new0' },
    });
    expect(text.startsWith(': connected\n\n')).toBe(true);
    client.abort();
    for (let r = await reader.read(); !r.done; r = await reader.read());
    expect(hub.listenerCount(runChannel('run-sse'))).toBe(0);
  });

  it("the all-runs feed carries every run's events, live", async () => {
    const got: RunEvent[] = [];
    const feed = await openAllRunsEventFeed(hub, (e) => got.push(e));
    await emit('run-x', 1, 'x');
    await emit('run-y', 1, 'y');
    await until(() => got.length === 2);
    expect(got.map((e) => [e.event.run_id, e.event.label])).toEqual([
      ['run-x', 'x0'],
      ['run-y', 'y0'],
    ]);
    await feed.close();
    expect(hub.listenerCount(ALL_RUNS_CHANNEL)).toBe(0);
  });
});

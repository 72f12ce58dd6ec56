import type { RedisClient } from '../../redis/connection.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedis } from '../../redis/client.ts';
import { singleRedis } from '../../config-redis.ts';
import { connected } from '../../redis/lease.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../../testing/test-database.ts';
import { currentTurn, type Brain } from '../brains/brain.ts';
import type { BrainSelection } from '../brains/select.ts';
import { InboxStore } from './inbox-store.ts';
import type { LocalAgentPlatform } from './local-platform.ts';
import { eventually, testPlatform } from './testing/platform-harness.ts';
import { agentTurnKey, redisAgentTurnLease, type RedisAgentTurnLeaseOptions } from './turn-lease.ts';

/**
 * Issue 32: an agent's turns — chat turns (streamMessage) and inbox turns — one at a time across
 * processes. Each "process" is its own LocalAgentPlatform (own turn queue, inbox delivery) with its
 * own Redis connection for the turn lease, on one database and one Redis.
 */

/** Every turn's start and end, in the order they happened, across both platforms. */
type Mark = { at: 'start' | 'end'; text: string };

/**
 * Logs a turn's start, gives another turn the chance to start (the first to start after it, or a
 * short pause), then logs its end and answers. Without the lease the two platforms' turns overlap.
 */
function recordingBrain(log: Mark[], onStart: Array<() => void>): BrainSelection {
  const brain: Brain = {
    name: 'test:recording',
    async decide(input) {
      const text = (currentTurn(input.history).inbound?.content ?? '').replace(/^\[Incoming message[^\]]*\] /, '');
      log.push({ at: 'start', text });
      for (const wake of onStart.splice(0)) wake();
      await Promise.race([new Promise<void>((resolve) => onStart.push(resolve)), sleep(50)]);
      log.push({ at: 'end', text });
      return { kind: 'message', content: `seen: ${text}` };
    },
  };
  return { forRole: () => brain, describe: () => ({ brain: brain.name }) };
}

describe(`an agent's turns across processes (${testDbKind()})`, { timeout: 60_000 }, () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;
  const platforms: LocalAgentPlatform[] = [];
  const connections: RedisClient[] = [];
  const log: Mark[] = [];
  const onStart: Array<() => void> = [];

  const connect = () => {
    const r = createRedis(singleRedis(url));
    connections.push(r);
    return r;
  };
  /** One process's platform: its own runtime and its own Redis connection for the lease. */
  const start = (lease: RedisAgentTurnLeaseOptions = {}) => {
    // A live holder's lease outlasts any pause of a loaded test machine; only the dead holder's is short.
    const turnLease = redisAgentTurnLease(connect(), { ttlMs: 10_000, pollMs: 10, ...lease });
    const p = testPlatform(handle.db, recordingBrain(log, onStart), { audit: null, inboxSweepMs: 50, turnLease });
    platforms.push(p);
    return p;
  };

  beforeEach(async () => {
    handle = await createTestDatabase();
    url = await isolatedRedisUrl();
    log.length = 0;
  });
  afterEach(async () => {
    for (const p of platforms.splice(0)) await p.close();
    for (const r of connections.splice(0)) r.disconnect();
    await handle.dispose();
  });

  it('chat turns and inbox turns of one agent from two platforms never overlap', async () => {
    const a = start();
    const b = start();
    const agent = await a.createAgent({ template: 'companion' });
    const chats = ['a1', 'b1', 'a2', 'b2', 'a3', 'b3'].map((text) =>
      (text.startsWith('a') ? a : b).sendMessage(agent.id, { role: 'user', content: text }),
    );
    await b.queueMessage(agent.id, { role: 'user', content: 'inbox-1' });
    await a.queueMessage(agent.id, { role: 'user', content: 'inbox-2' });
    await Promise.all(chats);
    const inbox = new InboxStore(handle.db);
    await eventually(async () => (await inbox.pending([agent.id])).length === 0);

    expect(
      log
        .filter((m) => m.at === 'start')
        .map((m) => m.text)
        .sort(),
    ).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'inbox-1', 'inbox-2']);
    // No overlap: each start is followed by the end of the same turn before the next start.
    for (let i = 0; i < log.length; i += 2)
      expect([log[i], log[i + 1]]).toEqual([
        { at: 'start', text: log[i]!.text },
        { at: 'end', text: log[i]!.text },
      ]);
    // And the agent's history never interleaves two turns: each inbound message is answered before the next one.
    const history = (await a.listMessages(agent.id, { limit: 200 })).map((m) => m.event);
    const order = history.flatMap((e) =>
      e.message_type === 'user_message' ? ['in'] : e.message_type === 'assistant_message' ? ['out'] : [],
    );
    expect(order.join(' ')).toBe(Array(8).fill('in out').join(' '));
  });

  it('the lease of a holder that died (never renewed) expires, and the next turn proceeds', async () => {
    const a = start();
    const agent = await a.createAgent({ template: 'companion' });
    const dying = connect();
    await redisAgentTurnLease(dying, { ttlMs: 300 }).acquire(agent.id);
    const probe = connect();
    await connected(probe);
    const deadEntry = (await probe.hkeys(agentTurnKey(agent.id))).find((f) => f.startsWith('w:'))!;
    dying.disconnect(); // the holder is killed: no renewal, no release
    const deadEntryAtStart: number[] = [];
    onStart.push(() => void probe.hexists(agentTurnKey(agent.id), deadEntry).then((n) => deadEntryAtStart.push(n)));
    const events = await a.sendMessage(agent.id, { role: 'user', content: 'after the holder died' });
    expect(events.find((e) => e.message_type === 'assistant_message')).toMatchObject({ content: 'seen: after the holder died' });
    await eventually(async () => deadEntryAtStart.length === 1);
    expect(deadEntryAtStart).toEqual([0]); // the turn began only once the dead holder's lease had expired
  });

  it('a turn that waits longer than the bound fails with a clear error while a live holder keeps the lease', async () => {
    const a = start({ waitMs: 200 });
    const agent = await a.createAgent({ template: 'companion' });
    const holder = await redisAgentTurnLease(connect(), { ttlMs: 10_000 }).acquire(agent.id);
    await expect(a.sendMessage(agent.id, { role: 'user', content: 'too soon' })).rejects.toMatchObject({
      name: 'AgentPlatformError',
      code: 'conflict',
      message: `agent ${agent.id} is still busy with earlier turns (in another process) after 200 ms; try again later`,
    });
    expect(holder.lost.aborted).toBe(false);
    await holder.release();
    expect(log).toEqual([]);
  });
});

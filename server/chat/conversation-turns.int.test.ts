import type { RedisClient } from '../redis/connection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { currentTurn, type Brain } from '../agents/brains/brain.ts';
import type { BrainSelection } from '../agents/brains/select.ts';
import type { LocalAgentPlatform } from '../agents/local/local-platform.ts';
import { eventually, testPlatform } from '../agents/local/testing/platform-harness.ts';
import { createRedis } from '../redis/client.ts';
import { singleRedis } from '../config-redis.ts';
import { connected } from '../redis/lease.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { conversationTurnKey, redisConversationTurns } from './conversation-turns.ts';
import { createConversation } from './conversations.ts';

/**
 * Issue 32: a conversation's turn is refused (409) on one console while another console runs one,
 * and a dead console's hold on a conversation expires. Two consoles here are two copies of the
 * chat-turn module (each with the module state a console process has), two agent platforms and two
 * Redis connections, on one database and one Redis.
 */
const LIVE_TTL_MS = 10_000;
type StreamTurnModule = typeof import('./stream-turn.ts');
// A query string makes the module loader evaluate a second, separate copy of the module, as a second process would.
const consoleCopy = (name: string) => import(/* @vite-ignore */ `./stream-turn.ts?console=${name}`) as Promise<StreamTurnModule>;

/** Answers "seen: <text>"; a message saying "hold" waits until the test lets it go. */
function holdingBrain(hold: { started?: () => void; release?: () => void }): BrainSelection {
  const brain: Brain = {
    name: 'test:holding',
    async decide(input) {
      const text = currentTurn(input.history).inbound?.content ?? '';
      if (text.includes('hold')) {
        hold.started?.();
        await new Promise<void>((resolve) => (hold.release = resolve));
      }
      return { kind: 'message', content: `seen: ${text}` };
    },
  };
  return { forRole: () => brain, describe: () => ({ brain: brain.name }) };
}

describe(`chat turns across consoles (${testDbKind()})`, { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;
  const connections: RedisClient[] = [];
  const platforms: LocalAgentPlatform[] = [];
  let user: PublicUser;
  const hold: { started?: () => void; release?: () => void } = {};

  const connect = () => {
    const r = createRedis(singleRedis(url));
    connections.push(r);
    return r;
  };
  /** One console: its own copy of the chat-turn module, agent platform and Redis connection. */
  const startConsole = async (name: string) => {
    const { streamTurn } = await consoleCopy(name);
    const platform = testPlatform(db.db, holdingBrain(hold), { audit: null });
    platforms.push(platform);
    // A live console's lease outlasts any pause of a loaded test machine; only the dead console's is short.
    const turns = redisConversationTurns(connect(), LIVE_TTL_MS);
    return {
      platform,
      turn: (conversationId: string, content: string) =>
        streamTurn({
          db: db.db,
          platform,
          clock: undefined,
          userId: user.id,
          conversationId,
          body: { content },
          signal: new AbortController().signal,
          turns,
        }),
    };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    url = await isolatedRedisUrl();
    const u = await createUser(db.db, {
      email: 'lb@chat.test',
      displayName: 'LB',
      role: 'compliance_manager',
      password: 'chat password 9',
    });
    if (!u.ok) throw new Error('setup');
    user = u.user;
  });
  afterAll(async () => {
    hold.release?.();
    for (const p of platforms) await p.close();
    for (const r of connections) r.disconnect();
    await db.dispose();
  });

  it('a message on console A while console B runs a turn of the same conversation is refused with 409; after it ends A is answered', async () => {
    const a = await startConsole('a');
    const b = await startConsole('b');
    const c = await createConversation(db.db, b.platform, user, 'planner', undefined);
    const started = new Promise<void>((resolve) => (hold.started = resolve));
    const running = await b.turn(c.id, 'hold this one');
    expect(running.status).toBe(200);
    await started;
    const refused = await a.turn(c.id, 'meanwhile');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'conflict', message: 'the agent is still answering the previous message' });
    hold.release!();
    expect(await running.text()).toContain('event: done');
    const next = await a.turn(c.id, 'now');
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('seen: now');
  });

  it('the hold of a console that died (never renewed) expires, and the next message is answered', async () => {
    const a = await startConsole('c');
    const c = await createConversation(db.db, a.platform, user, 'planner', undefined);
    const dying = connect();
    const dead = await redisConversationTurns(dying, 300).begin(c.id);
    expect(dead).not.toBeNull();
    dying.disconnect(); // the console is killed: no renewal, no release
    const refused = await a.turn(c.id, 'while the dead console holds it');
    expect(refused.status).toBe(409);
    const answered = await eventually(async () => {
      const res = await a.turn(c.id, 'after it expired');
      return res.status === 200 ? res : null;
    });
    expect(await answered.text()).toContain('seen: after it expired');
    const probe = connect();
    await connected(probe);
    expect(await probe.exists(conversationTurnKey(c.id))).toBe(0); // the answered turn gave its lease back
  });
});

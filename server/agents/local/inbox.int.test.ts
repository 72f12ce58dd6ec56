import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { currentTurn, type Brain } from '../brains/brain.ts';
import type { BrainSelection } from '../brains/select.ts';
import type { MessageGate } from '../../contracts/agent-platform.ts';
import { InboxStore } from './inbox-store.ts';
import type { LocalAgentPlatform } from './local-platform.ts';
import { eventually, testPlatform } from './testing/platform-harness.ts';

/**
 * The local runtime's durable delivery (agent_inbox): async messages wait for the receiver's
 * running turn and keep their order; messages a stopped console left behind — queued, or claimed
 * by a process that died — are delivered by the next one; a gate refuses at send and at delivery.
 */

/** Answers every message with "seen: <text>", holding the turn until `release` when the text says "hold". */
function echoBrain(hold: { release?: () => void; started?: () => void }): Brain {
  return {
    name: 'test:echo',
    async decide(input) {
      const text = currentTurn(input.history).inbound?.content ?? '';
      if (text.includes('hold')) {
        hold.started?.();
        await new Promise<void>((resolve) => (hold.release = resolve));
      }
      return { kind: 'message', content: `seen: ${text.replace(/^\[Incoming message[^\]]*\] /, '')}` };
    },
  };
}
const selection = (brain: Brain): BrainSelection => ({ forRole: () => brain, describe: () => ({ brain: brain.name }) });

describe('durable agent-to-agent messages on the local runtime', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  const platforms: LocalAgentPlatform[] = [];
  const start = (brain: Brain, opts: Parameters<typeof testPlatform>[2] = {}) => {
    const p = testPlatform(handle.db, selection(brain), { audit: null, inboxSweepMs: 100, ...opts });
    platforms.push(p);
    return p;
  };
  const seen = async (p: LocalAgentPlatform, agentId: string) =>
    (await p.listMessages(agentId, { limit: 100 })).flatMap((m) => (m.event.message_type === 'assistant_message' ? [m.event.content] : []));

  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(async () => {
    for (const p of platforms.splice(0)) await p.close();
    await handle.dispose();
  });

  it('queues a message for an agent whose turn is running and delivers it after that turn, in order', async () => {
    const hold: { release?: () => void; started?: () => void } = {};
    const p = start(echoBrain(hold));
    const a = await p.createAgent({ template: 'companion' });
    const b = await p.createAgent({ template: 'companion' });
    const running = new Promise<void>((resolve) => (hold.started = resolve));
    const userTurn = p.sendMessage(b.id, { role: 'user', content: 'hold this turn' });
    await running;
    await p.sendMessageToAgentAsync(a.id, b.id, 'first');
    await p.sendMessageToAgentAsync(a.id, b.id, 'second');
    const pending = await new InboxStore(handle.db).pending([b.id]);
    expect(pending.map((m) => m.content)).toEqual(['first', 'second']);
    expect(await seen(p, b.id)).toEqual([]);
    hold.release!();
    await userTurn;
    await eventually(async () => (await seen(p, b.id)).length === 3);
    expect(await seen(p, b.id)).toEqual(['seen: hold this turn', 'seen: first', 'seen: second']);
    expect(await new InboxStore(handle.db).pending([b.id])).toEqual([]);
  });

  it('delivers what a stopped console left behind: queued messages, and a claim whose process died', async () => {
    const hold = {};
    const first = start(echoBrain(hold), { sweepInbox: false });
    const b = await first.createAgent({ template: 'companion' });
    const inbox = new InboxStore(handle.db);
    // As a console that stopped would leave them: one queued, one claimed by a process that is gone.
    await inbox.enqueue(b.id, { role: 'user', content: 'left queued' });
    await inbox.enqueue(b.id, { role: 'user', content: 'claimed then crashed' });
    const claimed = await inbox.claimNext(b.id, 'dead-process', 1);
    expect(claimed?.content).toBe('left queued');
    await new Promise((r) => setTimeout(r, 20)); // the dead process's claim expires
    start(echoBrain(hold)); // the restarted console sweeps the inbox
    await eventually(async () => (await seen(first, b.id)).length === 2);
    expect(await seen(first, b.id)).toEqual(['seen: left queued', 'seen: claimed then crashed']);
  });

  it('refuses at send what the gate refuses (the sender is told why), and rejects at delivery with the reason kept', async () => {
    const refusals: string[] = [];
    const gate: MessageGate = {
      onSend: async (m) => (m.text.includes('bad') ? 'refused: bad at send' : null),
      onReceive: async (m) => (m.text.includes('late') ? 'refused: late at delivery' : null),
    };
    const p = start(echoBrain({}), { gate, log: { warn: (o: { refusal: string }) => refusals.push(o.refusal) } as never });
    const a = await p.createAgent({ template: 'companion' });
    const b = await p.createAgent({ template: 'companion' });
    await expect(p.sendMessageToAgentAsync(a.id, b.id, 'a bad message')).rejects.toThrow('refused: bad at send');
    await p.sendMessageToAgentAsync(a.id, b.id, 'too late');
    await p.sendMessageToAgentAsync(a.id, b.id, 'fine');
    await eventually(async () => (await seen(p, b.id)).includes('seen: fine'));
    expect(await seen(p, b.id)).toEqual(['seen: fine']);
    expect(refusals).toEqual(['refused: bad at send', 'refused: late at delivery']);
    // In sending order: without ORDER BY, PostgreSQL returns updated rows in no set order (seen: flaky under load).
    const rows = await handle.db.query.agentInbox.findMany({ orderBy: (t, { asc }) => [asc(t.seq)] });
    expect(rows.map((r) => [r.content, r.status, r.error])).toEqual([
      ['too late', 'rejected', 'refused: late at delivery'],
      ['fine', 'delivered', null],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { syncSessionFromHistory } from './letta-sync.ts';
import { HISTORY, SESSION } from './testing/letta-sync-letta.ts';
import { FIRST_SYNC, lettaSyncHarness } from './testing/letta-sync-harness.ts';

/**
 * syncSessionFromHistory against the Letta adapter on the replay server (letta-sync-harness.ts,
 * letta-sync-letta.ts): how far back it reads — paging to the session's start, then only to the
 * newest synced message — and the sessions it leaves alone.
 */
describe('syncSessionFromHistory (Letta)', () => {
  const harness = lettaSyncHarness();
  const { lettaSession, events, historyReads, expectLettaConformance } = harness;

  it('pages back through a long history until the session’s start, and next time stops at the newest synced message', async () => {
    // 150 turns of conversation after the delegations: the protocol messages span two pages.
    const chatter = Array.from({ length: 150 }, (_, i) => ({
      id: `message-${(0x7f000000 + i).toString(16)}-5d6e-4f70-8a1b-2c3d4e5f6a7b`,
      date: new Date(Date.parse('2026-03-30T10:01:30Z') + i * 100).toISOString(),
      message_type: 'assistant_message',
      content: [{ type: 'text', text: `Still working on it (${i + 1}).` }],
    }));
    harness.letta.reset([...HISTORY, ...chatter].sort((a, b) => (a.date < b.date ? 1 : -1)));
    const session = await lettaSession();
    const report = await syncSessionFromHistory(harness.hub, session);
    expect(report.messages).toEqual(FIRST_SYNC);
    expect(report.read).toBe(HISTORY.length + chatter.length);
    const pages = historyReads().map((r) => [r.url.searchParams.get('limit'), r.url.searchParams.get('before')]);
    expect(pages).toEqual([
      ['100', null],
      ['100', harness.letta.history[99]!.id],
    ]);
    harness.server.requests.splice(0);
    expect((await syncSessionFromHistory(harness.hub, session)).messages).toEqual([]);
    expect(historyReads()).toHaveLength(1);
    expectLettaConformance();
  });

  it('does nothing for a session on the local runtime (its gate records messages at delivery) or a finalized one', async () => {
    const session = await lettaSession();
    const skipped = (why: string) => ({ session_id: SESSION, skipped: why, read: 0, messages: [] });
    expect(await syncSessionFromHistory(harness.hub, { ...session, platform: 'local' })).toEqual(
      skipped('the session runs on local, whose message gate records messages at delivery'),
    );
    expect(await syncSessionFromHistory(harness.hub, { ...session, status: 'finalized' })).toEqual(skipped('the session was finalized'));
    // Finalized since the caller read it.
    await harness.hub.store.updateSession(SESSION, { status: 'finalized', finalizedAt: new Date() });
    expect(await syncSessionFromHistory(harness.hub, session)).toEqual(skipped('the session was finalized'));
    expect(harness.server.requests).toEqual([]);
    expect(await events()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { syncSessionFromHistory } from './letta-sync.ts';
import { HISTORY, SESSION, CONDUCTOR, C1, C2, STRATEGIST, BLOCK, msg, type Json } from './testing/letta-sync-letta.ts';
import { FIRST_SYNC, lettaSyncHarness } from './testing/letta-sync-harness.ts';

/**
 * syncSessionFromHistory against the Letta adapter on the replay server (letta-sync-harness.ts,
 * letta-sync-letta.ts): what Companions and the Strategist sent the Conductor through Letta
 * is applied as the gate applies it at delivery — once, however often or concurrently it syncs.
 */
describe('syncSessionFromHistory (Letta)', () => {
  const harness = lettaSyncHarness();
  const { published, learned, warnings, lettaSession, events, tasks, expectLettaConformance } = harness;

  it('applies what Companions and the Strategist sent the Conductor through Letta, as the gate does at delivery', async () => {
    const session = await lettaSession();
    const report = await syncSessionFromHistory(harness.hub, session);
    // Not: the previous session's result (before this one began), the delegate_task call (our tool
    // recorded it), a user's message copying an agent's preamble, a broadcast naming no sender.
    expect(report).toEqual({ session_id: SESSION, skipped: null, read: HISTORY.length, messages: FIRST_SYNC });

    const [t1, t2] = await tasks();
    expect(t1).toMatchObject({
      taskId: 't-1',
      companionId: C1,
      status: 'succeeded',
      progressPct: 50,
      statusMessage: 'Transcribed 3 of 6 calls',
      error: null,
    });
    expect(t1!.output).toEqual({ summary: 'Transcribed all 6 calls of Alex Wong, 1–7 July 2024.', data: { transcripts: 6 } });
    expect(t1!.metrics).toEqual({ duration_s: 154, tool_calls: 9, skills_used: ['skill://whisper-transcribe@1.0.0'] });
    // t-2: the Conductor delegated it itself with send_message_to_agent_async.
    expect(t2).toMatchObject({ taskId: 't-2', companionId: C2, status: 'failed', progressPct: 40, statusMessage: 'Scored 2 of 5 calls' });
    expect(t2).toMatchObject({ error: 'scoring@1.1.0 timed out on call 5', skillsRequired: ['skill://scoring@1.1.0'] });

    expect((await events()).map((e) => [e.kind, e.actor, e.taskId, e.payload.synced_message_id])).toEqual([
      ['task_delegated', CONDUCTOR, 't-2', msg(5)],
      ['task_progress', C1, 't-1', msg(8)],
      ['task_result', C1, 't-1', msg(9)],
      ['task_progress', C2, 't-2', msg(11)],
      ['message_rejected', C2, null, msg(12)],
      ['strategic_advice', STRATEGIST, null, msg(15)],
      ['task_result', C2, 't-2', msg(16)],
    ]);
    expect(published.map((e) => e.kind)).toEqual([
      'task_delegated',
      'task_progress',
      'task_result',
      'task_progress',
      'message_rejected',
      'strategic_advice',
      'task_result',
    ]);
    expect(warnings.map((w) => JSON.parse(w) as Json)).toEqual([
      expect.objectContaining({ msg: 'protocol message rejected', from: C2, to: CONDUCTOR, where: 'delivery' }),
    ]);

    // On Letta: the Companions' status tags, the shared blocks, the Strategist told of each result.
    expect(harness.letta.agents.get(C1)!.tags).toContain('status:idle');
    expect(harness.letta.agents.get(C2)!.tags).toContain('status:error');
    const context = JSON.parse(harness.letta.blocks.get(BLOCK.session_context)!.value) as Json;
    expect(context.active_tasks).toEqual({});
    expect(context.completed_tasks.map((t: Json) => [t.task_id, t.companion_id, t.status])).toEqual([
      ['t-1', C1, 'succeeded'],
      ['t-2', C2, 'failed'],
    ]);
    expect(context.companions[C1]).toMatchObject({ status: 'idle', current_task_id: null });
    expect(context.companions[C2]).toMatchObject({ status: 'error', specialization: 'scoring', current_task_id: null });
    const log = harness.letta.blocks
      .get(BLOCK.delegation_log)!
      .value.split('\n')
      .map((l) => l.slice(21));
    expect(log.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'delegated t-2',
      'progress t-1',
      'result t-1',
      'progress t-2',
      'advice skill_preference',
      'result t-2',
    ]);
    expect(JSON.parse(harness.letta.blocks.get(BLOCK.companion_registry)!.value)).toMatchObject({
      session_id: SESSION,
      companions: expect.arrayContaining([expect.objectContaining({ id: C2, status: 'error' })]),
    });
    expect(
      harness.letta.queued.map((q) => [
        q.agent_id,
        JSON.parse(q.body.messages[0].content).task_id,
        JSON.parse(q.body.messages[0].content).status,
      ]),
    ).toEqual([
      [STRATEGIST, 't-1', 'succeeded'],
      [STRATEGIST, 't-2', 'failed'],
    ]);
    expect(learned.map((o) => [o.task_id, o.status, o.failed_skill])).toEqual([
      ['t-1', 'succeeded', null],
      ['t-2', 'failed', 'skill://scoring@1.1.0'],
    ]);
    expectLettaConformance();
  });

  it('is idempotent: synced messages are not applied again, new ones are, and a repeated result is a no-op', async () => {
    const session = await lettaSession();
    await syncSessionFromHistory(harness.hub, session);
    const recordedOnce = await events();
    harness.server.requests.splice(0);

    const again = await syncSessionFromHistory(harness.hub, session);
    expect(again).toEqual({ session_id: SESSION, skipped: null, read: HISTORY.length, messages: [] });
    expect(await events()).toEqual(recordedOnce);
    // It stopped at the newest synced message: one page read, nothing written.
    expect(harness.server.requests.map((r) => r.method)).toEqual(['GET']);

    // Letta delivers more: new advice, and t-1's result once more.
    const advice = {
      type: 'strategic_advice',
      advice_type: 'warning',
      recommendation: 'Scoring timed out twice today; split scoring tasks of more than four calls.',
      evidence: { timeouts: 2 },
      confidence: 0.6,
      strategist_id: STRATEGIST,
      advised_at: '2026-03-30T10:06:00Z',
    };
    const preamble =
      `[Incoming message from agent with ID '${STRATEGIST}' - to reply to this message, ` +
      "make sure to use the 'send_message_to_agent_async' tool, or the agent will not receive your message]";
    const repeat = HISTORY.find((m) => m.id === msg(9))!;
    harness.letta.history.unshift(
      { id: msg(18), date: '2026-03-30T10:06:30Z', message_type: 'system_message', content: repeat.content },
      { id: msg(17), date: '2026-03-30T10:06:00Z', message_type: 'system_message', content: `${preamble} ${JSON.stringify(advice)}` },
    );
    harness.letta.history.sort((a, b) => (a.date < b.date ? 1 : -1));
    const third = await syncSessionFromHistory(harness.hub, session);
    expect(third.messages).toEqual([
      { message_id: msg(17), type: 'strategic_advice', from: STRATEGIST, to: CONDUCTOR, refusal: null },
      { message_id: msg(18), type: 'task_result', from: C1, to: CONDUCTOR, refusal: null },
    ]);
    const now = await events();
    expect(now.slice(recordedOnce.length).map((e) => [e.kind, e.payload.synced_message_id])).toEqual([['strategic_advice', msg(17)]]);
    expect((await tasks())[0]).toMatchObject({ taskId: 't-1', status: 'succeeded' });
    expect(harness.letta.queued).toHaveLength(2);

    // The repeated result recorded nothing, so it is looked at again — and is a no-op again.
    const fourth = await syncSessionFromHistory(harness.hub, session);
    expect(fourth.messages.map((m) => m.message_id)).toEqual([msg(18)]);
    expect(await events()).toEqual(now);
    expectLettaConformance();
  });

  it('syncs run one at a time per session: two at once record every message once', async () => {
    const session = await lettaSession();
    const [a, b] = await Promise.all([syncSessionFromHistory(harness.hub, session), syncSessionFromHistory(harness.hub, session)]);
    expect([a.messages.length, b.messages.length]).toEqual([FIRST_SYNC.length, 0]);
    expect(await events()).toHaveLength(FIRST_SYNC.length);
  });
});

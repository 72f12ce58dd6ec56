import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PublicUser } from '../auth/users.ts';
import { auditLog } from '../db/schema/index.ts';
import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import { sessionFixture, type SessionFixture } from '../delegation/testing/session-fixture.ts';
import { testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

/**
 * The `companions` router on delegated mode's production wiring (local platform, message gate,
 * DCF+ tools): who sees which session, what a session's view holds after real delegations,
 * progress, results and advice, and the two actions, audited, through the tool layer.
 */
describe(`companions router (${testDbKind()})`, { timeout: 60_000 }, () => {
  let f: SessionFixture;
  let alice: { conversationId: string; session: DelegationSessionRow };
  let bob: { conversationId: string; session: DelegationSessionRow };
  let worker: string;
  let spare: string;
  const as = (u: PublicUser) => callerFor(f.db, u, { services: f.services }).caller;
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    );

  beforeAll(async () => {
    f = await sessionFixture();
    const a = await f.conductorSession(f.users.alice);
    const b = await f.conductorSession(f.users.bob);
    alice = { conversationId: a.conversation.id, session: a.session };
    bob = { conversationId: b.conversation.id, session: b.session };
    worker = await f.companion(alice.session, { specialization: 'call-review', skills: ['skill://builtin.echo@1.0.0'] });
    spare = await f.companion(alice.session, { specialization: 'research' });
    await f.delegate(alice.session, worker, 'review-1', { description: 'Review Alex Wong’s calls of 1–7 July' });
    await f.progress(alice.session, worker, 'review-1', 40, 'Transcribed 2 of 4 calls');
    await f.result(alice.session, worker, 'review-1', {
      status: 'succeeded',
      summary: 'Four calls reviewed. Two missed the FCA disclosure.',
      duration_s: 42,
    });
    await f.delegate(alice.session, worker, 'review-2');
    await f.result(alice.session, worker, 'review-2', {
      status: 'failed',
      summary: 'Transcription failed.',
      error: 'TimeoutError: whisper did not answer in 120 s',
      failed_skill: 'skill://builtin.echo@1.0.0',
    });
    await f.advice(alice.session, 'Prefer AssemblyAI for transcription: Whisper timed out in 3 of 5 tasks.');
    await f.delegate(alice.session, spare, 'research-1');
  });
  afterAll(() => f?.close());

  it('admins see every session; compliance managers only their own; others are refused or told it does not exist', async () => {
    const mine = await as(f.users.alice).companions.sessions();
    expect(mine.map((s) => s.id)).toEqual([alice.session.id]);
    expect(mine[0]).toMatchObject({
      status: 'active',
      owner: { name: 'Alice Adams' },
      conversation: { id: alice.conversationId, yours: true },
      companions_now: 2,
      tasks: { open: 1, succeeded: 1, failed: 1, cancelled: 0 },
    });
    expect((await as(f.users.admin).companions.sessions()).map((s) => s.id).sort()).toEqual([alice.session.id, bob.session.id].sort());
    const adminView = (await as(f.users.admin).companions.sessions()).find((s) => s.id === alice.session.id)!;
    expect(adminView.conversation).toMatchObject({ yours: false });
    expect(await as(f.users.admin).companions.sessions({ status: 'finalized', limit: 10 })).toEqual([]);

    expect(await code(as(f.users.bob).companions.session({ session_id: alice.session.id }))).toBe('NOT_FOUND');
    expect(await code(as(f.users.bob).companions.session({ session_id: 'no-such-session' }))).toBe('NOT_FOUND');
    expect(await code(as(f.users.bob).companions.sessionOfConversation({ conversation_id: alice.conversationId }))).toBe('NOT_FOUND');
    expect(await code(as(f.users.designer).companions.session({ session_id: alice.session.id }))).toBe('FORBIDDEN');
    expect(await code(as(f.users.stakeholder).companions.sessions())).toBe('FORBIDDEN');
  });

  it("a session's view: the live pool, tasks with their steps and durations, shared blocks with history, the Strategist's advice", async () => {
    const d = await as(f.users.admin).companions.session({ session_id: alice.session.id });
    expect(d.session).toMatchObject({
      id: alice.session.id,
      status: 'active',
      owner: { name: 'Alice Adams' },
      pool_max: alice.session.poolMax,
    });
    const pool = new Map(d.pool!.map((c) => [c.companion_id, c]));
    expect(pool.get(worker)).toMatchObject({
      specialization: 'call-review',
      status: 'error',
      current_task_id: null,
      loaded_skills: ['skill://builtin.echo@1.0.0'],
    });
    expect(pool.get(spare)).toMatchObject({ specialization: 'research', status: 'busy', current_task_id: 'research-1' });
    expect(d.agents[worker]).toMatchObject({ role: 'companion', name: pool.get(worker)!.companion_name });
    expect(d.agents[alice.session.strategistId!]).toMatchObject({ role: 'strategist', name: 'Strategist' });

    const tasks = new Map(d.tasks.map((t) => [t.task_id, t]));
    const done = tasks.get('review-1')!;
    expect(done).toMatchObject({
      status: 'succeeded',
      companion_id: worker,
      summary: 'Four calls reviewed. Two missed the FCA disclosure.',
      progress_pct: 40,
      metrics: { duration_s: 42, tool_calls: 2 },
    });
    expect(done.steps.map((s) => s.kind)).toEqual(['delegated', 'progress', 'succeeded']);
    expect(done.steps[1]).toMatchObject({ progress_pct: 40, message: 'Transcribed 2 of 4 calls', actor: worker });
    expect(done.duration_s).toBeGreaterThanOrEqual(0);
    expect(tasks.get('review-2')).toMatchObject({
      status: 'failed',
      error: 'TimeoutError: whisper did not answer in 120 s',
      failed_skill: 'skill://builtin.echo@1.0.0',
    });
    expect(tasks.get('research-1')).toMatchObject({ status: 'delegated', completed_at: null, duration_s: null });

    const blocks = new Map(d.blocks.map((b) => [b.label, b]));
    expect([...blocks.keys()].sort()).toEqual(['delegation_log', 'session_context', 'strategist_guidelines']);
    const log = blocks.get('delegation_log')!;
    expect(log.on_platform).toBe(true);
    expect(log.value).toMatch(/delegated review-1 → companion-/);
    expect(log.value).toMatch(/result review-2 failed/);
    expect(log.revisions[0]!.revision).toBe(log.revision);
    expect(log.revisions.at(-1)).toMatchObject({ revision: 1, reason: 'create_session_context' });
    expect(JSON.parse(blocks.get('session_context')!.value!)).toMatchObject({
      session_id: alice.session.id,
      active_tasks: { 'research-1': { companion_id: spare } },
    });

    expect(d.advice).toEqual([
      expect.objectContaining({
        advice_type: 'skill_preference',
        confidence: 0.8,
        recommendation: 'Prefer AssemblyAI for transcription: Whisper timed out in 3 of 5 tasks.',
        strategist_id: alice.session.strategistId,
      }),
    ]);
    expect(d.guidelines).toMatchObject({ revision: 0 });
    expect(d.activity.map((a) => a.kind)).toEqual(
      expect.arrayContaining([
        'session_created',
        'companion_created',
        'task_delegated',
        'task_progress',
        'task_result',
        'strategic_advice',
      ]),
    );
    expect(d.last_event_id).toBe(d.activity.at(-1)!.event_id);
    expect(d.people[f.users.alice.id]).toMatchObject({ name: 'Alice Adams' });
  });

  it("reads one revision of a shared block with the one before it; another session's block is not found", async () => {
    const d = await as(f.users.alice).companions.session({ session_id: alice.session.id });
    const log = d.blocks.find((b) => b.label === 'delegation_log')!;
    const r = await as(f.users.alice).companions.blockRevision({ session_id: alice.session.id, block_id: log.block_id, revision: 2 });
    expect(r.revision).toBe(2);
    expect(r.previous).toMatchObject({ revision: 1, value: '' });
    expect(r.value).toMatch(/delegated review-1/);
    expect(
      await code(
        as(f.users.alice).companions.blockRevision({
          session_id: alice.session.id,
          block_id: bob.session.delegationLogBlockId,
          revision: 1,
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(
      await code(as(f.users.alice).companions.blockRevision({ session_id: alice.session.id, block_id: log.block_id, revision: 10_000 })),
    ).toBe('NOT_FOUND');
  });

  it("the chat's view of a conversation: its session, the tasks and the agents' names", async () => {
    const c = await as(f.users.alice).companions.sessionOfConversation({ conversation_id: alice.conversationId });
    expect(c.session).toMatchObject({ id: alice.session.id, status: 'active' });
    expect(c.session!.last_event_id).toBeGreaterThan(0);
    expect(c.tasks.map((t) => [t.task_id, t.status])).toEqual([
      ['review-1', 'succeeded'],
      ['review-2', 'failed'],
      ['research-1', 'delegated'],
    ]);
    expect(c.agents[worker]?.role).toBe('companion');
  });

  it('dismisses a Companion through dismiss_companion (its open task cancelled), audited; not one of another session', async () => {
    expect(
      await code(as(f.users.alice).companions.dismissCompanion({ session_id: alice.session.id, companion_id: bob.session.conductorId })),
    ).toBe('NOT_FOUND');
    expect(await code(as(f.users.bob).companions.dismissCompanion({ session_id: alice.session.id, companion_id: spare }))).toBe(
      'NOT_FOUND',
    );
    const r = await as(f.users.alice).companions.dismissCompanion({ session_id: alice.session.id, companion_id: spare });
    expect(r).toMatchObject({ status: 'ok', companion_id: spare });
    const d = await as(f.users.alice).companions.session({ session_id: alice.session.id });
    expect(d.pool!.map((c) => c.companion_id)).toEqual([worker]);
    expect(d.tasks.find((t) => t.task_id === 'research-1')).toMatchObject({
      status: 'cancelled',
      steps: [
        expect.objectContaining({ kind: 'delegated' }),
        expect.objectContaining({ kind: 'cancelled', message: 'companion dismissed' }),
      ],
    });
    expect(d.agents[spare]).toMatchObject({ role: 'companion', dismissed_at: expect.any(String) });
    expect(d.activity.find((a) => a.kind === 'companion_dismissed')).toMatchObject({ actor: `user:${f.users.alice.id}`, subject: spare });
    const audited = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'companions.dismissCompanion'), eq(auditLog.resultStatus, 'ok')));
    expect(audited.map((a) => a.actorLabel)).toEqual([f.users.alice.email]);
  });

  it('finalizes a session through finalize_session; the record stays readable with the blocks as last recorded', async () => {
    const r = await as(f.users.alice).companions.finalizeSession({ session_id: alice.session.id });
    expect(r).toMatchObject({ status: 'ok', session_id: alice.session.id, companions_dismissed: 1, blocks_cleaned: 3 });
    expect(await as(f.users.alice).companions.finalizeSession({ session_id: alice.session.id })).toMatchObject({
      status: 'error',
      error_code: 'conflict',
    });
    const d = await as(f.users.alice).companions.session({ session_id: alice.session.id });
    expect(d.session).toMatchObject({ status: 'finalized', finalized_at: expect.any(String), strategist_id: null });
    expect(d.pool).toEqual([]);
    expect(d.blocks.every((b) => !b.on_platform && b.value !== null)).toBe(true);
    expect(d.blocks.find((b) => b.label === 'delegation_log')!.value).toMatch(/result review-1 succeeded/);
    expect(d.agents[alice.session.strategistId!]).toMatchObject({ role: 'strategist' });
    const [row] = await as(f.users.alice).companions.sessions({ status: 'finalized', limit: 5 });
    expect(row).toMatchObject({ id: alice.session.id, companions_now: 0, tasks: { open: 0, succeeded: 1, failed: 1, cancelled: 1 } });
  });
});

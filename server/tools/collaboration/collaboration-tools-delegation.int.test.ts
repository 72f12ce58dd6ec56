import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collaborationMessages, collaborationSubtasks } from '../../db/schema/index.ts';
import { listCollaborationSessions, readCollaborationSession } from '../../collaboration/views.ts';
import { collaborationToolsHarness } from './testing/collaboration-tools-harness.ts';

/**
 * Contract tests of the collaboration tools (collaboration-tools.md) on the local runtime and a real
 * database (collaboration-tools-harness.ts): delegating subtasks, sharing plan updates and merging results —
 * sent, stored, and the agents' status busy then idle.
 */
describe('the collaboration tools', () => {
  const harness = collaborationToolsHarness();
  const { agent, call, okCall, heard, worker } = harness;

  it('delegate_subtask, share_plan_update, merge_results: sent, stored, status busy then idle', async () => {
    const coord = await worker(['coordination']);
    const w = await worker(['transcription']);
    const other = await worker(['scoring']);
    const s = await okCall('create_collaboration_session', {
      title: 'S',
      description: 'D',
      participant_model_ids: [w.id, other.id],
      coordinator_model_id: coord.id,
    });
    const d = await okCall(
      'delegate_subtask',
      {
        coordinator_agent_id: coord.id,
        assigned_agent_id: w.id,
        subtask_id: 'st-1',
        subtask_description: 'Transcribe call 1',
        deadline: '2099-01-01T17:00:00Z',
        contextual_data: { call: 1 },
      },
      agent(coord.id),
    );
    expect(d).toMatchObject({
      subtask_id: 'st-1',
      assigned_agent_id: w.id,
      assignee_status: 'busy',
      session_id: s.session_id,
      deadline: '2099-01-01T17:00:00.000Z',
    });
    expect((await harness.platform.getAgent(w.id))!.tags).toContain('status:busy');
    await heard(w.id, d.message_id as string);
    const [st] = await harness.handle.db.select().from(collaborationSubtasks).where(eq(collaborationSubtasks.id, 'st-1'));
    expect(st).toMatchObject({
      status: 'delegated',
      assigneeId: w.id,
      coordinatorId: coord.id,
      contextualData: { call: 1 },
      sessionId: s.session_id,
    });

    expect(
      await call('delegate_subtask', {
        coordinator_agent_id: coord.id,
        assigned_agent_id: w.id,
        subtask_id: 'st-1',
        subtask_description: 'again',
      }),
    ).toMatchObject({ error_code: 'conflict' });
    expect(
      await call('delegate_subtask', {
        coordinator_agent_id: coord.id,
        assigned_agent_id: 'agent-nope',
        subtask_id: 'st-x',
        subtask_description: 'x',
      }),
    ).toMatchObject({ error_code: 'not_found' });
    expect(
      await call('delegate_subtask', {
        coordinator_agent_id: coord.id,
        assigned_agent_id: w.id,
        subtask_id: 'st-y',
        subtask_description: 'x',
        deadline: 'next week',
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call(
        'delegate_subtask',
        { coordinator_agent_id: coord.id, assigned_agent_id: w.id, subtask_id: 'st-z', subtask_description: 'x' },
        agent(w.id),
      ),
    ).toMatchObject({ error_code: 'forbidden' });

    // share_plan_update: exactly one of recipient or thread.
    expect(await call('share_plan_update', { sender_id: w.id, plan_summary: 'p' })).toMatchObject({
      error_code: 'invalid_input',
    });
    expect(
      await call('share_plan_update', {
        sender_id: w.id,
        plan_summary: 'p',
        recipient_id: coord.id,
        thread_id: s.thread_id,
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(await call('share_plan_update', { sender_id: w.id, plan_summary: 'p', thread_id: 'thread-nope' })).toMatchObject({
      error_code: 'not_found',
    });
    expect(
      await call('share_plan_update', {
        sender_id: w.id,
        plan_summary: 'p',
        recipient_id: coord.id,
        confidence_level: 1.5,
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    const outsider = await worker([]);
    expect(await call('share_plan_update', { sender_id: outsider.id, plan_summary: 'p', thread_id: s.thread_id })).toMatchObject({
      error_code: 'forbidden',
    });
    const p = await okCall(
      'share_plan_update',
      {
        sender_id: w.id,
        thread_id: s.thread_id,
        plan_summary: 'Transcribing',
        next_steps: ['diarize'],
        confidence_level: 0.8,
        related_task_id: 'st-1',
      },
      agent(w.id),
    );
    expect(p).toMatchObject({
      thread_id: s.thread_id,
      session_id: s.session_id,
      delivered_to: [coord.id, other.id],
      related_task_in_progress: true,
    });
    await heard(other.id, p.message_id as string);
    const direct = await okCall('share_plan_update', {
      sender_id: w.id,
      recipient_id: coord.id,
      plan_summary: 'Almost done',
    });
    expect(direct).toMatchObject({ thread_id: null, delivered_to: [coord.id] });
    const [pu] = await harness.handle.db
      .select()
      .from(collaborationMessages)
      .where(eq(collaborationMessages.id, p.message_id as string));
    expect(pu).toMatchObject({
      kind: 'plan_update',
      threadId: s.thread_id,
      body: { plan_summary: 'Transcribing', next_steps: ['diarize'], confidence_level: 0.8 },
    });

    const m = await okCall('merge_results', {
      results: [
        { subtask_id: 'st-1', model_id: w.id, content: 'Transcript of call 1' },
        { subtask_id: 'free', model_id: other.id, content: 'Score 4/5' },
      ],
    });
    expect(m.merged).toBe(
      `## Subtask st-1: Transcribe call 1\n\n### Produced by ${w.id}\n\nTranscript of call 1\n\n## Subtask free\n\n### Produced by ${other.id}\n\nScore 4/5`,
    );
    expect(m).toMatchObject({
      subtasks_completed: ['st-1'],
      contributors: [
        { model_id: w.id, subtask_ids: ['st-1'] },
        { model_id: other.id, subtask_ids: ['free'] },
      ],
    });
    expect((m.parts as unknown[])[0]).toEqual({
      subtask_id: 'st-1',
      model_id: w.id,
      content: 'Transcript of call 1',
      description: 'Transcribe call 1',
    });
    const [done] = await harness.handle.db.select().from(collaborationSubtasks).where(eq(collaborationSubtasks.id, 'st-1'));
    expect(done).toMatchObject({ status: 'done', resultContent: 'Transcript of call 1' });
    expect((await harness.platform.getAgent(w.id))!.tags).toContain('status:idle');
    expect(await call('merge_results', { results: [] })).toMatchObject({ error_code: 'invalid_input' });

    // The console's read-only view of the session (tRPC collaboration.sessions / .session).
    const listed = (await listCollaborationSessions(harness.handle.db)).find((x) => x.id === s.session_id)!;
    expect(listed).toMatchObject({ title: 'S', status: 'active', subtasks: 1, messages: 4 }); // invite, delegation, two plan updates
    const view = (await readCollaborationSession(harness.handle.db, s.session_id as string))!;
    expect(view.threads.map((t) => t.id)).toEqual([s.thread_id]);
    expect(view.messages.map((x) => x.kind)).toEqual(['session_invite', 'subtask_delegation', 'plan_update', 'plan_update']);
    expect(view.subtasks).toMatchObject([{ id: 'st-1', status: 'done', assigneeId: w.id }]);
    expect(await readCollaborationSession(harness.handle.db, 'collab-nope')).toBeNull();
  });
});

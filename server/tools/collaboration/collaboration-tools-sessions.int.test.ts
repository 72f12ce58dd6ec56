import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collaborationMessages, collaborationSessions, collaborationThreads } from '../../db/schema/index.ts';
import { collaborationToolsHarness } from './testing/collaboration-tools-harness.ts';

/**
 * Contract tests of the collaboration tools (collaboration-tools.md) on the local runtime and a real
 * database (collaboration-tools-harness.ts): sessions and requests for help — what is stored, and that the
 * messages really reach the agents (a recording brain stands in for their thinking).
 */
describe('the collaboration tools', () => {
  const harness = collaborationToolsHarness();
  const { agent, call, okCall, heard, worker } = harness;

  it('create_collaboration_session: stored with its main thread; participants invited through the platform', async () => {
    const [coord, a, b] = [await worker(['coordination']), await worker(['transcription']), await worker(['compliance'])];
    const r = await okCall('create_collaboration_session', {
      title: 'Review calls',
      description: 'Transcribe and check',
      participant_model_ids: [a.id, b.id],
      coordinator_model_id: coord.id,
    });
    expect(r).toMatchObject({
      status: 'ok',
      session_status: 'active',
      title: 'Review calls',
      coordinator_model_id: coord.id,
      participant_model_ids: [coord.id, a.id, b.id],
    });
    const [row] = await harness.handle.db
      .select()
      .from(collaborationSessions)
      .where(eq(collaborationSessions.id, r.session_id as string));
    expect(row).toMatchObject({
      title: 'Review calls',
      description: 'Transcribe and check',
      coordinatorId: coord.id,
      status: 'active',
      mainThreadId: r.thread_id,
    });
    expect(await harness.handle.db.select().from(collaborationThreads).where(eq(collaborationThreads.sessionId, row!.id))).toHaveLength(1);
    expect((r.invitations as Array<{ agent_id: string; status: string }>).map((d) => [d.agent_id, d.status])).toEqual([
      [a.id, 'sent'],
      [b.id, 'sent'],
    ]);
    await heard(a.id, r.invitation_message_id as string);
    await heard(b.id, r.invitation_message_id as string);

    expect(
      await call('create_collaboration_session', {
        title: 't',
        description: 'd',
        participant_model_ids: ['agent-nope'],
        coordinator_model_id: coord.id,
      }),
    ).toMatchObject({ status: 'error', error_code: 'not_found' });
    expect(
      await call(
        'create_collaboration_session',
        { title: 't', description: 'd', participant_model_ids: [a.id], coordinator_model_id: coord.id },
        agent(b.id),
      ),
    ).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect(
      await call('create_collaboration_session', {
        description: 'd',
        participant_model_ids: [a.id],
        coordinator_model_id: coord.id,
      }),
    ).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });

  it('request_assistance: broadcast by capability, targeted, failure when nobody qualifies, only as yourself', async () => {
    const asker = await worker(['planning']);
    const helper1 = await worker(['diarization', 'sentiment-analysis']);
    const helper2 = await worker(['diarization']);
    const b = await okCall(
      'request_assistance',
      {
        requesting_agent_id: asker.id,
        task_description: 'Who speaks when?',
        required_capabilities: ['Diarization', 'sentiment-analysis'],
      },
      agent(asker.id),
    );
    expect(b).toMatchObject({
      mode: 'broadcast',
      urgency: 'medium',
      targeted_count: 1,
      targeted_agent_ids: [helper1.id],
    });
    await heard(helper1.id, b.message_id as string);
    const t = await okCall('request_assistance', {
      requesting_agent_id: asker.id,
      task_description: 'Help',
      target_agent_id: [helper1.id, helper2.id],
      urgency: 'high',
    });
    expect(t).toMatchObject({ mode: 'targeted', targeted_count: 2, urgency: 'high' });
    await heard(helper2.id, t.message_id as string);
    const [row] = await harness.handle.db
      .select()
      .from(collaborationMessages)
      .where(eq(collaborationMessages.id, t.message_id as string));
    expect(row).toMatchObject({
      kind: 'assistance_request',
      senderId: asker.id,
      recipientIds: [helper1.id, helper2.id],
    });

    const none = await call('request_assistance', {
      requesting_agent_id: asker.id,
      task_description: 'Paint',
      required_capabilities: ['painting'],
    });
    expect(none).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      details: { request_status: 'failure', required_capabilities: ['painting'] },
    });
    expect(await call('request_assistance', { requesting_agent_id: asker.id, task_description: 'x' })).toMatchObject({
      error_code: 'invalid_input',
    });
    expect(
      await call('request_assistance', {
        requesting_agent_id: asker.id,
        task_description: 'x',
        target_agent_id: 'agent-nope',
      }),
    ).toMatchObject({ error_code: 'not_found' });
    expect(
      await call(
        'request_assistance',
        { requesting_agent_id: asker.id, task_description: 'x', target_agent_id: helper1.id },
        agent(helper2.id),
      ),
    ).toMatchObject({ error_code: 'forbidden' });
    expect(
      await call('request_assistance', {
        requesting_agent_id: asker.id,
        task_description: 'x',
        target_agent_id: helper1.id,
        urgency: 'urgent',
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
  });
});

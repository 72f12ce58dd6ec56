import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../agents/brains/brain.ts';
import { DeterministicBrains } from '../../agents/brains/deterministic.ts';
import { deterministicBrains } from '../../agents/brains/select.ts';
import { isKnownTool } from '../../agents/local/agent-tools.ts';
import type { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import { eventually, testPlatform } from '../../agents/local/testing/platform-harness.ts';
import { loadAgentTemplate } from '../../agents/templates/load-template.ts';
import { systemActor, type Actor } from '../../contracts/audit-actor.ts';
import {
  collaborationAssignments,
  collaborationDecompositions,
  collaborationEvaluations,
  collaborationExternalAgents,
  collaborationMessages,
  collaborationSessions,
  collaborationSubtasks,
  collaborationThreads,
} from '../../db/schema/index.ts';
import { authenticateApiToken } from '../../auth/api-tokens.ts';
import { listCollaborationSessions, readCollaborationSession } from '../../collaboration/views.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { invokeTool } from '../invoke.ts';
import { describeTools, findTool } from '../registry.ts';

/**
 * Contract tests of the ten collaboration tools (collaboration-tools.md) on the local runtime and
 * a real database: the spec's input schemas, positive and negative calls, what is persisted, and
 * that messages really reach the agents (a recording brain stands in for the agents' thinking).
 */
type R = Record<string, unknown> & {
  status: string;
  error_code?: string;
  error?: string;
  details?: Record<string, unknown>;
};

/** The spec's input schemas: properties, required, enums and bounds (collaboration-tools.md). */
const SPEC: Record<string, { properties: string[]; required: string[] }> = {
  decompose_task: { properties: ['task', 'available_models'], required: ['task', 'available_models'] },
  assign_subtasks: { properties: ['subtasks', 'available_models'], required: ['subtasks', 'available_models'] },
  merge_results: { properties: ['results'], required: ['results'] },
  compare_models: { properties: ['model_ids', 'capabilities'], required: ['model_ids'] },
  create_collaboration_session: {
    properties: ['title', 'description', 'participant_model_ids', 'coordinator_model_id'],
    required: ['title', 'description', 'participant_model_ids', 'coordinator_model_id'],
  },
  request_assistance: {
    properties: ['requesting_agent_id', 'task_description', 'required_capabilities', 'target_agent_id', 'urgency'],
    required: ['requesting_agent_id', 'task_description'],
  },
  delegate_subtask: {
    properties: [
      'coordinator_agent_id',
      'assigned_agent_id',
      'subtask_id',
      'subtask_description',
      'parent_task_id',
      'deadline',
      'contextual_data',
    ],
    required: ['coordinator_agent_id', 'assigned_agent_id', 'subtask_id', 'subtask_description'],
  },
  evaluate_contribution: {
    properties: ['evaluating_agent_id', 'contributing_agent_id', 'contribution_ref', 'evaluation_criteria', 'comments'],
    required: ['evaluating_agent_id', 'contributing_agent_id', 'contribution_ref'],
  },
  share_plan_update: {
    properties: [
      'sender_id',
      'recipient_id',
      'thread_id',
      'plan_summary',
      'current_step',
      'next_steps',
      'blockers',
      'confidence_level',
      'related_task_id',
    ],
    required: ['sender_id', 'plan_summary'],
  },
  spawn_agent: {
    properties: ['requesting_agent_id', 'agent_type', 'role', 'capabilities', 'initial_task_description'],
    required: ['requesting_agent_id', 'agent_type', 'role', 'capabilities'],
  },
};

describe('the collaboration tools', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let services: ToolServices;
  const received = new Map<string, string[]>();
  const system = systemActor('test');
  const agent = (id: string): Actor => ({ kind: 'agent', id, label: id });
  const call = async (name: string, args: Record<string, unknown>, actor: Actor = system) =>
    (await invokeTool(findTool(name)!, args, { actor, services })) as R;
  const okCall = async (name: string, args: Record<string, unknown>, actor: Actor = system) => {
    const r = await call(name, args, actor);
    if (r.status !== 'ok') throw new Error(`${name}: ${r.error_code} ${r.error} ${JSON.stringify(r.details ?? null).slice(0, 600)}`);
    return r;
  };
  /** Every message an agent's turn took, as its brain saw it. */
  const recording: Brain = {
    name: 'test:recording',
    async decide(input) {
      const last = [...input.history].reverse().find((m) => m.role === 'user' || m.role === 'system');
      if (last && 'content' in last && typeof last.content === 'string')
        received.set(input.agent.id, [...(received.get(input.agent.id) ?? []), last.content]);
      return { kind: 'message', content: 'noted' };
    },
  };
  const heard = (agentId: string, messageId: string) =>
    eventually(async () => (received.get(agentId) ?? []).some((t) => t.includes(messageId)));
  const worker = async (caps: string[]) => platform.createAgent({ template: 'companion', tags: caps.map((c) => `capability:${c}`) });

  beforeAll(async () => {
    handle = await createTestDatabase();
    services = { config: testConfig(), db: async () => handle.db };
    const brains = new DeterministicBrains()
      .register('companion', recording)
      .register('generic-worker', recording)
      .register('conductor', recording);
    platform = testPlatform(handle.db, deterministicBrains(brains), { audit: null, toolServices: services });
    services.agents = async () => platform;
  });
  afterAll(async () => {
    await platform.close();
    await handle.dispose();
  });

  it("serve exactly the spec's input schemas", () => {
    const described = new Map(
      describeTools().map((t) => [t.name, t.inputSchema as { properties: Record<string, Record<string, unknown>>; required?: string[] }]),
    );
    for (const [name, spec] of Object.entries(SPEC)) {
      const s = described.get(name)!;
      expect(Object.keys(s.properties).sort(), name).toEqual([...spec.properties].sort());
      expect([...(s.required ?? [])].sort(), name).toEqual([...spec.required].sort());
    }
    expect(described.get('request_assistance')!.properties.urgency).toMatchObject({
      enum: ['high', 'medium', 'low'],
      default: 'medium',
    });
    expect(described.get('spawn_agent')!.properties.agent_type).toMatchObject({
      enum: ['cline-vscode', 'claude-desktop', 'roocode-vscode', 'generic-worker'],
    });
    expect(described.get('share_plan_update')!.properties.confidence_level).toMatchObject({ minimum: 0, maximum: 1 });
    const criteria = described.get('evaluate_contribution')!.properties.evaluation_criteria as {
      properties: Record<string, unknown>;
    };
    for (const k of ['clarity', 'relevance', 'completeness', 'actionability'])
      expect(criteria.properties[k]).toMatchObject({ minimum: 1, maximum: 5 });
  });

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
    const [row] = await handle.db
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
    expect(await handle.db.select().from(collaborationThreads).where(eq(collaborationThreads.sessionId, row!.id))).toHaveLength(1);
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
    const [row] = await handle.db
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
    expect((await platform.getAgent(w.id))!.tags).toContain('status:busy');
    await heard(w.id, d.message_id as string);
    const [st] = await handle.db.select().from(collaborationSubtasks).where(eq(collaborationSubtasks.id, 'st-1'));
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
    const [pu] = await handle.db
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
    const [done] = await handle.db.select().from(collaborationSubtasks).where(eq(collaborationSubtasks.id, 'st-1'));
    expect(done).toMatchObject({ status: 'done', resultContent: 'Transcript of call 1' });
    expect((await platform.getAgent(w.id))!.tags).toContain('status:idle');
    expect(await call('merge_results', { results: [] })).toMatchObject({ error_code: 'invalid_input' });

    // The console's read-only view of the session (tRPC collaboration.sessions / .session).
    const listed = (await listCollaborationSessions(handle.db)).find((x) => x.id === s.session_id)!;
    expect(listed).toMatchObject({ title: 'S', status: 'active', subtasks: 1, messages: 4 }); // invite, delegation, two plan updates
    const view = (await readCollaborationSession(handle.db, s.session_id as string))!;
    expect(view.threads.map((t) => t.id)).toEqual([s.thread_id]);
    expect(view.messages.map((x) => x.kind)).toEqual(['session_invite', 'subtask_delegation', 'plan_update', 'plan_update']);
    expect(view.subtasks).toMatchObject([{ id: 'st-1', status: 'done', assigneeId: w.id }]);
    expect(await readCollaborationSession(handle.db, 'collab-nope')).toBeNull();
  });

  it('evaluate_contribution and compare_models: figures measured from the recorded outcomes', async () => {
    const coord = await worker(['coordination']);
    const good = await worker(['transcription', 'compliance']);
    const poor = await worker(['transcription']);
    const delegate = (id: string, to: string, deadline?: string) =>
      okCall('delegate_subtask', {
        coordinator_agent_id: coord.id,
        assigned_agent_id: to,
        subtask_id: id,
        subtask_description: `work ${id}`,
        ...(deadline ? { deadline } : {}),
      });
    await delegate('g1', good.id);
    await delegate('g2', good.id);
    await delegate('p1', poor.id, '2000-01-01T00:00:00Z'); // overdue: counts as failed
    await delegate('p2', poor.id);
    await okCall('merge_results', {
      results: [
        { subtask_id: 'g1', model_id: good.id, content: 'a' },
        { subtask_id: 'g2', model_id: good.id, content: 'b' },
      ],
    });
    await okCall(
      'evaluate_contribution',
      {
        evaluating_agent_id: coord.id,
        contributing_agent_id: good.id,
        contribution_ref: 'g1',
        evaluation_criteria: { clarity: 5, relevance: 4 },
        comments: 'clear',
      },
      agent(coord.id),
    );
    const e2 = await okCall('evaluate_contribution', {
      evaluating_agent_id: coord.id,
      contributing_agent_id: good.id,
      contribution_ref: 'g2',
      evaluation_criteria: { clarity: 3 },
    });
    expect(e2).toMatchObject({ logged: true, contribution_kind: 'subtask', ratings: { clarity: 3 } });
    const [stored] = await handle.db
      .select()
      .from(collaborationEvaluations)
      .where(eq(collaborationEvaluations.id, e2.evaluation_id as string));
    expect(stored).toMatchObject({ subtaskId: 'g2', clarity: 3, relevance: null, evaluatorId: coord.id });

    expect(
      await call('evaluate_contribution', {
        evaluating_agent_id: coord.id,
        contributing_agent_id: good.id,
        contribution_ref: 'g1',
        evaluation_criteria: { clarity: 6 },
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call('evaluate_contribution', {
        evaluating_agent_id: coord.id,
        contributing_agent_id: good.id,
        contribution_ref: 'g1',
        evaluation_criteria: { clarity: 0 },
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call('evaluate_contribution', {
        evaluating_agent_id: coord.id,
        contributing_agent_id: poor.id,
        contribution_ref: 'g1',
        comments: 'x',
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call('evaluate_contribution', {
        evaluating_agent_id: good.id,
        contributing_agent_id: good.id,
        contribution_ref: 'g1',
        comments: 'x',
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call('evaluate_contribution', {
        evaluating_agent_id: coord.id,
        contributing_agent_id: good.id,
        contribution_ref: 'g1',
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call(
        'evaluate_contribution',
        { evaluating_agent_id: coord.id, contributing_agent_id: good.id, contribution_ref: 'g1', comments: 'x' },
        agent(poor.id),
      ),
    ).toMatchObject({ error_code: 'forbidden' });

    await okCall('evaluate_contribution', {
      evaluating_agent_id: coord.id,
      contributing_agent_id: poor.id,
      contribution_ref: 'p2',
      evaluation_criteria: { clarity: 2, completeness: 3 },
    });
    const cmp = await okCall('compare_models', { model_ids: [good.id, poor.id] });
    const [fg, fp] = cmp.models as Array<{
      model_id: string;
      figures: Record<string, unknown>;
      capability_match: Record<string, boolean>;
    }>;
    expect(fg!.figures).toMatchObject({
      tasks_delegated: 2,
      tasks_done: 2,
      tasks_failed: 0,
      tasks_open: 0,
      success_rate: 1,
      latency_ms: { count: 2 },
      ratings: {
        clarity: { mean: 4, count: 2 },
        relevance: { mean: 4, count: 1 },
        completeness: { mean: null, count: 0 },
      },
      overall_rating: { mean: 4, count: 3 },
      evaluations: { rated: 2, below_midpoint: 0 },
    });
    expect((fg!.figures.latency_ms as { mean: number }).mean).toBeGreaterThanOrEqual(0);
    expect(fp!.figures).toMatchObject({
      tasks_delegated: 2,
      tasks_done: 0,
      tasks_failed: 1,
      tasks_open: 1,
      success_rate: 0,
      latency_ms: { mean: null, count: 0 },
      overall_rating: { mean: 2.5, count: 2 },
      evaluations: { rated: 1, below_midpoint: 1 },
    });
    expect(cmp.capabilities_compared).toEqual(['companion', 'compliance', 'transcription']);
    const filtered = await okCall('compare_models', { model_ids: [good.id, poor.id], capabilities: ['Compliance'] });
    expect(filtered).toMatchObject({ capabilities_compared: ['compliance'], capability_filter_applied: true });
    expect((filtered.models as Array<{ capability_match: unknown }>).map((x) => x.capability_match)).toEqual([
      { compliance: true },
      { compliance: false },
    ]);
    expect(await call('compare_models', { model_ids: ['agent-nope'] })).toMatchObject({ error_code: 'not_found' });
    // One batch read of the agents, not one lookup per id (issue 29: 100,000 ids held the console for minutes).
    const reads = { one: 0, many: 0 };
    const [getAgent, getAgents] = [platform.getAgent.bind(platform), platform.getAgents.bind(platform)];
    platform.getAgent = (id) => (reads.one++, getAgent(id));
    platform.getAgents = (ids) => (reads.many++, getAgents(ids));
    try {
      const again = await okCall('compare_models', { model_ids: [good.id, poor.id] });
      expect((again.models as unknown[]).length).toBe(2);
    } finally {
      Object.assign(platform, { getAgent, getAgents });
    }
    expect(reads).toEqual({ one: 0, many: 1 });

    // assign_subtasks breaks the tie on transcription by the measured record: good (2 done) over poor (1 failed).
    const as = await okCall('assign_subtasks', {
      subtasks: [
        { id: 'a1', description: 'Transcribe', required_capabilities: ['transcription'] },
        { id: 'a2', description: 'Paint', required_capabilities: ['painting'] },
      ],
      available_models: [
        { id: poor.id, model_type: 'companion', capabilities: ['transcription'] },
        { id: good.id, model_type: 'companion', capabilities: ['transcription'] },
      ],
    });
    expect(as).toMatchObject({ assigned_count: 1, unassigned_count: 1 });
    expect((as.assignments as Array<Record<string, unknown>>).map((x) => [x.subtask_id, x.status, x.assigned_agent_id])).toEqual([
      ['a1', 'assigned', good.id],
      ['a2', 'unassigned', null],
    ]);
    expect((as.assignments as Array<{ reliability: number | null }>)[0]!.reliability).toBeCloseTo(3 / 4);
    expect(await handle.db.select().from(collaborationAssignments).where(eq(collaborationAssignments.subtaskRef, 'a2'))).toMatchObject([
      { assignedAgentId: null },
    ]);
    expect(await call('assign_subtasks', { subtasks: [{ id: 'x', description: 'd' }], available_models: [] })).toMatchObject({
      error_code: 'invalid_input',
    });
  });

  it('decompose_task offline: parts matched to capabilities of the given agents, the platform and the catalog', async () => {
    await platform.createAgent({ template: 'companion', tags: ['capability:market-research'] });
    const r = await okCall('decompose_task', {
      task: 'Transcribe the recordings, then do market research and analyse sentiment. Finally paint the office.',
      available_models: [{ id: 'm1', model_type: 'worker', capabilities: ['speech-to-text'] }],
    });
    expect(r.method).toBe('deterministic');
    expect(
      (r.subtasks as Array<{ description: string; required_capabilities: string[]; unmatched_reason?: string }>).map((s) => [
        s.description,
        s.required_capabilities,
      ]),
    ).toEqual([
      ['Transcribe the recordings', ['transcription']], // from the catalog's skill tags
      ['do market research', ['market-research']], // from a platform agent's tag
      ['analyse sentiment', ['sentiment-analysis']], // the catalog's skill name, more specific than its tags
      ['paint the office', []],
    ]);
    expect((r.subtasks as Array<{ unmatched_reason?: string }>)[3]!.unmatched_reason).toMatch(/no capability/);
    expect((r.known_capabilities as Array<{ name: string; sources: string[] }>).find((k) => k.name === 'speech-to-text')).toEqual({
      name: 'speech-to-text',
      sources: ['available_models'],
    });
    expect(await handle.db.select().from(collaborationDecompositions)).toHaveLength(1);
    expect(await call('decompose_task', { task: 'x', available_models: [{ id: 'm1', capabilities: [] }] })).toMatchObject({
      error_code: 'invalid_input',
    });
  });

  it('decompose_task with a model: the answer is validated, unknown capabilities dropped; a bad answer falls back offline', async () => {
    let answer = '';
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const prompt = JSON.parse(body) as { messages: Array<{ content: string }> };
        expect(prompt.messages[0]!.content).toContain('"transcription"');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const saved = services.config;
    services.config = testConfig({ OPENAI_BASE_URL: base, OPENAI_MODEL: 'test-model' });
    try {
      answer =
        '```json\n{"subtasks": [{"description": "Transcribe every call", "required_capabilities": ' +
        '["Transcription", "telepathy"]}, {"description": "Sum up", "required_capabilities": ' +
        '[]}]}\n```';
      const r = await okCall('decompose_task', { task: 'Transcribe and sum up', available_models: [] });
      expect(r).toMatchObject({ method: 'model', model_error: null, dropped_capabilities: ['telepathy'] });
      expect((r.subtasks as Array<{ id: string; required_capabilities: string[] }>).map((s) => [s.id, s.required_capabilities])).toEqual([
        ['subtask-1', ['transcription']],
        ['subtask-2', []],
      ]);
      answer = 'I think you should transcribe.';
      const f = await okCall('decompose_task', { task: 'Transcribe the calls', available_models: [] });
      expect(f).toMatchObject({ method: 'deterministic', model_error: 'the model did not answer with JSON' });
      expect((f.subtasks as Array<{ required_capabilities: string[] }>)[0]!.required_capabilities).toEqual(['transcription']);
    } finally {
      services.config = saved;
      server.close();
    }
  });

  it('spawn_agent generic-worker: a real agent from the validated template, with role, capabilities and its first task', async () => {
    const template = await loadAgentTemplate('generic-worker', { isKnownTool });
    expect(template.ref).toBe('generic-worker@1.0.0');
    const coord = await worker(['coordination']);
    const r = await okCall(
      'spawn_agent',
      {
        requesting_agent_id: coord.id,
        agent_type: 'generic-worker',
        role: 'Data Analyst',
        capabilities: ['Sentiment Analysis', 'call-auditing'],
        initial_task_description: 'Score the calls',
      },
      agent(coord.id),
    );
    expect(r).toMatchObject({
      created: true,
      spawn_status: 'created',
      template: 'generic-worker@1.0.0',
      capabilities: ['sentiment-analysis', 'call-auditing'],
      mcp: null,
    });
    const a = (await platform.getAgent(r.proposed_agent_id as string))!;
    expect(a.tags).toEqual(
      expect.arrayContaining([
        'role:generic-worker',
        'role:data-analyst',
        'capability:sentiment-analysis',
        'capability:call-auditing',
        'status:idle',
      ]),
    );
    const blocks = await platform.listAgentBlocks(a.id);
    expect(blocks.find((b) => b.label === 'assignment')!.value).toContain('Role: Data Analyst');
    await heard(a.id, r.initial_task_message_id as string);
    expect(received.get(a.id)!.join('\n')).toContain('Score the calls');
    // It is now an agent others can find by capability.
    const help = await okCall('request_assistance', {
      requesting_agent_id: coord.id,
      task_description: 'audit',
      required_capabilities: ['call-auditing'],
    });
    expect(help.targeted_agent_ids).toEqual([a.id]);
    expect(
      await call('spawn_agent', {
        requesting_agent_id: coord.id,
        agent_type: 'gpt-pilot',
        role: 'x',
        capabilities: [],
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call('spawn_agent', { requesting_agent_id: coord.id, agent_type: 'generic-worker', role: 'x', capabilities: [] }, agent(a.id)),
    ).toMatchObject({ error_code: 'forbidden' });
  });

  it.each(['cline-vscode', 'claude-desktop', 'roocode-vscode'])(
    'spawn_agent %s: launch instructions with a fresh token scoped to the proposed id',
    async (type) => {
      const coord = await worker(['coordination']);
      const r = await okCall('spawn_agent', {
        requesting_agent_id: coord.id,
        agent_type: type,
        role: 'QA',
        capabilities: ['compliance'],
      });
      const id = r.proposed_agent_id as string;
      expect(id).toMatch(new RegExp(`^${type}-qa-[0-9a-f]{8}$`));
      expect(r).toMatchObject({ created: false, spawn_status: 'awaiting_launch' });
      expect(r.system_prompt).toContain(`You are ${id}, a QA agent`);
      const mcp = r.mcp as { url: string; token: string; agent_name: string; config: unknown };
      expect(mcp.url).toBe(`${services.config.execution.publicUrl}/api/mcp`);
      expect(JSON.stringify(mcp.config)).toContain(mcp.url);
      expect(JSON.stringify(mcp.config)).toContain(mcp.token);
      const auth = await authenticateApiToken(handle.db, mcp.token);
      expect(auth).toMatchObject({ ok: true, principal: { agentName: id, scopes: ['write'] } });
      expect(await handle.db.select().from(collaborationExternalAgents).where(eq(collaborationExternalAgents.id, id))).toHaveLength(1);
      // The external agent is known: it can be compared and evaluated (and acts as itself with its token).
      const cmp = await okCall('compare_models', { model_ids: [id] });
      expect((cmp.models as Array<{ kind: string }>)[0]!.kind).toBe('external');
      expect(await call('share_plan_update', { sender_id: id, recipient_id: coord.id, plan_summary: 'hello' }, agent(id))).toMatchObject({
        status: 'ok',
        delivered_to: [coord.id],
      });
    },
  );
});

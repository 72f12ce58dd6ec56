import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collaborationAssignments, collaborationEvaluations } from '../../db/schema/index.ts';
import { collaborationToolsHarness } from './testing/collaboration-tools-harness.ts';

/**
 * Contract tests of the collaboration tools (collaboration-tools.md) on the local runtime and a real
 * database (collaboration-tools-harness.ts): evaluating contributions and comparing models — figures measured
 * from the recorded outcomes.
 */
describe('the collaboration tools', () => {
  const harness = collaborationToolsHarness();
  const { agent, call, okCall, worker } = harness;

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
    const [stored] = await harness.handle.db
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
    const [getAgent, getAgents] = [harness.platform.getAgent.bind(harness.platform), harness.platform.getAgents.bind(harness.platform)];
    harness.platform.getAgent = (id) => (reads.one++, getAgent(id));
    harness.platform.getAgents = (ids) => (reads.many++, getAgents(ids));
    try {
      const again = await okCall('compare_models', { model_ids: [good.id, poor.id] });
      expect((again.models as unknown[]).length).toBe(2);
    } finally {
      Object.assign(harness.platform, { getAgent, getAgents });
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
    expect(
      await harness.handle.db.select().from(collaborationAssignments).where(eq(collaborationAssignments.subtaskRef, 'a2')),
    ).toMatchObject([{ assignedAgentId: null }]);
    expect(await call('assign_subtasks', { subtasks: [{ id: 'x', description: 'd' }], available_models: [] })).toMatchObject({
      error_code: 'invalid_input',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { declarePlanInput } from '../../contracts/planning/ports.ts';
import type { PlanUnit } from '../../../lib/planning/schemas.ts';
import { emptyGuidelines } from '../../delegation/guidelines.ts';
import type { Brain, BrainInput, BrainMessage, ToolCallsDecision } from './brain.ts';
import { companionBrain } from './companion/companion-brain.ts';
import { companionTaskBudget, DEFAULT_TASK_LATENCY_MS } from './conductor/task-budget.ts';
import { conductorBrain } from './conductor/conductor-brain.ts';
import { ScriptedConductor, SESSION } from './conductor/testing/script.ts';
import { plannerBrain } from './planner/planner-brain.ts';
import { fakeTools } from './planner/testing/fake-tools.ts';
import { ScriptedConversation } from './planner/testing/script.ts';
import { workerBrain } from './worker/worker-brain.ts';
import { strategistBrain } from './strategist/strategist-brain.ts';

/**
 * Each deterministic brain's own tool-call plan (Brain.plan, issue 17), read at the first tool
 * decision of a turn as the agent loop reads it, and checked against the contract's input schema.
 */
const TURN: PlanUnit = { kind: 'chat_turn', id: 'msg-1', session_id: 'conv-1' };
const tools = (intents: unknown) => (intents as Array<{ toolName: string }>).map((i) => i.toolName);

/** The brain's plan at the first tool decision at or after history index `from` of a scripted conversation. */
function planAt(brain: Brain, history: BrainMessage[], input: (upTo: number) => BrainInput, from = 0) {
  const at = history.findIndex((m, i) => i >= from && m.role === 'assistant' && !!m.tool_calls?.length);
  const m = history[at] as Extract<BrainMessage, { role: 'assistant' }>;
  const decision: ToolCallsDecision = { kind: 'tool_calls', tool_calls: m.tool_calls!, ...(m.reasoning ? { reasoning: m.reasoning } : {}) };
  const plan = brain.plan!(input(at), decision, TURN);
  if (plan && plan !== 'later') expect(declarePlanInput.safeParse(plan).success).toBe(true);
  return plan;
}

describe('the Planner plans each turn that calls tools from its flow', () => {
  const REQUEST = 'Hi, I need to check the quality of advice calls made by Alex Wong last week. Can you help me analyse them?';

  it('the request turn: resolve the advisor, read the stored results, then count the calls, before asking anything', async () => {
    const c = new ScriptedConversation(fakeTools());
    await c.turn(REQUEST);
    const plan = planAt(plannerBrain, c.history, (n) => c.input(n));
    expect(plan).toMatchObject({ goal: REQUEST, unit: TURN, declared_by: 'agent' });
    expect(tools((plan as { plannedSequence: unknown }).plannedSequence)).toEqual(['list_advisors', 'summarise_qa_results', 'count_calls']);
  });

  it('the "yes" turn: reuse before building (search, closest, health, run, wait), rationales in plain words', async () => {
    const c = new ScriptedConversation(fakeTools());
    await c.turn(REQUEST);
    const from = c.history.length;
    await c.turn('Yes. Please use the existing QA scorecard.');
    const plan = planAt(plannerBrain, c.history, (n) => c.input(n), from) as {
      goal: string;
      plannedSequence: Array<{ toolName: string; rationale: string }>;
    };
    expect(plan.goal).toBe(`${REQUEST} (this turn: “Yes. Please use the existing QA scorecard.”)`);
    expect(tools(plan.plannedSequence)).toEqual([
      'search_embeddings',
      'find_closest_workflow',
      'get_saved_workflow',
      'check_workflow_health',
      'start_workflow_run',
      'wait_for_workflow_run',
    ]);
    expect(plan.plannedSequence.at(-1)!.rationale).toBe('Wait for the run to finish, then report its results.');
    // Having found the gap (store_memory is the step the forecast did not hold), asked again it plans the build.
    const gap = c.history.findIndex((m, i) => i > from && m.role === 'assistant' && m.tool_calls?.some((t) => t.name === 'store_memory'));
    const replan = planAt(plannerBrain, c.history, (n) => c.input(n), gap) as { plannedSequence: unknown };
    expect(tools(replan.plannedSequence)).toEqual([
      'store_memory',
      'get_skillset',
      'get_skill_reliability',
      'validate_workflow',
      'save_workflow',
      'get_saved_workflow',
      'check_workflow_health',
      'start_workflow_run',
      'wait_for_workflow_run',
    ]);
  });
});

describe('the Conductor plans each delegation and hands each Companion a budget', () => {
  const REQUEST =
    'Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs coaching on vulnerable customers';

  it('one plan per delegation: unit delegation (the request id, the session), its steps to delegate_task', async () => {
    const c = new ScriptedConductor();
    await c.turn(REQUEST);
    // The turn's first steps read the CRM (its advisors, then the rule set the focus's rules come from) and plan nothing yet;
    // the delegation's plan comes with its first step.
    expect(planAt(conductorBrain, c.history, (n) => c.input(n))).toBe('later');
    const rules = c.history.findIndex((m) => m.role === 'tool' && m.name === 'list_advisors');
    expect(planAt(conductorBrain, c.history, (n) => c.input(n), rules)).toBe('later');
    const after = c.history.findIndex((m) => m.role === 'tool' && m.name === 'describe_rule_set');
    const plan = planAt(conductorBrain, c.history, (n) => c.input(n), after) as { goal: string; unit: PlanUnit; plannedSequence: unknown };
    const requestId = String(c.delegations()[0]!.context.request_id);
    expect(plan.unit).toEqual({ kind: 'delegation', id: requestId, session_id: SESSION });
    expect(plan.goal).toContain('Alex Wong, Priya Shah');
    expect(tools(plan.plannedSequence)).toEqual([
      'update_session_context',
      'search_embeddings',
      'get_skillset',
      'get_skill_reliability',
      'list_session_companions',
      'create_companion',
      'delegate_task',
    ]);
  });

  it('every task_delegation carries a ResourceBudget and says where it came from', async () => {
    const c = new ScriptedConductor();
    await c.turn(REQUEST);
    for (const d of c.delegations()) {
      expect(d.context.budget).toEqual({ maxToolCalls: expect.any(Number), maxLatency: DEFAULT_TASK_LATENCY_MS });
      expect(d.context.budget_source).toMatch(/^the Conductor's default/);
    }
  });

  it("the budget: the guidelines' companion_strategy.task_budget first, else sized from the task", () => {
    const g = emptyGuidelines();
    expect(companionTaskBudget(g, { skills: 3, planSteps: 5 })).toMatchObject({ budget: { maxToolCalls: 2 + 6 + 20 } });
    const set = { ...g, revision: 4, companion_strategy: { task_budget: { maxToolCalls: 12, maxCost: 500 } } };
    expect(companionTaskBudget(set, { skills: 3, planSteps: 5 })).toEqual({
      budget: { maxToolCalls: 12, maxCost: 500 },
      source: "the Conductor's guidelines (revision 4), companion_strategy.task_budget",
    });
    // Revision 0: the guidelines as the session began, seeded from DCF_COMPANION_TASK_BUDGET.
    const seeded = { ...g, companion_strategy: { task_budget: { maxToolCalls: 12 } } };
    expect(companionTaskBudget(seeded, { skills: 3, planSteps: 5 }).source).toBe(
      "the deployment's Companion task budget (DCF_COMPANION_TASK_BUDGET)",
    );
    const broken = { ...g, companion_strategy: { task_budget: { maxToolCalls: -1 } } };
    expect(companionTaskBudget(broken, { skills: 1, planSteps: 1 }).source).toMatch(/^the Conductor's default/);
  });
});

describe('a Companion plans its task with the budget it was handed', () => {
  it("unit companion_task, the budget as constraints, skills_required as given skills, the protocol's steps", async () => {
    const c = new ScriptedConductor();
    await c.turn('Review the calls of Alex Wong from last week for vulnerable customers');
    const [d] = c.delegations();
    const delegation = {
      type: 'task_delegation',
      task_id: d!.task_id,
      description: 'Review Alex Wong',
      skills_required: d!.skills,
      context: d!.context,
      priority: 'normal',
      conductor_id: 'agent-conductor',
      session_id: SESSION,
      delegated_at: '2024-07-08T09:00:00Z',
    };
    const history: BrainMessage[] = [{ role: 'user', content: JSON.stringify(delegation), sender_agent_id: 'agent-conductor' }];
    const input: BrainInput = {
      agent: { id: 'agent-c1', name: 'c1', role: 'companion', system: '', tags: [] },
      blocks: [],
      tools: [
        'load_skill',
        'invoke_skill_tool',
        'unload_skill',
        'update_companion_status',
        'core_memory_append',
        'send_message_to_agent_async',
      ].map((name) => ({ name, description: name, parameters: { type: 'object' } })),
      history,
    };
    const decision = await companionBrain.decide(input);
    expect(decision.kind).toBe('tool_calls');
    const plan = companionBrain.plan!(input, decision as ToolCallsDecision, TURN) as {
      unit: PlanUnit;
      constraints: unknown;
      given_skills: string[];
      plannedSequence: Array<{ toolName: string; skill?: string }>;
    };
    expect(declarePlanInput.safeParse(plan).success).toBe(true);
    expect(plan.unit).toEqual({ kind: 'companion_task', id: d!.task_id, session_id: SESSION });
    expect(plan.constraints).toEqual(d!.context.budget);
    expect(plan.given_skills).toEqual(d!.skills);
    const names = tools(plan.plannedSequence);
    expect(names.slice(0, d!.skills.length)).toEqual(d!.skills.map(() => 'load_skill'));
    expect(names).toContain('invoke_skill_tool');
    expect(names.at(-1)).toBe('update_companion_status');
    for (const i of plan.plannedSequence.filter((x) => x.toolName === 'invoke_skill_tool')) expect(d!.skills).toContain(i.skill);
  });

  it('plans nothing for a message that is not a task', () => {
    const input: BrainInput = {
      agent: { id: 'agent-c1', name: 'c1', role: 'companion', system: '', tags: [] },
      blocks: [],
      tools: [],
      history: [{ role: 'user', content: 'hello' }],
    };
    expect(companionBrain.plan!(input, { kind: 'tool_calls', tool_calls: [] }, TURN)).toBeNull();
  });
});

describe('a worker plans its Task state once its lease is granted', () => {
  const RUN = '9a4c2b1e-0000-4000-8000-000000000001';
  const event = JSON.stringify({
    workflow_event: {
      type: 'notify_start',
      workflow_id: 'wf-1',
      run_id: RUN,
      state: 'Transcribe',
      reason: 'upstream_done',
      nudge_id: 'n-1',
    },
  });
  const input = (history: BrainMessage[]): BrainInput => ({
    agent: { id: 'agent-w1', name: 'w1', role: 'worker', system: '', tags: [] },
    blocks: [],
    tools: [],
    history,
  });
  const lease = (result: Record<string, unknown>): BrainMessage[] => [
    { role: 'user', content: event },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'acquire_state_lease', arguments: '{}' }] },
    {
      role: 'tool',
      tool_call_id: 'c1',
      name: 'acquire_state_lease',
      content: JSON.stringify(result),
      status: result.status === 'ok' ? 'success' : 'error',
    },
  ];
  const next: ToolCallsDecision = { kind: 'tool_calls', tool_calls: [{ id: 'c2', name: 'load_skill', arguments: '{}' }] };

  it('later before the lease: the lease makes the state its work', () => {
    expect(workerBrain.plan!(input([{ role: 'user', content: event }]), next, TURN)).toBe('later');
  });

  it('with the lease: unit workflow_run (run, state), the bound skills given, load → invoke → write → notify', () => {
    const skill = 'skill://whisper-transcribe@1.0.0';
    const plan = workerBrain.plan!(input(lease({ status: 'ok', error: null, skills: [skill], current_skill: skill })), next, TURN) as {
      unit: PlanUnit;
      given_skills: string[];
      plannedSequence: Array<{ toolName: string; skill?: string }>;
    };
    expect(declarePlanInput.safeParse(plan).success).toBe(true);
    expect(plan.unit).toEqual({ kind: 'workflow_run', id: RUN, session_id: RUN, state: 'Transcribe' });
    expect(plan.given_skills).toEqual([skill]);
    expect(tools(plan.plannedSequence)).toEqual([
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
      'notify_next_worker_agent',
    ]);
    expect(plan.plannedSequence[1]!.skill).toBe(skill);
  });

  it('a refused lease: another worker owns the state, nothing to plan', () => {
    expect(workerBrain.plan!(input(lease({ status: 'error', error: 'held', error_code: 'conflict' })), next, TURN)).toBeNull();
  });
});

describe('the Strategist plans each observation it analyses', () => {
  const observation = {
    type: 'session_observation',
    session_id: 'sess-1',
    task_id: 'req-1-alex',
    companion_id: 'agent-companion-1',
    specialization: 'call-review',
    status: 'succeeded',
    skills_used: ['skill://whisper-transcribe@1.0.0'],
    failed_skill: null,
    duration_s: 2.3,
    tool_calls: 12,
    summary: 'reviewed 4 calls',
    error: null,
    completed_at: '2026-11-24T20:24:11.468Z',
  };
  const input = (content: string, toolNames: string[]): BrainInput => ({
    agent: { id: 'agent-strategist-1', name: 'strategist', role: 'strategist', system: '', tags: ['session:sess-1'] },
    blocks: [],
    tools: toolNames.map((name) => ({ name, description: name, parameters: {} })),
    history: [{ role: 'system', content }],
  });
  const decision: ToolCallsDecision = {
    kind: 'tool_calls',
    tool_calls: [{ id: 'c1', name: 'read_session_activity', arguments: '{}' }],
  };
  const attached = ['read_session_activity', 'get_skill_reliability', 'update_conductor_guidelines', 'add_memory'];

  it("read the session, read each skill's reliability, publish when something is new, keep the episode", () => {
    const plan = strategistBrain.plan!(input(JSON.stringify(observation), attached), decision, TURN);
    expect(declarePlanInput.safeParse(plan).success).toBe(true);
    expect(plan).toMatchObject({ declared_by: 'agent', unit: { ...TURN, session_id: 'sess-1' } });
    expect((plan as { goal: string }).goal).toMatch(/^Learn from task req-1-alex of session sess-1/);
    expect(tools((plan as { plannedSequence: unknown }).plannedSequence)).toEqual(attached);
  });

  it('plans only the tools it has, and nothing for a message that is no observation', () => {
    const plan = strategistBrain.plan!(input(JSON.stringify(observation), attached.slice(0, 2)), decision, TURN);
    expect(tools((plan as { plannedSequence: unknown }).plannedSequence)).toEqual(attached.slice(0, 2));
    expect(strategistBrain.plan!(input('What do you advise?', attached), decision, TURN)).toBeNull();
  });
});

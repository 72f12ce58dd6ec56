import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema/agents.ts';
import { readPlanViews } from '../../planning/store/plan-store.ts';
import { PlanTrackerService } from '../../planning/tracker/plan-tracker.ts';
import type { PlanView } from '../../../lib/planning/schemas.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { testConfig } from '../../testing/test-config.ts';
import type { Brain, BrainDecision } from '../brains/brain.ts';
import { OpenAIChatBrain } from '../brains/openai/openai-brain.ts';
import { openAIBrains, type BrainSelection } from '../brains/select.ts';
import type { AgentEvent } from '../../contracts/agent-platform.ts';
import { RUNTIME_RATIONALE } from './runtime-plan.ts';
import { FakeChatEndpoint, type ChatRequest } from './testing/fake-chat-endpoint.ts';
import { collect, testPlatform } from './testing/platform-harness.ts';

/**
 * Tool-call plans of the OpenAI-compatible brain through the local runtime (issue 17), against a
 * scripted OpenAI-compatible endpoint and the real plan tracker on the test database: a model that
 * declares its plan, one that does not (the runtime declares for it), and a budget run out in
 * enforce mode (the turn ends with its best answer) and in report mode (every call runs).
 */
const stop = (events: AgentEvent[]) => (events.at(-1) as Extract<AgentEvent, { message_type: 'stop_reason' }>).stop_reason;
const returns = (events: AgentEvent[]) => events.flatMap((e) => (e.message_type === 'tool_return_message' ? [e] : []));
const PLANNING = ['declare_tool_call_plan', 'update_tool_call_plan', 'get_tool_call_plan'];

/** The unit the system prompt tells the model to declare (plan-prompt.ts). */
function unitIn(req: ChatRequest): unknown {
  const system = req.messages[0]!.content ?? '';
  const m = /- unit: (\{.*\}) — exactly this\./.exec(system);
  if (!m) throw new Error('the system prompt does not ask for a plan');
  return JSON.parse(m[1]!);
}

describe('tool-call plans of the openai brain in the agent loop', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let fake: FakeChatEndpoint;
  let tracker: PlanTrackerService;
  let platform: ReturnType<typeof testPlatform>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    fake = await FakeChatEndpoint.start();
    tracker = new PlanTrackerService({ db: async () => handle.db, toolCosts: {}, deploymentMode: 'report', flushDelayMs: 1 });
    const brain = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'test-model-1', apiKey: 'sk-test-123' });
    platform = testPlatform(handle.db, openAIBrains(brain), {
      toolServices: { config: testConfig(), db: async () => handle.db, planning: tracker },
    });
  });
  afterAll(async () => {
    await platform.close();
    await fake.close();
    await handle.dispose();
  });
  beforeEach(() => {
    expect(fake.pending).toBe(0);
    fake.requests.length = 0;
  });

  const plansOf = async (agentId: string): Promise<PlanView[]> => {
    await tracker.flush();
    return (await readPlanViews(handle.db, { agent_id: agentId })).reverse();
  };

  it('a model that declares its plan: asked by the prompt, its plan holds the calls, ends Complete', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'plans-itself', tools: ['get_skillset'] });
    const [row] = await handle.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row!.metadata).toMatchObject({ sentinel_mode: 'report' });
    fake.reply(
      (req) => ({
        reasoning_content: 'Plan first, then read the catalog.',
        tool_calls: [
          { name: 'get_skillset', arguments: { tag: 'transcription' } },
          {
            name: 'declare_tool_call_plan',
            arguments: {
              goal: 'Count the transcription skills',
              constraints: { maxToolCalls: 3 },
              plannedSequence: [{ toolName: 'get_skillset', rationale: 'the catalog lists the skills by capability' }],
              unit: unitIn(req),
            },
          },
        ],
      }),
      { content: 'There are two transcription skills.' },
    );
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'How many transcription skills?' }));
    expect(stop(events)).toBe('end_turn');
    expect(fake.requests[0]!.body.messages[0]!.content).toContain('<tool_call_plan>');
    // The declaration ran before the call beside it, so the call is the plan's.
    expect(returns(events).map((r) => [r.name, r.status])).toEqual([
      ['declare_tool_call_plan', 'success'],
      ['get_skillset', 'success'],
      ['update_tool_call_plan', 'success'],
    ]);
    const [view, ...more] = await plansOf(agent.id);
    expect(more).toEqual([]);
    expect(view!.plan).toMatchObject({
      declared_by: 'agent',
      executionState: 'Complete',
      unit: { kind: 'chat_turn' },
      mode: 'report',
      planningContext: { goal: 'Count the transcription skills', constraints: { maxToolCalls: 3 } },
    });
    expect(view!.calls.filter((c) => c.tool_name !== 'model').map((c) => [c.tool_name, c.status, c.intent_index])).toEqual([
      ['get_skillset', 'ok', 0],
    ]);
    // Both model steps' tokens count to the plan (the fake reports 100 + 10 per request).
    expect(view!.usage.model_tokens).toBe(220);
    expect(view!.findings).toEqual([]);
  });

  it('a model that does not declare: the runtime declares its first step for it, and later calls are deviations', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'plans-not', tools: ['get_skillset', 'store_memory'] });
    fake.reply(
      { tool_calls: [{ name: 'get_skillset', arguments: {} }] },
      { tool_calls: [{ name: 'store_memory', arguments: { kind: 'insight', text: 'two skills', agent_id: agent.id } }] },
      { content: 'Noted: two skills.' },
    );
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'Note how many skills we have.' }));
    expect(stop(events)).toBe('end_turn');
    expect(returns(events).map((r) => r.name)).toEqual(['declare_tool_call_plan', 'get_skillset', 'store_memory', 'update_tool_call_plan']);
    const [view, ...more] = await plansOf(agent.id);
    expect(more).toEqual([]);
    expect(view!.plan).toMatchObject({
      declared_by: 'runtime',
      executionState: 'Complete',
      planningContext: { goal: 'Note how many skills we have.' },
      plannedSequence: [{ toolName: 'get_skillset', rationale: RUNTIME_RATIONALE }],
    });
    expect(view!.findings.map((f) => [f.type, f.detail.type === 'PlanDeviation' ? f.detail.deviation : null])).toEqual([
      ['PlanDeviation', 'unplanned_call'],
    ]);
  });

  it('enforce mode: the call over maxToolCalls is refused, the rest of the step is not run, the turn ends with its best answer', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'enforced', tools: ['get_skillset', 'store_memory'] });
    fake.reply(
      (req) => ({
        tool_calls: [
          {
            name: 'declare_tool_call_plan',
            arguments: {
              goal: 'Survey the catalog',
              mode: 'enforce',
              constraints: { maxToolCalls: 1 },
              unit: unitIn(req),
              plannedSequence: [{ toolName: 'get_skillset', rationale: 'read the catalog' }],
            },
          },
          { name: 'get_skillset', arguments: {} },
          { name: 'get_skillset', arguments: { tag: 'transcription' } },
          { name: 'store_memory', arguments: { kind: 'insight', text: 'surveyed', agent_id: agent.id } },
        ],
      }),
      (req) => {
        // The conclusion request: tools off, told the budget ran out.
        expect(req.messages[0]!.content).toContain('<budget_exhausted>');
        return { content: 'My plan\'s budget ran out: I read the catalog once; the transcription list is left. Say "continue".' };
      },
    );
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'Survey the catalog.' }));
    expect(returns(events).map((r) => [r.name, r.status])).toEqual([
      ['declare_tool_call_plan', 'success'],
      ['get_skillset', 'success'],
      ['get_skillset', 'error'],
      ['store_memory', 'error'],
      ['update_tool_call_plan', 'success'],
    ]);
    const [, , refused, notRun] = returns(events);
    expect(JSON.parse(refused!.tool_return)).toMatchObject({ status: 'error', error_code: 'budget_exceeded' });
    expect(JSON.parse(notRun!.tool_return).error).toMatch(/^not run: enforce mode refused get_skillset/);
    expect(fake.requests[1]!.body).toMatchObject({ tool_choice: 'none' });
    expect(events.filter((e) => e.message_type === 'assistant_message').at(-1)).toMatchObject({
      content: expect.stringContaining('budget ran out'),
    });
    expect(stop(events)).toBe('max_steps');
    const [view] = await plansOf(agent.id);
    expect(view!.plan).toMatchObject({ mode: 'enforce', executionState: 'Failed' });
    expect(view!.calls.filter((c) => c.tool_name !== 'model').map((c) => [c.tool_name, c.status])).toEqual([
      ['get_skillset', 'ok'],
      ['get_skillset', 'refused'],
    ]);
    const budget = view!.findings.filter((f) => f.type === 'BudgetExceeded');
    expect(budget.length).toBeGreaterThan(0);
    expect(budget[0]!.detail).toMatchObject({ type: 'BudgetExceeded', enforced: true, exceeded: { dimension: 'maxToolCalls', limit: 1 } });
  });

  it('enforce mode without a model answer: the loop writes what was done, what is left and "continue"', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'enforced-written', tools: ['get_skillset'] });
    fake.reply(
      (req) => ({
        tool_calls: [
          {
            name: 'declare_tool_call_plan',
            arguments: {
              goal: 'Read the catalog twice',
              mode: 'enforce',
              constraints: { maxToolCalls: 1 },
              unit: unitIn(req),
              plannedSequence: [{ toolName: 'get_skillset', rationale: 'read the catalog' }],
            },
          },
          { name: 'get_skillset', arguments: {} },
          { name: 'get_skillset', arguments: { tag: 'scoring' } },
        ],
      }),
      { status: 503, body: '{"error":{"message":"overloaded"}}' },
    );
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'Read the catalog.' }));
    expect(stop(events)).toBe('max_steps');
    const answer = events.filter((e) => e.message_type === 'assistant_message').at(-1) as { content: string };
    expect(answer.content).toContain('the budget of my tool-call plan for this turn ran out');
    expect(answer.content).toContain('get_skillset');
    expect(answer.content).toContain('Say "continue"');
    const [view] = await plansOf(agent.id);
    expect(view!.plan.executionState).toBe('Failed');
  });

  it('report mode: every call runs, and the plan records the BudgetExceeded finding', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'reported', tools: ['get_skillset'] });
    fake.reply(
      (req) => ({
        tool_calls: [
          {
            name: 'declare_tool_call_plan',
            arguments: {
              goal: 'Read the catalog twice',
              constraints: { maxToolCalls: 1 },
              unit: unitIn(req),
              plannedSequence: [{ toolName: 'get_skillset', rationale: 'read the catalog' }],
            },
          },
          { name: 'get_skillset', arguments: {} },
          { name: 'get_skillset', arguments: { tag: 'scoring' } },
        ],
      }),
      { content: 'Read it twice.' },
    );
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'Read the catalog.' }));
    expect(stop(events)).toBe('end_turn');
    expect(
      returns(events)
        .filter((r) => !PLANNING.includes(r.name))
        .map((r) => r.status),
    ).toEqual(['success', 'success']);
    const [view] = await plansOf(agent.id);
    expect(view!.plan).toMatchObject({ mode: 'report', executionState: 'Complete' });
    const budget = view!.findings.filter((f) => f.type === 'BudgetExceeded');
    expect(budget.length).toBeGreaterThan(0);
    expect(budget[0]!.detail).toMatchObject({ enforced: false, exceeded: { dimension: 'maxToolCalls', limit: 1, actual: 2 } });
  });
});

/**
 * A brain with its own plan, driven by a script of decisions (TEST SUPPORT, like the fake
 * endpoint): its plan forecasts `forecast`; each decision is taken in order.
 */
function scriptedBrain(forecast: string[], decisions: BrainDecision[]): Brain {
  let next = 0;
  return {
    name: 'test:scripted',
    async decide() {
      const d = decisions[next++];
      if (!d) throw new Error('the script has no decision left');
      return d;
    },
    plan(input, decision, unit) {
      return {
        goal: 'Survey the catalog',
        plannedSequence: forecast.map((toolName) => ({ toolName, rationale: `${toolName}: part of the survey` })),
        unit,
      };
    },
  };
}
const callOf = (name: string, args: Record<string, unknown> = {}) => ({ id: '', name, arguments: JSON.stringify(args) });

describe("a turn's plan in the agent loop (turn-plan.ts)", () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let tracker: PlanTrackerService;
  let brain: Brain;
  let platform: ReturnType<typeof testPlatform>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    tracker = new PlanTrackerService({ db: async () => handle.db, toolCosts: {}, deploymentMode: 'report', flushDelayMs: 1 });
    const selection: BrainSelection = { forRole: () => brain, describe: () => ({ brain: 'test:scripted' }) };
    platform = testPlatform(handle.db, selection, {
      toolServices: { config: testConfig(), db: async () => handle.db, planning: tracker },
    });
  });
  afterAll(async () => {
    await platform.close();
    await handle.dispose();
  });
  const plansOf = async (agentId: string): Promise<PlanView[]> => {
    await tracker.flush();
    return (await readPlanViews(handle.db, { agent_id: agentId })).reverse();
  };

  it("declares the brain's plan once, replans with the reasoning on an unforeseen step, ends Complete", async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'replans', tools: ['get_skillset', 'store_memory'] });
    brain = scriptedBrain(
      ['get_skillset'],
      [
        { kind: 'tool_calls', reasoning: 'Read the catalog.', tool_calls: [callOf('get_skillset')] },
        { kind: 'tool_calls', reasoning: 'Read it again by capability.', tool_calls: [callOf('get_skillset', { tag: 'scoring' })] },
        {
          kind: 'tool_calls',
          reasoning: 'The catalog has a gap worth remembering.',
          tool_calls: [callOf('store_memory', { kind: 'insight', text: 'gap', agent_id: agent.id })],
        },
        { kind: 'message', content: 'Surveyed.' },
      ],
    );
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'Survey the catalog.' }));
    expect(stop(events)).toBe('end_turn');
    expect(returns(events).map((r) => r.name)).toEqual([
      'declare_tool_call_plan',
      'get_skillset',
      'get_skillset',
      'update_tool_call_plan',
      'store_memory',
      'update_tool_call_plan',
    ]);
    const [first, second, ...more] = await plansOf(agent.id);
    expect(more).toEqual([]);
    expect(first!.plan).toMatchObject({ declared_by: 'agent', executionState: 'Replaced', replaced_by: second!.plan.planId });
    expect(first!.calls.filter((c) => c.tool_name !== 'model').map((c) => c.tool_name)).toEqual(['get_skillset', 'get_skillset']);
    expect(second!.plan).toMatchObject({
      executionState: 'Complete',
      replaces: first!.plan.planId,
      replan_reason: 'The catalog has a gap worth remembering.',
      // The brain's new forecast, after the step it had not foreseen, in the brain's words.
      plannedSequence: [
        { toolName: 'store_memory', rationale: 'The catalog has a gap worth remembering.' },
        { toolName: 'get_skillset', rationale: 'get_skillset: part of the survey' },
      ],
    });
    // It answered before reading the catalog again: that intent is skipped with its final words.
    expect(second!.plan.deviations).toEqual([
      { toolName: 'get_skillset', kind: 'skipped_intent', rationale: 'I stopped before this step: Surveyed.' },
    ]);
    expect(second!.findings).toEqual([]);
  });

  it('intents the brain did not reach are skipped with its final words as the rationale', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'skips', tools: ['get_skillset', 'search_embeddings'] });
    brain = scriptedBrain(
      ['get_skillset', 'search_embeddings'],
      [
        { kind: 'tool_calls', reasoning: 'Read the catalog.', tool_calls: [callOf('get_skillset')] },
        { kind: 'message', content: 'The catalog alone answers it.', reasoning: 'No search needed: the catalog answers it.' },
      ],
    );
    await collect(platform.streamMessage(agent.id, { role: 'user', content: 'Survey the catalog.' }));
    const [view] = await plansOf(agent.id);
    expect(view!.plan.executionState).toBe('Complete');
    expect(view!.plan.deviations).toEqual([
      {
        toolName: 'search_embeddings',
        kind: 'skipped_intent',
        rationale: 'I stopped before this step: No search needed: the catalog answers it.',
      },
    ]);
  });

  it('a turn that ends any other way ends its plan Failed; a plan a turn left active fails at the next turn', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'leftover', tools: ['get_skillset'] });
    const left = await tracker.declare(
      agent.id,
      {
        goal: 'A turn that never ended',
        constraints: {},
        policy: { strategy: 'Greedy', preferGeneralMethods: true },
        plannedSequence: [{ toolName: 'get_skillset', rationale: 'read the catalog' }],
        unit: { kind: 'chat_turn', id: 'msg-old' },
        declared_by: 'agent',
        given_skills: [],
      },
      {},
    );
    if (!('plan' in left)) throw new Error(left.error);
    brain = scriptedBrain(
      ['get_skillset'],
      [
        { kind: 'tool_calls', reasoning: 'Read the catalog.', tool_calls: [callOf('get_skillset')] },
        // The brain breaks: the turn ends with an error, not with its answer.
      ],
    );
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'Survey the catalog.' }));
    expect(stop(events)).not.toBe('end_turn');
    const [old, now] = await plansOf(agent.id);
    expect(old!.plan).toMatchObject({ planId: left.plan.planId, executionState: 'Failed' });
    expect(now!.plan).toMatchObject({ executionState: 'Failed', unit: { kind: 'chat_turn' } });
    expect(tracker.activePlanId(agent.id)).toBeNull();
  });
});

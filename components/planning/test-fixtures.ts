import type { PlanView, SentinelFinding, ToolCallPlan, ToolCallRecord } from '@/lib/planning/schemas';

/** Plans, calls and findings in the contract's shapes (lib/planning/schemas.ts) for the unit tests. */

export const PLAN_ID = '11111111-1111-4111-8111-111111111111';
export const NEXT_PLAN_ID = '22222222-2222-4222-8222-222222222222';

export function plan(over: Partial<ToolCallPlan> = {}): ToolCallPlan {
  return {
    planId: PLAN_ID,
    planningContext: {
      goal: 'Analyse the calls Alex Wong made last week',
      constraints: { maxToolCalls: 3, maxCost: 10 },
      policy: { strategy: 'Greedy', preferGeneralMethods: true },
    },
    plannedSequence: [
      { toolName: 'get_skillset', rationale: 'find the skills for the analysis', expectedOutcome: 'the catalog' },
      {
        toolName: 'invoke_skill_tool',
        rationale: 'transcribe the calls',
        skill: 'skill://whisper-transcribe',
        fallbackOnFailure: {
          toolName: 'invoke_skill_tool',
          rationale: 'the other transcriber',
          skill: 'skill://deepgram',
        },
      },
      { toolName: 'start_workflow_run', rationale: 'run the analysis' },
    ],
    executionState: 'InProgress',
    agent_id: 'agent-planner-1',
    unit: { kind: 'chat_turn', id: 'msg-1', session_id: 'conv-1' },
    mode: 'report',
    declared_by: 'agent',
    replaces: null,
    replan_reason: null,
    replaced_by: null,
    deviations: [],
    given_skills: [],
    user_id: 'user-1',
    workflow_id: null,
    created_at: '2024-07-08T09:00:00.000Z',
    ended_at: null,
    ...over,
  };
}

/** A call record; its id and times follow its `seq` (0 unless given). */
export function call(over: Partial<ToolCallRecord> = {}): ToolCallRecord {
  const n = over.seq ?? 0;
  return {
    id: `rec-${n}`,
    plan_id: PLAN_ID,
    seq: n,
    tool_name: 'get_skillset',
    args_digest: 'digest',
    skill: null,
    started_at: `2024-07-08T09:00:0${n % 10}.000Z`,
    ended_at: `2024-07-08T09:00:0${n % 10}.500Z`,
    latency_ms: 500,
    status: 'ok',
    error_code: null,
    cost_units: 1,
    cost_source: 'tool',
    intent_index: 0,
    ...over,
  };
}

export function finding(over: Partial<SentinelFinding> = {}): SentinelFinding {
  return {
    id: 'f-1',
    plan_id: PLAN_ID,
    agent_id: 'agent-planner-1',
    type: 'BudgetExceeded',
    when: 'live',
    message: 'The plan made 4 tool calls against a limit of 3: 1 over.',
    detail: {
      type: 'BudgetExceeded',
      exceeded: { dimension: 'maxToolCalls', limit: 3, actual: 4, over: 1 },
      enforced: false,
    },
    evidence: ['rec-3'],
    at: '2024-07-08T09:00:04.000Z',
    ...over,
  };
}

export function view(over: Partial<PlanView> = {}): PlanView {
  return {
    plan: plan(),
    calls: [],
    findings: [],
    usage: { tool_calls: 0, latency_ms: 0, cost_units: 0, model_tokens: 0 },
    ...over,
  };
}

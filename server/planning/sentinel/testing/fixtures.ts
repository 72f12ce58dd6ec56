import type { SkillChoiceEvidence, ToolCallIntent, ToolCallPlan, ToolCallRecord } from '../../../../lib/planning/schemas.ts';
import type { Arm } from '../../../learning/policies/index.ts';
import type { SentinelInput } from '../types.ts';

/**
 * Builders for the sentinel's tests: a plan declared at 10:00:00 UTC on 2 March 2026, records a
 * second apart from 10:00:01, and skill choices — each with only what a test states overridden.
 */

export const PLAN_ID = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
export const T0 = '2026-03-02T10:00:00.000Z';

/** T0 plus `ms` milliseconds, as ISO. */
export const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();

export const intent = (toolName: string, extra: Partial<ToolCallIntent> = {}): ToolCallIntent => ({
  toolName,
  rationale: `call ${toolName}`,
  ...extra,
});

export function plan(
  over: Partial<ToolCallPlan> & {
    budget?: ToolCallPlan['planningContext']['constraints'];
    policy?: Partial<ToolCallPlan['planningContext']['policy']>;
  } = {},
): ToolCallPlan {
  const { budget = {}, policy = {}, ...rest } = over;
  return {
    planId: PLAN_ID,
    planningContext: {
      goal: 'answer the question',
      constraints: budget,
      policy: { strategy: 'Greedy', preferGeneralMethods: true, ...policy },
    },
    plannedSequence: [intent('search_skills')],
    executionState: 'InProgress',
    agent_id: 'agent-planner',
    unit: { kind: 'chat_turn', id: 'msg-1', session_id: 'chat-1' },
    mode: 'report',
    declared_by: 'agent',
    replaces: null,
    replan_reason: null,
    replaced_by: null,
    deviations: [],
    given_skills: [],
    user_id: null,
    workflow_id: null,
    created_at: T0,
    ended_at: null,
    ...rest,
  };
}

/** Record `seq` of a call of `tool_name`, started at T0 + (seq + 1) s and taking 500 ms. */
export function record(seq: number, tool_name: string, over: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    id: `rec-${seq}`,
    plan_id: PLAN_ID,
    seq,
    tool_name,
    args_digest: `digest-${seq}`,
    skill: null,
    started_at: at((seq + 1) * 1_000),
    ended_at: at((seq + 1) * 1_000 + 500),
    latency_ms: 500,
    status: 'ok',
    error_code: null,
    cost_units: 1,
    cost_source: 'tool',
    intent_index: null,
    ...over,
  };
}

/** Records of the given tools, in order. */
export const calls = (...tools: string[]): ToolCallRecord[] => tools.map((t, i) => record(i, t));

export const arm = (id: string, successes: number, failures: number, latency_ms?: number): Arm => ({
  id,
  successes,
  failures,
  ...(latency_ms === undefined ? {} : { latency_ms }),
});

export function choice(record_id: string, chosen: string, arms: Arm[], over: Partial<SkillChoiceEvidence> = {}) {
  return { record_id, capability: 'transcription', chosen, arms, general_method_used: true, ...over };
}

export function input(over: Partial<SentinelInput> = {}): SentinelInput {
  return { plan: plan(), records: [], choices: [], capabilityOf: {}, now: at(5_000), ...over };
}

import { describe, expect, it } from 'vitest';
import type { Actor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/** The planning tools' contracts without a database: what each accepts and refuses, and what each needs. */
const tool = (name: string) => findTool(name)!;
const accepts = (name: string, args: unknown) => tool(name).input.safeParse(args).success;
const agent: Actor = { kind: 'agent', id: 'agent-1', label: 'agent-1' };
const user: Actor = { kind: 'user', id: 'u-1', label: 'u@x.test', role: 'stakeholder' };
const bare = (actor: Actor) => ({ actor, services: { config: testConfig() } });
const PLAN = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
const unit = { kind: 'companion_task', id: 'task-1', session_id: 'session-1' };
const intent = (toolName: string) => ({ toolName, rationale: `call ${toolName}` });

describe('planning tools: inputs', () => {
  it('declare_tool_call_plan takes a plan with a fallback chain, budget and policy; defaults both', () => {
    const chained = {
      ...intent('invoke_skill_tool'),
      skill: 'skill://whisper-transcribe@1.0.0',
      fallbackOnFailure: { ...intent('get_skillset'), fallbackOnFailure: intent('search_embeddings') },
    };
    expect(
      accepts('declare_tool_call_plan', {
        goal: 'g',
        plannedSequence: [chained],
        unit,
        constraints: { maxToolCalls: 3, maxLatency: 60_000, maxCost: 12.5, scaleFactor: 1 },
        policy: { strategy: 'UCB', preferGeneralMethods: false },
        given_skills: ['skill://a@1.0.0'],
      }),
    ).toBe(true);
    const parsed = tool('declare_tool_call_plan').input.parse({ goal: 'g', plannedSequence: [intent('x')], unit });
    expect(parsed).toMatchObject({
      constraints: {},
      policy: { strategy: 'Greedy', preferGeneralMethods: true },
      declared_by: 'agent',
      given_skills: [],
    });
  });

  it('declare_tool_call_plan refuses an empty or oversized sequence, a bad unit, unknown keys, a bad budget', () => {
    const ok = { goal: 'g', plannedSequence: [intent('x')], unit };
    expect(accepts('declare_tool_call_plan', { ...ok, plannedSequence: [] })).toBe(false);
    expect(accepts('declare_tool_call_plan', { ...ok, plannedSequence: Array(201).fill(intent('x')) })).toBe(false);
    expect(accepts('declare_tool_call_plan', { ...ok, unit: { kind: 'meeting', id: 'm' } })).toBe(false);
    expect(accepts('declare_tool_call_plan', { ...ok, goal: '' })).toBe(false);
    expect(accepts('declare_tool_call_plan', { ...ok, extra: 1 })).toBe(false);
    expect(accepts('declare_tool_call_plan', { ...ok, constraints: { maxToolCalls: 1.5 } })).toBe(false);
    expect(accepts('declare_tool_call_plan', { ...ok, policy: { strategy: 'Softmax', preferGeneralMethods: true } })).toBe(false);
    expect(
      accepts('declare_tool_call_plan', {
        ...ok,
        plannedSequence: [{ toolName: 'x', rationale: 'r', fallbackOnFailure: { toolName: 'y' } }],
      }),
    ).toBe(false);
  });

  it('update_tool_call_plan takes a replan, deviations or an end; refuses a state it cannot set', () => {
    expect(accepts('update_tool_call_plan', { plan_id: PLAN, reason: 'r', plannedSequence: [intent('x')] })).toBe(true);
    expect(
      accepts('update_tool_call_plan', { plan_id: PLAN, deviations: [{ toolName: 'x', kind: 'skipped_intent', rationale: 'not needed' }] }),
    ).toBe(true);
    expect(accepts('update_tool_call_plan', { plan_id: PLAN, execution_state: 'Failed' })).toBe(true);
    expect(accepts('update_tool_call_plan', { plan_id: PLAN, execution_state: 'Replaced' })).toBe(false);
    expect(accepts('update_tool_call_plan', { plan_id: 'plan-1', execution_state: 'Complete' })).toBe(false);
    expect(accepts('update_tool_call_plan', { plan_id: PLAN, deviations: [{ toolName: 'x', kind: 'late', rationale: 'r' }] })).toBe(false);
  });

  it("the console's read tools bound their filters", () => {
    expect(accepts('get_tool_call_plan', {})).toBe(true);
    expect(accepts('get_tool_call_plan', { plan_id: 'x' })).toBe(false);
    expect(accepts('list_tool_call_plans', { unit_kind: 'workflow_run', unit_id: 'r', limit: 200 })).toBe(true);
    expect(accepts('list_tool_call_plans', { limit: 201 })).toBe(false);
    expect(accepts('list_sentinel_findings', { type: 'PolicyViolation', since: '2026-07-01' })).toBe(true);
    expect(accepts('list_sentinel_findings', { type: 'Oops' })).toBe(false);
    expect(accepts('list_sentinel_findings', { since: '01/07/2026' })).toBe(false);
    expect(accepts('get_tool_call_costs', { dimension: 'workflow' })).toBe(true);
    expect(accepts('get_tool_call_costs', { dimension: 'team' })).toBe(false);
  });
});

describe('planning tools: what they need', () => {
  const declareArgs = { goal: 'g', plannedSequence: [intent('x')], unit };

  it('only an agent declares or changes a plan', async () => {
    expect(await invokeTool(tool('declare_tool_call_plan'), declareArgs, bare(user))).toMatchObject({
      status: 'error',
      error_code: 'forbidden',
    });
    expect(await invokeTool(tool('update_tool_call_plan'), { plan_id: PLAN, execution_state: 'Complete' }, bare(user))).toMatchObject({
      status: 'error',
      error_code: 'forbidden',
    });
    expect(await invokeTool(tool('get_tool_call_plan'), {}, bare(user))).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });

  it('answers unavailable without a tracker or a database', async () => {
    for (const [name, args] of [
      ['declare_tool_call_plan', declareArgs],
      ['update_tool_call_plan', { plan_id: PLAN, execution_state: 'Complete' }],
      ['get_tool_call_plan', {}],
      ['get_tool_call_plan', { plan_id: PLAN }],
      ['list_tool_call_plans', {}],
      ['list_sentinel_findings', {}],
      ['get_tool_call_costs', { dimension: 'agent' }],
      ['list_planning_agents', {}],
    ] as const) {
      expect(await invokeTool(tool(name), args, bare(agent)), name).toMatchObject({ status: 'error', error_code: 'unavailable' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { budgetFindings } from './budget.ts';
import type { ResourceBudget, ToolCallRecord } from '../../../lib/planning/schemas.ts';
import { at, calls, input, plan, record } from './testing/fixtures.ts';

const refusedCall = (seq: number, tool: string, over = {}) =>
  record(seq, tool, { status: 'refused', error_code: 'budget_exceeded', ended_at: null, latency_ms: null, ...over });

/** The live check of a plan with `budget` (and `mode`) over `records`. */
const live = (budget: ResourceBudget, records: ToolCallRecord[], mode: 'report' | 'enforce' = 'report') =>
  budgetFindings(input({ plan: plan({ budget, mode }), records }), 'live');

describe('BudgetExceeded: maxToolCalls', () => {
  it('is not found within the budget, or without one', () => {
    expect(live({ maxToolCalls: 3 }, calls('a', 'b', 'c'))).toEqual([]);
    expect(budgetFindings(input({ records: calls('a', 'b', 'c', 'd', 'e') }), 'live')).toEqual([]);
  });

  it('is found over the budget, with the amount over and the calls past the limit', () => {
    expect(live({ maxToolCalls: 2 }, calls('a', 'b', 'c', 'd'))).toEqual([
      {
        key: `${plan().planId}:BudgetExceeded:maxToolCalls`,
        plan_id: plan().planId,
        agent_id: 'agent-planner',
        type: 'BudgetExceeded',
        when: 'live',
        message: 'The plan made 4 tool calls against a budget of 2 (2 over).',
        detail: {
          type: 'BudgetExceeded',
          exceeded: { dimension: 'maxToolCalls', limit: 2, actual: 4, over: 2 },
          enforced: false,
        },
        evidence: ['rec-2', 'rec-3'],
      },
    ]);
  });

  it('counts neither model records nor planning tools', () => {
    const records = calls('a', 'model', 'get_tool_call_plan', 'update_tool_call_plan', 'b', 'model');
    expect(live({ maxToolCalls: 2 }, records)).toEqual([]);
  });

  it('counts a budget of 0 as exceeded by the first call', () => {
    const [f] = budgetFindings(input({ plan: plan({ budget: { maxToolCalls: 0 } }), records: calls('a') }), 'end');
    expect(f?.detail).toMatchObject({ exceeded: { limit: 0, actual: 1, over: 1 } });
    expect(f?.when).toBe('end');
  });

  it('in enforce mode counts refused attempts and says the limit held', () => {
    const records = [...calls('a', 'b'), refusedCall(2, 'c'), refusedCall(3, 'd')];
    const found = live({ maxToolCalls: 2 }, records, 'enforce');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      message: 'The plan attempted 4 tool calls against a budget of 2 (2 over; 2 calls refused in enforce mode).',
      detail: { exceeded: { dimension: 'maxToolCalls', limit: 2, actual: 4, over: 2 }, enforced: true },
      evidence: ['rec-2', 'rec-3'],
    });
  });

  it('is never enforced in report mode', () => {
    const found = live({ maxToolCalls: 1 }, [...calls('a'), refusedCall(1, 'b')]);
    expect(found[0]?.detail).toMatchObject({ exceeded: { actual: 2 }, enforced: false });
  });

  it('is not enforced in enforce mode when nothing was refused for it', () => {
    const found = live({ maxToolCalls: 1 }, calls('a', 'b'), 'enforce');
    expect(found[0]?.detail).toMatchObject({ enforced: false });
  });
});

describe('BudgetExceeded: maxCost', () => {
  const costs = (...units: number[]) => units.map((u, i) => record(i, i % 2 ? 'model' : 'invoke_skill_tool', { cost_units: u }));

  it('is not found at or under the budget (floating-point dust ignored)', () => {
    expect(live({ maxCost: 10 }, costs(4, 6))).toEqual([]);
    expect(live({ maxCost: 0.3 }, costs(0.1, 0.2))).toEqual([]);
  });

  it('is found over the budget, model tokens included, with the records from the crossing on', () => {
    const found = live({ maxCost: 1000 }, costs(2, 990, 10, 1500, 0));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      message: 'The plan used 2,502 resource units against a cost budget of 1,000 (1,502 over).',
      detail: { exceeded: { dimension: 'maxCost', limit: 1000, actual: 2502, over: 1502 }, enforced: false },
      evidence: ['rec-2', 'rec-3'],
    });
  });

  it('tells a refusal for cost from one for calls by the cost the call would have added', () => {
    const records = [...costs(4, 5), refusedCall(2, 'invoke_skill_tool', { cost_units: 3 })];
    const found = live({ maxCost: 10, maxToolCalls: 5 }, records, 'enforce');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      message: 'The plan used 12 resource units against a cost budget of 10 (2 over; 1 call refused in enforce mode).',
      detail: { exceeded: { dimension: 'maxCost', actual: 12, over: 2 }, enforced: true },
      evidence: ['rec-2'],
    });
  });
});

describe('BudgetExceeded: maxLatency', () => {
  const records = calls('a', 'b'); // the last ends at T0 + 2.5 s

  it('is measured live against now', () => {
    const p = plan({ budget: { maxLatency: 10_000 } });
    expect(budgetFindings(input({ plan: p, records, now: at(10_000) }), 'live')).toEqual([]);
    const [f] = budgetFindings(input({ plan: p, records, now: at(12_345) }), 'live');
    expect(f).toMatchObject({
      message: 'The plan ran for 12,345 ms against a time budget of 10,000 ms (2,345 ms over).',
      detail: { exceeded: { dimension: 'maxLatency', limit: 10_000, actual: 12_345, over: 2_345 }, enforced: false },
      evidence: [],
    });
  });

  it("is measured at the end to the last record's end, not to now", () => {
    const p = plan({ budget: { maxLatency: 2_000 }, executionState: 'Complete' });
    const [f] = budgetFindings(input({ plan: p, records, now: at(60_000) }), 'end');
    expect(f?.detail).toMatchObject({ exceeded: { actual: 2_500, over: 500 } });
    expect(f?.evidence).toEqual(['rec-1']);
    expect(budgetFindings(input({ plan: plan({ budget: { maxLatency: 2_500 } }), records, now: at(60_000) }), 'end')).toEqual([]);
  });

  it("uses a running record's start, and the plan's own end when it recorded nothing", () => {
    const running = [record(0, 'a', { status: 'running', ended_at: null, started_at: at(7_000) })];
    const p = plan({ budget: { maxLatency: 5_000 } });
    expect(budgetFindings(input({ plan: p, records: running }), 'end')[0]?.detail).toMatchObject({ exceeded: { actual: 7_000 } });
    const ended = plan({ budget: { maxLatency: 5_000 }, ended_at: at(4_000) });
    expect(budgetFindings(input({ plan: ended, now: at(60_000) }), 'end')).toEqual([]);
  });

  it('is enforced when a call starting past the deadline was refused', () => {
    const p = plan({ mode: 'enforce', budget: { maxLatency: 1_500 } });
    const records = [...calls('a'), refusedCall(1, 'b')];
    const found = budgetFindings(input({ plan: p, records, now: at(2_100) }), 'live');
    expect(found[0]?.detail).toMatchObject({ exceeded: { actual: 2_100, over: 600 }, enforced: true });
    expect(found[0]?.evidence).toEqual(['rec-1']);
  });

  it('refuses a time that does not parse', () => {
    expect(() => budgetFindings(input({ plan: plan({ budget: { maxLatency: 1 } }), now: 'soon' }), 'live')).toThrow(
      /now is not an ISO 8601 time/,
    );
  });
});

it('finds one BudgetExceeded per dimension, in the order calls, latency, cost', () => {
  const p = plan({ budget: { maxToolCalls: 1, maxLatency: 1_000, maxCost: 1 } });
  const found = budgetFindings(input({ plan: p, records: calls('a', 'b', 'c'), now: at(9_000) }), 'live');
  expect(found.map((f) => f.key.split(':').at(-1))).toEqual(['maxToolCalls', 'maxLatency', 'maxCost']);
});

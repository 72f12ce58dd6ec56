import { describe, expect, it } from 'vitest';
import { budgetGauges } from './gauges';

const usage = { tool_calls: 4, latency_ms: 1_500, cost_units: 2.5, model_tokens: 0 };

describe('budgetGauges', () => {
  it("says how far over a limit the plan went, in the dimension's unit", () => {
    const [calls] = budgetGauges({ maxToolCalls: 3 }, usage);
    expect(calls).toMatchObject({ used: '4 calls', limit: 'of 3 calls', fraction: 1, over: '1 call over', tone: 'bad' });
  });

  it('shows "no limit" and no bar where the budget sets none', () => {
    const gauges = budgetGauges({ maxToolCalls: 3 }, usage);
    expect(gauges[1]).toMatchObject({ label: 'Time', used: '1.5 s', limit: 'no limit', fraction: null, over: null, tone: 'none' });
    expect(gauges[2]).toMatchObject({ label: 'Cost', used: '2.5 units', limit: 'no limit', fraction: null });
  });

  it('warns near a limit and is calm well within it', () => {
    const [, time, cost] = budgetGauges({ maxLatency: 10_000, maxCost: 3 }, usage);
    expect(time).toMatchObject({ fraction: 0.15, tone: 'ok', over: null, limit: 'of 10 s' });
    expect(cost).toMatchObject({ tone: 'warn', over: null });
    expect(cost!.fraction).toBeCloseTo(2.5 / 3);
  });

  it('treats a zero limit as over at the first unit, and at the limit as not over', () => {
    const [calls, , cost] = budgetGauges({ maxToolCalls: 0, maxCost: 2.5 }, usage);
    expect(calls).toMatchObject({ fraction: 1, over: '4 calls over', tone: 'bad' });
    expect(cost).toMatchObject({ fraction: 1, over: null, tone: 'warn' });
  });
});

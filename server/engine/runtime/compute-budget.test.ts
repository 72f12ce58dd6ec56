import { describe, expect, it } from 'vitest';
import { failure } from './__fixtures__/states-failure.ts';
import { testContext } from './__fixtures__/context.ts';
import { evaluateChoice } from './choice.ts';
import { CHECK_INTERVAL, ComputeBudgetExceeded, chargeCompute, withinComputeBudget } from './compute-budget.ts';
import { selectEffectiveInput } from './data-flow.ts';
import { evaluatePath } from './evaluate-path.ts';
import { evaluateIntrinsic } from './evaluate-intrinsic.ts';
import { deepEqual } from './json-values.ts';
import { applyPayloadTemplate } from './payload-template.ts';

/** A clock that advances `step` ms each time it is read, and counts its readings. */
function steppingClock(step: number) {
  let now = 0;
  const clock = Object.assign(() => (clock.readings++, (now += step)), { readings: 0 });
  return clock;
}

const context = testContext();
const items = Array.from({ length: 10_000 }, (_, i) => ({ v: i }));
const CAUSE = "computing the state took longer than 1000 ms (the engine's limit for one step)";

/** Runs `work` under a 1000 ms budget whose clock moves 10 ms per reading. */
function underSlowClock(work: () => unknown): unknown {
  return withinComputeBudget({ limitMs: 1000, clock: steppingClock(10) }, work);
}

describe('compute budget', () => {
  it('fails a filter over many items with States.Runtime once the clock passes the deadline', () => {
    const e = failure(() => underSlowClock(() => evaluatePath('$.items[?(@.v > 5)]', { items }, context)));
    expect(e).toBeInstanceOf(ComputeBudgetExceeded);
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toBe(CAUSE);
  });

  it('lets the same work finish when the clock stays within the budget', () => {
    const clock = steppingClock(0.01);
    const result = withinComputeBudget({ limitMs: 1000, clock }, () => evaluatePath('$.items[?(@.v > 5)]', { items }, context));
    expect(result).toHaveLength(9_994);
    expect(clock.readings).toBeGreaterThan(1);
  });

  it('reads the clock once per CHECK_INTERVAL units, so small steps cost no clock reading at all', () => {
    const clock = steppingClock(10_000);
    withinComputeBudget({ limitMs: 1000, clock }, () => {
      for (let i = 0; i < CHECK_INTERVAL - 1; i++) chargeCompute();
    });
    expect(clock.readings).toBe(1); // the deadline itself
    expect(() => withinComputeBudget({ limitMs: 1000, clock }, () => chargeCompute(CHECK_INTERVAL))).toThrow(ComputeBudgetExceeded);
  });

  it('stays States.Runtime through a payload template and an intrinsic argument (never renamed)', () => {
    const template = { 'big.$': '$.items[?(@.v > 5)]' };
    const viaTemplate = failure(() => underSlowClock(() => applyPayloadTemplate(template, { items }, context)));
    expect([viaTemplate.error, viaTemplate.cause]).toEqual(['States.Runtime', CAUSE]);
    const viaIntrinsic = failure(() =>
      underSlowClock(() => evaluateIntrinsic('States.ArrayLength($.items[?(@.v > 5)])', { items }, context)),
    );
    expect([viaIntrinsic.error, viaIntrinsic.cause]).toEqual(['States.Runtime', CAUSE]);
  });

  it('bounds Parameters, Choice rules and structural comparison of large data', () => {
    const pass = { Type: 'Pass', Parameters: { 'all.$': '$..v' } };
    expect(failure(() => underSlowClock(() => selectEffectiveInput(pass, { items }, context))).cause).toBe(CAUSE);
    const rules = Array.from({ length: 10_000 }, () => ({ Variable: '$.n', NumericEquals: 1, Next: 'X' }));
    expect(failure(() => underSlowClock(() => evaluateChoice({ Choices: rules, Default: 'D' }, { n: 0 }))).cause).toBe(CAUSE);
    const copy = structuredClone(items);
    expect(failure(() => underSlowClock(() => deepEqual(items, copy))).cause).toBe(CAUSE);
  });

  it('limits nothing outside a budget, and restores the outer budget after an inner one', () => {
    expect(evaluatePath('$.items[?(@.v > 5)]', { items }, context)).toHaveLength(9_994);
    const outer = steppingClock(0);
    withinComputeBudget({ limitMs: 1000, clock: outer }, () => {
      expect(failure(() => underSlowClock(() => deepEqual(items, structuredClone(items)))).cause).toBe(CAUSE);
      expect(deepEqual(items, structuredClone(items))).toBe(true);
    });
    expect(outer.readings).toBeGreaterThan(1);
  });
});

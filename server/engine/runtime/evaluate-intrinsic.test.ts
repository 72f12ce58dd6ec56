import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../__fixtures__/load.ts';
import { testContext } from './__fixtures__/context.ts';
import { evaluateIntrinsic } from './evaluate-intrinsic.ts';

interface IntrinsicEvalCases {
  data: Record<string, unknown>;
  values: Array<{ text: string; expected: unknown }>;
  failures: Array<{ text: string; cause: string }>;
}
const cases = loadFixture<IntrinsicEvalCases>('../runtime/__fixtures__/intrinsic-eval-cases.json');
const context = testContext({ Map: { Item: { Index: 3, Value: { sku: 'A-1' } } } });
const run = (text: string, data: unknown = cases.data, random?: () => number) => evaluateIntrinsic(text, data, context, random);

describe('evaluateIntrinsic', () => {
  it.each(cases.values)('$text', ({ text, expected }) => {
    expect(run(text)).toEqual(expected);
  });

  it.each(cases.failures)('$text fails with States.IntrinsicFailure', ({ text, cause }) => {
    const e = failure(() => run(text));
    expect(e.error).toBe('States.IntrinsicFailure');
    expect(e.cause).toContain(cause);
  });

  it('covers all 18 functions in the value cases', () => {
    const used = new Set(cases.values.flatMap((c) => c.text.match(/States\.[A-Za-z0-9]+/g) ?? []));
    used.add('States.MathRandom').add('States.UUID'); // random: tested below
    expect(used.size).toBe(18);
  });

  it('ArrayRange may produce exactly 1000 items', () => {
    const range = run('States.ArrayRange(0, 999, 1)') as number[];
    expect(range).toHaveLength(1000);
    expect(range[999]).toBe(999);
  });

  it('MathRandom draws an integer in [start, end] from the injected random source', () => {
    expect(run('States.MathRandom(1, 10)', {}, () => 0)).toBe(1);
    expect(run('States.MathRandom(1, 10)', {}, () => 0.5)).toBe(6);
    expect(run('States.MathRandom(1, 10)', {}, () => 0.999999)).toBe(10);
    expect(run('States.MathRandom($.start, $.end)', cases.data, () => 0.25)).toBe(250);
    expect(run('States.MathRandom(-5, 5)', {}, () => 0)).toBe(-5);
  });

  it('MathRandom with a seed ignores the random source and repeats', () => {
    const a = run('States.MathRandom(1, 1000, 1234)', {}, () => 0);
    const b = run('States.MathRandom(1, 1000, 1234)', {}, () => 0.99);
    const c = run('States.MathRandom(1, 1000, 4321)', {}, () => 0);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a).toBeGreaterThanOrEqual(1);
    expect(a).toBeLessThanOrEqual(1000);
    expect(Number.isInteger(a)).toBe(true);
  });

  it('UUID returns distinct version 4 UUIDs', () => {
    const a = run('States.UUID()');
    const b = run('States.UUID()');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('limits Base64 and Hash inputs to 10,000 characters', () => {
    const data = { ok: 'x'.repeat(10_000), big: 'x'.repeat(10_001) };
    expect(run("States.Hash($.ok, 'MD5')", data)).toMatch(/^[0-9a-f]{32}$/);
    for (const text of ['States.Base64Encode($.big)', 'States.Base64Decode($.big)', "States.Hash($.big, 'MD5')"]) {
      expect(failure(() => run(text, data)).cause).toContain('the input has 10001 characters (at most 10000)');
    }
  });
});

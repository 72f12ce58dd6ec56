import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_DEPTH } from '../document-guard.ts';
import { CHECK_INTERVAL, withinComputeBudget } from './compute-budget.ts';
import { failure } from './__fixtures__/states-failure.ts';
import { testContext } from './__fixtures__/context.ts';
import { evaluateIntrinsic } from './evaluate-intrinsic.ts';
import { MAX_ARRAY_UNIQUE_ITEMS } from './intrinsic-array.ts';
import { canonicalJson, deepEqual } from './json-values.ts';

const run = (text: string, data: unknown) => evaluateIntrinsic(text, data, testContext());
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);

describe('intrinsic limits', () => {
  it('ArrayUnique is linear: the largest allowed array of distinct objects costs fewer work units than its JSON has characters', () => {
    const items = Array.from({ length: MAX_ARRAY_UNIQUE_ITEMS }, (_, i) => ({ id: i, tags: ['x', i % 7] }));
    // Counted work: the compute budget's injected clock is read once every CHECK_INTERVAL units the
    // engine charges, so a clock that counts its readings meters the work; past the bound the budget
    // fails the call at once (pairwise comparison would charge ~10^8 units here).
    const bound = JSON.stringify(items).length;
    let readings = 0;
    const meter = { limitMs: Math.ceil(bound / CHECK_INTERVAL), clock: () => readings++ };
    expect(withinComputeBudget(meter, () => run('States.ArrayUnique($.items)', { items }))).toHaveLength(MAX_ARRAY_UNIQUE_ITEMS);
    expect(readings).toBeGreaterThan(MAX_ARRAY_UNIQUE_ITEMS / CHECK_INTERVAL); // the meter ran: at least a unit per item
    expect((readings - 1) * CHECK_INTERVAL).toBeLessThanOrEqual(bound);
  });

  it('ArrayUnique compares structurally: key order does not matter, the first occurrence stays', () => {
    const items = [{ a: 1, b: [1, { c: 2 }] }, 1, { b: [1, { c: 2 }], a: 1 }, '1', 1.0, [], {}, [], null, { a: 1 }];
    expect(run('States.ArrayUnique($.items)', { items })).toEqual([{ a: 1, b: [1, { c: 2 }] }, 1, '1', [], {}, null, { a: 1 }]);
  });

  it(`ArrayUnique refuses more than ${MAX_ARRAY_UNIQUE_ITEMS} items with States.Runtime`, () => {
    const items = Array.from({ length: MAX_ARRAY_UNIQUE_ITEMS + 1 }, (_, i) => i);
    const e = failure(() => run('States.ArrayUnique($.items)', { items }));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toBe(
      `States.ArrayUnique: the array has ${MAX_ARRAY_UNIQUE_ITEMS + 1} items; the engine takes at most ${MAX_ARRAY_UNIQUE_ITEMS}`,
    );
  });

  it(`StringToJson refuses JSON nested deeper than ${MAX_DOCUMENT_DEPTH} levels with States.Runtime`, () => {
    const text = JSON.stringify(nested(MAX_DOCUMENT_DEPTH + 1));
    const e = failure(() => run('States.StringToJson($.text)', { text }));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toBe(`States.StringToJson: the JSON nests deeper than ${MAX_DOCUMENT_DEPTH} levels, beyond the engine's limit`);
    expect(run('States.StringToJson($.text)', { text: JSON.stringify(nested(MAX_DOCUMENT_DEPTH)) })).toEqual(nested(MAX_DOCUMENT_DEPTH));
  });

  it('JsonToString and Hash of a value too deep to serialise fail the call instead of the worker', () => {
    const deep = nested(200_000);
    for (const text of ['States.JsonToString($.deep)', "States.Hash($.deep, 'MD5')"]) {
      const e = failure(() => run(text, { deep }));
      expect(e.error).toBe('States.IntrinsicFailure');
      expect(e.cause).toContain('the value cannot be turned into JSON text');
    }
  });

  it('selects, compares and keys values of any depth without exhausting the stack', () => {
    const a = nested(200_000);
    const b = nested(200_000);
    expect(deepEqual(a, b)).toBe(true);
    expect(canonicalJson([[1]])).toBe('[[1]]');
    expect(canonicalJson(a)).toHaveLength(400_001);
    expect(run('States.ArrayContains($.list, $.x)', { list: [0, a], x: b })).toBe(true);
  });

  it('a wildcard over 200,000 items selects them all (no spread of the node list into one call)', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => i);
    expect(run('States.ArrayLength($.items[*])', { items })).toBe(200_000);
  });
});

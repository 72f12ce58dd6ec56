import { describe, expect, it } from 'vitest';
import { choiceWorkflow } from './__fixtures__/workflows';
import { sampleValue } from './sample-value';
import { inputShapeOf } from './state-shapes';

describe('sampleValue', () => {
  it('fills the input of a Choice with the workflow input fields and the Task result before it', () => {
    const value = sampleValue(inputShapeOf(choiceWorkflow(), '/asl/States/Check'));
    expect(value).toEqual({
      advisor_name: '',
      score: 0,
      result: { ok: false, summary: '', data: null, metrics: { latency_ms: 0 }, artifacts: [null] },
    });
  });

  it('gives dates where the format says so, tuples by position, and null for what is not known', () => {
    expect(sampleValue({ kind: 'string', format: 'date' })).toBe('2024-01-01');
    expect(sampleValue({ kind: 'array', items: { kind: 'unknown' }, tuple: [{ kind: 'boolean' }, { kind: 'integer' }] })).toEqual([
      false,
      0,
    ]);
    expect(sampleValue({ kind: 'unknown' })).toBeNull();
  });
});

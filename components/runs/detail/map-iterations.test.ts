import { describe, expect, it } from 'vitest';
import { mapIterations } from './map-iterations';
import type { Instance } from './types';

const i = (instance: string, status: Instance['status'], last_error: string | null = null) =>
  ({ instance, status, last_error }) as Instance;

describe('mapIterations', () => {
  it('sums up each iteration of one Map from its instances (nested Maps counted in their outer iteration)', () => {
    const list = [
      i('M', 'running'),
      i('M[0]/A', 'done'),
      i('M[0]/B', 'done'),
      i('M[1]/A', 'done'),
      i('M[1]/B', 'failed', 'SkillError: x'),
      i('M[2]/A', 'done'),
      i('M[2]/B', 'pending'),
      i('M[10]/A', 'pending'),
      i('M[3]/Inner[0]/C', 'done'),
      i('Other[0]/A', 'done'),
    ];
    expect(mapIterations('M', list)).toEqual([
      { index: 0, status: 'done', instances: 2, lastError: null },
      { index: 1, status: 'failed', instances: 2, lastError: 'SkillError: x' },
      { index: 2, status: 'running', instances: 2, lastError: null },
      { index: 3, status: 'done', instances: 1, lastError: null },
      { index: 10, status: 'pending', instances: 1, lastError: null },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { runOfExecution } from './format';

describe('runOfExecution', () => {
  it('finds the run of a redrive segment, and keeps a plain run id', () => {
    expect(runOfExecution('9b1c-aa~redrive2')).toEqual({ runId: '9b1c-aa', redrive: 2 });
    expect(runOfExecution('9b1c-aa')).toEqual({ runId: '9b1c-aa', redrive: 0 });
  });
});

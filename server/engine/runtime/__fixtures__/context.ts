import type { ContextObject } from '../types.ts';

/** Test support: a context object with fixed values, optionally extended. */
export function testContext(extra: Partial<ContextObject> = {}): ContextObject {
  return {
    Execution: { Id: 'exec-1', Input: { order: { id: 'o-7', lines: [1, 2] } }, Name: 'run-1', StartTime: '2024-05-01T10:00:00Z' },
    State: { Name: 'Current', EnteredTime: '2024-05-01T10:00:05Z', RetryCount: 0 },
    StateMachine: { Id: 'sm-1', Name: 'machine' },
    ...extra,
  };
}

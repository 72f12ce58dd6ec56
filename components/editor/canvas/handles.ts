/**
 * Handle ids on state nodes. An edge's `sourceHandle` says which field it sets: Next, a Choice
 * rule, a Choice's Default, or a Catch; every edge enters a state through `in`.
 */
export const HANDLE = { in: 'in', next: 'next', rule: 'rule', default: 'default', catch: 'catch' } as const;
export type SourceHandle = Exclude<(typeof HANDLE)[keyof typeof HANDLE], 'in'>;

export function isSourceHandle(id: string | null | undefined): id is SourceHandle {
  return id === HANDLE.next || id === HANDLE.rule || id === HANDLE.default || id === HANDLE.catch;
}

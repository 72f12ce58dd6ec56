import { isObject } from '@/server/engine/json';

/**
 * New retriers and catchers. A retrier or catcher matching `States.ALL` must be the last of its
 * list, so a new one goes before such a catch-all and matches `States.TaskFailed` instead.
 */

/** Common error names for ErrorEquals (the States Language's predefined errors). */
export const COMMON_ERRORS = [
  'States.ALL',
  'States.Timeout',
  'States.TaskFailed',
  'States.Runtime',
  'States.HeartbeatTimeout',
  'States.Permissions',
  'States.ResultPathMatchFailure',
  'States.ParameterPathFailure',
  'States.IntrinsicFailure',
  'States.BranchFailed',
  'States.NoChoiceMatched',
  'States.ItemReaderFailed',
  'States.ExceedToleratedFailureThreshold',
] as const;

const catchesAll = (entry: unknown) => isObject(entry) && Array.isArray(entry.ErrorEquals) && entry.ErrorEquals.includes('States.ALL');

/** `list` with `entry` added at the end, or just before a trailing catch-all. */
function insertEntry(list: readonly unknown[], entry: Record<string, unknown>): unknown[] {
  const at = catchesAll(list.at(-1)) ? list.length - 1 : list.length;
  return [...list.slice(0, at), entry, ...list.slice(at)];
}

/** A retrier with the usual back-off (1 s, ×2, 3 attempts) added to `list`. */
export function addRetrier(list: readonly unknown[]): unknown[] {
  return insertEntry(list, {
    ErrorEquals: [list.some(catchesAll) ? 'States.TaskFailed' : 'States.ALL'],
    IntervalSeconds: 1,
    MaxAttempts: 3,
    BackoffRate: 2,
  });
}

/** A catcher going to `next` added to `list`. */
export function addCatcher(list: readonly unknown[], next: string): unknown[] {
  return insertEntry(list, { ErrorEquals: [list.some(catchesAll) ? 'States.TaskFailed' : 'States.ALL'], Next: next });
}

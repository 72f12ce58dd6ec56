import { MAX_WAIT_SECONDS } from '../asl/check-wait.ts';
import { hasOwn } from '../json.ts';
import { pathValue } from './evaluate-path.ts';
import { isNonNegativeInteger, preview } from './json-values.ts';
import { runtimeError } from './states-error.ts';
import { instantToDate, parseTimestamp } from './timestamps.ts';
import type { AslState, ContextObject, Json } from './types.ts';

/**
 * Wait: the moment the state ends. `Seconds`/`SecondsPath` count from `now`; `Timestamp`/
 * `TimestampPath` name the moment (already past means "do not wait": the runner compares with
 * its clock). Paths read `input`, the effective input after InputPath. Millisecond precision.
 * `context` is optional (added to the agreed signature) for `$$` paths. States.Runtime for:
 * - a path naming nothing;
 * - seconds that are not a non-negative integer (the spec: negative, fractional, non-finite and
 *   non-numeric values are all refused), or more than MAX_WAIT_SECONDS (the validator's limit for
 *   Seconds; 1e300 would otherwise give an invalid date that no scheduler can honour);
 * - a timestamp that is not RFC 3339 (uppercase T and Z);
 * - any end that is not a valid date (a last guard: the runner must never schedule one).
 */
export function waitUntil(state: AslState, input: Json, now: Date, context?: ContextObject): Date {
  if (hasOwn(state, 'Seconds')) return afterSeconds(now, state.Seconds, 'Seconds');
  if (hasOwn(state, 'Timestamp')) return at(state.Timestamp, 'Timestamp');
  if (hasOwn(state, 'SecondsPath')) {
    return afterSeconds(now, readPath(state.SecondsPath, 'SecondsPath', input, context), 'SecondsPath');
  }
  if (hasOwn(state, 'TimestampPath')) {
    return at(readPath(state.TimestampPath, 'TimestampPath', input, context), 'TimestampPath');
  }
  return runtimeError('a Wait state needs Seconds, Timestamp, SecondsPath or TimestampPath');
}

function readPath(path: unknown, field: string, input: Json, context: ContextObject | undefined): unknown {
  if (typeof path !== 'string') runtimeError(`${field} must be a path string`);
  return pathValue(path, input, context);
}

function afterSeconds(now: Date, seconds: unknown, field: string): Date {
  if (!isNonNegativeInteger(seconds)) {
    runtimeError(`${field} must give a non-negative integer number of seconds, got ${preview(seconds)}`);
  }
  if (seconds > MAX_WAIT_SECONDS) {
    runtimeError(`${field} gives ${preview(seconds)} seconds; a Wait lasts at most ${MAX_WAIT_SECONDS} seconds`);
  }
  return valid(new Date(now.getTime() + seconds * 1000), field, seconds);
}

function at(timestamp: unknown, field: string): Date {
  const instant = parseTimestamp(timestamp);
  if (!instant) {
    runtimeError(`${field} must give an RFC 3339 timestamp such as "2016-03-14T01:59:00Z", got ${preview(timestamp)}`);
  }
  return valid(instantToDate(instant), field, timestamp);
}

function valid(date: Date, field: string, value: unknown): Date {
  if (Number.isNaN(date.getTime())) runtimeError(`${field} ${preview(value)} gives a moment outside the date range`);
  return date;
}

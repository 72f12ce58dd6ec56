import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import { checkNumber } from './field-rules.ts';
import { checkPathField } from './path-fields.ts';
import { isRfc3339Timestamp } from './timestamp.ts';

const DURATION_FIELDS = ['Seconds', 'Timestamp', 'SecondsPath', 'TimestampPath'] as const;

/**
 * The longest Wait, in seconds (AWS's limit for Seconds, about three years). The runtime holds a
 * SecondsPath value to the same limit, so every Wait ends at a representable date.
 */
export const MAX_WAIT_SECONDS = 99_999_999;

/** A Wait has exactly one of Seconds, Timestamp, SecondsPath and TimestampPath. */
export function checkWait(state: JsonObject, base: string, out: ValidationIssue[]): void {
  const present = DURATION_FIELDS.filter((f) => hasOwn(state, f));
  if (present.length === 0) {
    out.push(issue(base, 'asl.wait_duration', 'a Wait needs one of Seconds, Timestamp, SecondsPath or TimestampPath'));
  } else if (present.length > 1) {
    out.push(
      issue(
        child(base, present[1]!),
        'asl.wait_duration',
        `a Wait takes exactly one of ${DURATION_FIELDS.join(', ')}; found ${present.join(' and ')}`,
      ),
    );
  }
  checkNumber(state, 'Seconds', base, out, { integer: true, min: 0, max: MAX_WAIT_SECONDS });
  if (hasOwn(state, 'Timestamp')) {
    const ts = state.Timestamp;
    if (typeof ts !== 'string' || !isRfc3339Timestamp(ts)) {
      out.push(
        issue(
          child(base, 'Timestamp'),
          'asl.invalid_timestamp',
          `Timestamp must be an RFC 3339 timestamp such as 2016-03-14T01:59:00Z, got ${quote(ts)}`,
        ),
      );
    }
  }
  checkPathField(state, 'SecondsPath', base, out, 'reference');
  checkPathField(state, 'TimestampPath', base, out, 'reference');
}

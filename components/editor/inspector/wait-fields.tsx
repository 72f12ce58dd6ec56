'use client';
import { AlternativeField } from './alternative-field';

/** A Wait's four forms: a number of seconds, a timestamp, or either read from the input. */
export function WaitFields() {
  return (
    <AlternativeField
      legend="Wait for"
      help="Exactly one form."
      alternatives={[
        { field: 'Seconds', label: 'Seconds', kind: 'number', integer: true, min: 0, max: 99_999_999, start: 1 },
        {
          field: 'Timestamp',
          label: 'Until a time',
          kind: 'timestamp',
          start: '2024-01-01T00:00:00Z',
          help: 'RFC 3339, e.g. 2024-07-01T09:00:00Z.',
        },
        { field: 'SecondsPath', label: 'Seconds from a path', kind: 'path', rule: 'reference', start: '$.wait_seconds' },
        { field: 'TimestampPath', label: 'Time from a path', kind: 'path', rule: 'reference', start: '$.until' },
      ]}
    />
  );
}

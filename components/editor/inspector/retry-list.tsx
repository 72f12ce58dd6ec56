'use client';
import { NumberField, SelectField, TextField } from './controls';
import { EntryList } from './entry-list';
import { ErrorEquals } from './error-equals';
import { AddButton } from './list-controls';
import { addRetrier } from './retry-catch';

const JITTER = [
  { value: '', label: 'Default (NONE)' },
  { value: 'FULL', label: 'FULL' },
  { value: 'NONE', label: 'NONE' },
];

/** The Retry list of a Task, Parallel or Map: add, remove, reorder retriers and edit each one. */
export function RetryList() {
  return (
    <EntryList
      field="Retry"
      legend="Retry"
      help="Retriers are tried in order; the first whose ErrorEquals matches retries the state after IntervalSeconds × BackoffRate^attempt."
      itemName="retrier"
      itemFields={['ErrorEquals', 'IntervalSeconds', 'MaxAttempts', 'BackoffRate', 'MaxDelaySeconds', 'JitterStrategy', 'Comment']}
      add={(list, write) => (
        <AddButton testId="add-retrier" onClick={() => write(addRetrier(list))}>
          Add retrier
        </AddButton>
      )}
    >
      {({ entry, set, at }) => (
        <>
          <ErrorEquals at={at('ErrorEquals')} value={entry.ErrorEquals} onChange={(v) => set('ErrorEquals', v, false)} />
          <div className="grid grid-cols-2 gap-2">
            <NumberField
              at={at('IntervalSeconds')}
              label="Interval (s)"
              help="Default 1."
              integer
              min={1}
              value={entry.IntervalSeconds}
              onChange={(v) => set('IntervalSeconds', v)}
            />
            <NumberField
              at={at('MaxAttempts')}
              label="Max attempts"
              help="Default 3; 0 never retries."
              integer
              min={0}
              value={entry.MaxAttempts}
              onChange={(v) => set('MaxAttempts', v)}
            />
            <NumberField
              at={at('BackoffRate')}
              label="Backoff rate"
              help="Default 2.0; at least 1."
              min={1}
              value={entry.BackoffRate}
              onChange={(v) => set('BackoffRate', v)}
            />
            <NumberField
              at={at('MaxDelaySeconds')}
              label="Max delay (s)"
              help="Caps the interval."
              integer
              min={1}
              value={entry.MaxDelaySeconds}
              onChange={(v) => set('MaxDelaySeconds', v)}
            />
          </div>
          <SelectField
            at={at('JitterStrategy')}
            label="Jitter"
            help="FULL spreads retries randomly up to the interval."
            value={typeof entry.JitterStrategy === 'string' ? entry.JitterStrategy : ''}
            options={JITTER}
            onChange={(v) => set('JitterStrategy', v === '' ? undefined : v, false)}
          />
          <TextField at={at('Comment')} label="Comment" value={entry.Comment} onChange={(v) => set('Comment', v)} />
        </>
      )}
    </EntryList>
  );
}

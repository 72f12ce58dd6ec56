'use client';
import { isObject } from '@/server/engine/json';
import { NumberField, SelectField, TextField } from './controls';
import { ErrorEquals } from './error-equals';
import { FieldGroup } from './field';
import { AddButton, ItemControls } from './list-controls';
import { asList, moveItem, removeItem, replaceItem, withMember } from './list-edit';
import { addRetrier } from './retry-catch';
import { useStateEditor } from './use-state-editor';

const RETRIER_FIELDS = ['ErrorEquals', 'IntervalSeconds', 'MaxAttempts', 'BackoffRate', 'MaxDelaySeconds', 'JitterStrategy', 'Comment'];

/** The Retry list of a Task, Parallel or Map: add, remove, reorder retriers and edit each one. */
export function RetryList() {
  const s = useStateEditor();
  const list = asList(s.state.Retry);
  const write = (next: readonly unknown[], typing?: string) => s.set('Retry', next.length ? next : undefined, typing);
  return (
    <FieldGroup at={s.at('Retry')} legend="Retry" except={list.map((_, i) => String(i))} help="Retriers are tried in order; the first whose ErrorEquals matches retries the state after IntervalSeconds × BackoffRate^attempt.">
      {list.map((r, i) => {
        const retrier = isObject(r) ? r : {};
        const set = (field: string, v: unknown, typing = true) => write(replaceItem(list, i, withMember(retrier, field, v)), typing ? `Retry/${i}/${field}` : undefined);
        const at = (field: string) => s.at('Retry', i, field);
        return (
          <FieldGroup
            key={i}
            at={s.at('Retry', i)}
            except={RETRIER_FIELDS}
            legend={`Retrier ${i + 1}`}
            actions={<ItemControls what={`retrier ${i + 1}`} index={i} count={list.length} onMove={(to) => write(moveItem(list, i, to))} onRemove={() => write(removeItem(list, i))} />}
          >
            <div className="space-y-2 rounded-md border border-slate-200 p-2" data-testid="retrier">
              <ErrorEquals at={at('ErrorEquals')} value={retrier.ErrorEquals} onChange={(v) => set('ErrorEquals', v, false)} />
              <div className="grid grid-cols-2 gap-2">
                <NumberField at={at('IntervalSeconds')} label="Interval (s)" help="Default 1." integer min={1} value={retrier.IntervalSeconds} onChange={(v) => set('IntervalSeconds', v)} />
                <NumberField at={at('MaxAttempts')} label="Max attempts" help="Default 3; 0 never retries." integer min={0} value={retrier.MaxAttempts} onChange={(v) => set('MaxAttempts', v)} />
                <NumberField at={at('BackoffRate')} label="Backoff rate" help="Default 2.0; at least 1." min={1} value={retrier.BackoffRate} onChange={(v) => set('BackoffRate', v)} />
                <NumberField at={at('MaxDelaySeconds')} label="Max delay (s)" help="Caps the interval." integer min={1} value={retrier.MaxDelaySeconds} onChange={(v) => set('MaxDelaySeconds', v)} />
              </div>
              <SelectField
                at={at('JitterStrategy')}
                label="Jitter"
                help="FULL spreads retries randomly up to the interval."
                value={typeof retrier.JitterStrategy === 'string' ? retrier.JitterStrategy : ''}
                options={[{ value: '', label: 'Default (NONE)' }, { value: 'FULL', label: 'FULL' }, { value: 'NONE', label: 'NONE' }]}
                onChange={(v) => set('JitterStrategy', v === '' ? undefined : v, false)}
              />
              <TextField at={at('Comment')} label="Comment" value={retrier.Comment} onChange={(v) => set('Comment', v)} />
            </div>
          </FieldGroup>
        );
      })}
      <AddButton testId="add-retrier" onClick={() => write(addRetrier(list))}>
        Add retrier
      </AddButton>
    </FieldGroup>
  );
}

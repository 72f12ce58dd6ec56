'use client';
import { isObject } from '@/server/engine/json';
import { TextField } from './controls';
import { ErrorEquals } from './error-equals';
import { Field, FieldGroup } from './field';
import { AddButton, ItemControls } from './list-controls';
import { asList, moveItem, removeItem, replaceItem, withMember } from './list-edit';
import { ResultPathField } from './nullable-path-field';
import { addCatcher } from './retry-catch';
import { TargetSelect } from './target-select';
import { useStateEditor } from './use-state-editor';

const CATCHER_FIELDS = ['ErrorEquals', 'ResultPath', 'Next', 'Comment'];

/**
 * The Catch list of a Task, Parallel or Map: catchers in order, each with its errors, where the
 * error output goes (ResultPath) and the state it moves to (Next, from the same scope).
 */
export function CatchList({ targets, self }: { targets: readonly string[]; self: string }) {
  const s = useStateEditor();
  const list = asList(s.state.Catch);
  const write = (next: readonly unknown[], typing?: string) => s.set('Catch', next.length ? next : undefined, typing);
  const firstOther = targets.find((t) => t !== self);
  return (
    <FieldGroup at={s.at('Catch')} legend="Catch" except={list.map((_, i) => String(i))} help="When retries are exhausted, the first catcher whose ErrorEquals matches moves on to its Next with the error ({Error, Cause}) at its ResultPath.">
      {list.map((c, i) => {
        const catcher = isObject(c) ? c : {};
        const set = (field: string, v: unknown, typing = true) => write(replaceItem(list, i, withMember(catcher, field, v)), typing ? `Catch/${i}/${field}` : undefined);
        const at = (field: string) => s.at('Catch', i, field);
        return (
          <FieldGroup
            key={i}
            at={s.at('Catch', i)}
            except={CATCHER_FIELDS}
            legend={`Catcher ${i + 1}`}
            actions={<ItemControls what={`catcher ${i + 1}`} index={i} count={list.length} onMove={(to) => write(moveItem(list, i, to))} onRemove={() => write(removeItem(list, i))} />}
          >
            <div className="space-y-2 rounded-md border border-slate-200 p-2" data-testid="catcher">
              <ErrorEquals at={at('ErrorEquals')} value={catcher.ErrorEquals} onChange={(v) => set('ErrorEquals', v, false)} />
              <Field at={at('Next')} label="Next" help="A state of the same scope.">
                {(p) => <TargetSelect {...p} value={catcher.Next} targets={targets} onChange={(v) => set('Next', v ?? undefined, false)} />}
              </Field>
              <ResultPathField at={at('ResultPath')} label="ResultPath" value={catcher.ResultPath} help="Where the error output goes. Empty: it replaces the input." onChange={(v) => set('ResultPath', v)} />
              <TextField at={at('Comment')} label="Comment" value={catcher.Comment} onChange={(v) => set('Comment', v)} />
            </div>
          </FieldGroup>
        );
      })}
      {firstOther === undefined ? (
        <p className="text-xs text-slate-500">Add another state to this scope to catch errors into it.</p>
      ) : (
        <AddButton testId="add-catcher" onClick={() => write(addCatcher(list, firstOther))}>
          Add catcher
        </AddButton>
      )}
    </FieldGroup>
  );
}

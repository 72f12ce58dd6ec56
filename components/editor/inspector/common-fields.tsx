'use client';
import { STATE_TYPES, allows, type StateType } from '@/server/engine/asl/state-fields';
import { changeStateType } from '../model/change-state-type';
import { connect } from '../model/connect';
import { setStartAt, setStateField } from '../model/set-state-field';
import { CheckField, SelectField, TextField } from './controls';
import { Field } from './field';
import { NameField } from './name-field';
import type { StateInScope } from './scope-of';
import { TargetSelect } from './target-select';
import { useStateEditor } from './use-state-editor';

/** Name, Type, Comment and whether the state starts its scope: what every state has. */
export function CommonFields({ type, scope }: { type: StateType; scope: StateInScope }) {
  const s = useStateEditor();
  return (
    <div className="space-y-3">
      <NameField name={scope.name} />
      <SelectField
        at={s.at('Type')}
        label="Type"
        help="Changing the type keeps the fields the new type allows and drops the rest (undo brings them back)."
        value={type}
        options={STATE_TYPES.map((t) => ({ value: t, label: t }))}
        onChange={(t) => s.apply(changeStateType(s.doc, s.pointer, t as StateType))}
      />
      <TextField
        at={s.at('Comment')}
        label="Comment"
        help="Shown when the pointer rests on the state's node."
        multiline
        value={s.state.Comment}
        onChange={(v) => s.set('Comment', v, 'Comment')}
      />
      <CheckField
        at={`${scope.scope}/StartAt`}
        label={scope.isStart ? 'Start of its scope' : 'Make it the start of its scope'}
        help={scope.scope === '/asl' ? 'The workflow begins here.' : 'Its branch or item processor begins here.'}
        checked={scope.isStart}
        disabled={scope.isStart}
        onChange={() => s.apply(setStartAt(s.doc, scope.scope, scope.name))}
      />
      {allows(type, 'Next') && <NextField scope={scope} />}
    </div>
  );
}

/** Next or End: a state of the same scope, or End (the scope ends with this state's output). */
function NextField({ scope }: { scope: StateInScope }) {
  const s = useStateEditor();
  return (
    <Field at={s.at('Next')} label="Next" help="The state that runs after this one (same scope), or End.">
      {(p) => (
        <TargetSelect
          {...p}
          value={s.state.Next}
          targets={scope.targets}
          none="End — the scope ends here"
          unset={s.state.End !== true}
          onChange={(name) =>
            s.apply(name === null ? setStateField(s.doc, s.pointer, 'End', true) : connect(s.doc, s.pointer, { kind: 'next' }, name))
          }
        />
      )}
    </Field>
  );
}

'use client';
import { isObject } from '@/server/engine/json';
import { choiceRuleLabel } from '../model/choice-label';
import { connect } from '../model/connect';
import { setStateField } from '../model/set-state-field';
import { TextField } from './controls';
import { Field, FieldGroup } from './field';
import { AddButton, ItemControls } from './list-controls';
import { asList, moveItem, removeItem, replaceItem, withMember } from './list-edit';
import { RuleEditor, useStartingVariable } from './choice-rule';
import { newRule } from './choice-rules';
import type { StateInScope } from './scope-of';
import { TargetSelect } from './target-select';
import { useStateEditor } from './use-state-editor';

/**
 * A Choice's rules, tried in order — each a condition (the rule builder) and the state it goes to
 * — and its Default, taken when no rule matches.
 */
export function ChoiceFields({ scope }: { scope: StateInScope }) {
  const s = useStateEditor();
  const rules = asList(s.state.Choices);
  const write = (next: readonly unknown[], typing?: string) =>
    s.set('Choices', next, typing ? `Choices${typing.slice(s.at('Choices').length)}` : undefined);
  const firstOther = scope.targets.find((t) => t !== scope.name);
  const start = useStartingVariable();
  return (
    <>
      <FieldGroup
        at={s.at('Choices')}
        legend="Rules"
        help="Tried in order; the first that matches decides the next state."
        except={rules.map((_, i) => String(i))}
      >
        <ol className="space-y-2">
          {rules.map((rule, i) => {
            const r = isObject(rule) ? rule : {};
            const at = s.at('Choices', i);
            const set = (next: Record<string, unknown>, typing?: string) => write(replaceItem(rules, i, next), typing);
            return (
              <li key={i} className="space-y-2 rounded-md border border-slate-200 p-2" data-testid="choice-rule">
                <div className="flex items-center justify-between gap-2">
                  <p className="flex min-w-0 items-baseline gap-1.5 text-xs">
                    <span className="shrink-0 font-medium text-slate-500">Rule {i + 1}</span>
                    <span className="truncate font-mono text-slate-900" data-testid="choice-rule-label">
                      {choiceRuleLabel(r)}
                    </span>
                  </p>
                  <ItemControls
                    what={`rule ${i + 1}`}
                    index={i}
                    count={rules.length}
                    onMove={(to) => write(moveItem(rules, i, to))}
                    onRemove={() => write(removeItem(rules, i))}
                  />
                </div>
                <RuleEditor rule={r} at={at} depth={0} onChange={set} />
                <Field at={`${at}/Next`} label="Then go to">
                  {(p) => (
                    <TargetSelect
                      {...p}
                      value={r.Next}
                      targets={scope.targets}
                      onChange={(name) => set(withMember(r, 'Next', name ?? undefined))}
                    />
                  )}
                </Field>
                <TextField
                  at={`${at}/Comment`}
                  label="Comment"
                  value={r.Comment}
                  onChange={(v) => set(withMember(r, 'Comment', v), `${at}/Comment`)}
                />
              </li>
            );
          })}
        </ol>
        <AddButton testId="add-choice-rule" onClick={() => write([...rules, newRule(start, firstOther)])}>
          Add rule
        </AddButton>
      </FieldGroup>
      <Field
        at={s.at('Default')}
        label="Default"
        help="Where to go when no rule matches; without one the run fails with States.NoChoiceMatched."
      >
        {(p) => (
          <TargetSelect
            {...p}
            value={s.state.Default}
            targets={scope.targets}
            none="No Default"
            onChange={(name) =>
              s.apply(
                name === null
                  ? setStateField(s.doc, s.pointer, 'Default', undefined)
                  : connect(s.doc, s.pointer, { kind: 'default' }, name),
              )
            }
          />
        )}
      </Field>
    </>
  );
}

'use client';
import { FIELD } from '@/components/ui/button';
import { isObject } from '@/server/engine/json';
import { firstField } from '../model/check-variable';
import { choiceRuleLabel } from '../model/choice-label';
import { Field, FieldGroup } from './field';
import { useInspector } from './inspector-context';
import { AddButton, ItemControls } from './list-controls';
import { moveItem, removeItem, replaceItem } from './list-edit';
import { OPERATOR_GROUPS, isCombinator, newRule, ruleOperator, subRules, withOperator } from './choice-rules';
import { OperandInput } from './operand-input';
import { PathInput, pathProblem } from './path-input';

type RuleProps = {
  rule: unknown;
  /** The rule's pointer (`…/Choices/0`, `…/Choices/0/And/1`). */
  at: string;
  /** `typing` names what is typed into, so keystrokes there are one undo step. */
  onChange(rule: Record<string, unknown>, typing?: string): void;
  depth: number;
};

/**
 * One condition of a Choice rule, recursively: the operator (every comparison operator, And, Or,
 * Not), then for a comparison its Variable (a path, completed from the Choice's input) and the
 * value compared with; for And/Or the list of conditions (add, remove, reorder); for Not the
 * condition it negates.
 */
export function RuleEditor({ rule, at, onChange, depth }: RuleProps) {
  const { readOnly } = useInspector();
  const start = useStartingVariable();
  const r = isObject(rule) ? rule : {};
  const op = ruleOperator(r);
  const variable = typeof r.Variable === 'string' ? r.Variable : '';
  return (
    <FieldGroup
      at={at}
      legend={depth === 0 ? 'Condition' : <span className="font-mono text-[11px] text-slate-500">{choiceRuleLabel(r)}</span>}
      except={['Variable', 'Next', 'Comment', ...(op ? [op] : [])]}
    >
      <Field at={`${at}#operator`} label="Operator" quiet>
        {(p) => (
          <select
            {...p}
            className={`${FIELD} w-full`}
            value={op ?? ''}
            disabled={readOnly}
            onChange={(e) => onChange(withOperator(r, e.target.value, start))}
            data-testid="rule-operator"
          >
            {op === null && <option value="">— choose —</option>}
            {OPERATOR_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.operators.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      {op !== null && !isCombinator(op) && (
        <>
          <Field
            at={`${at}/Variable`}
            label="Variable"
            error={variable === '' ? 'Choose a field of the input to compare.' : pathProblem(variable, 'reference')}
          >
            {(p) => (
              <PathInput {...p} value={variable} target="selected" onChange={(t) => onChange({ ...r, Variable: t }, `${at}/Variable`)} />
            )}
          </Field>
          <OperandInput
            op={op}
            at={`${at}/${op}`}
            value={r[op]}
            onChange={(v, typing) => onChange({ ...r, [op]: v }, typing ? `${at}/${op}` : undefined)}
          />
        </>
      )}
      {op === 'Not' && (
        <div className="border-l-2 border-indigo-200 pl-2">
          <RuleEditor
            rule={r.Not}
            at={`${at}/Not`}
            depth={depth + 1}
            onChange={(inner, typing) => onChange({ ...r, Not: inner }, typing)}
          />
        </div>
      )}
      {(op === 'And' || op === 'Or') && <SubRules rule={r} op={op} at={at} depth={depth} onChange={onChange} />}
    </FieldGroup>
  );
}

/** The path a new condition starts with: the first field of the data the Choice's rules read, else empty. */
export function useStartingVariable(): string {
  return firstField(useInspector().source('selected').shape) ?? '';
}

/** The conditions of an And/Or. */
function SubRules({
  rule,
  op,
  at,
  depth,
  onChange,
}: {
  rule: Record<string, unknown>;
  op: 'And' | 'Or';
  at: string;
  depth: number;
  onChange: RuleProps['onChange'];
}) {
  const list = subRules(rule);
  const start = useStartingVariable();
  const write = (next: readonly unknown[], typing?: string) => onChange({ ...rule, [op]: next }, typing);
  return (
    <FieldGroup at={`${at}/${op}`} legend={op === 'And' ? 'All of' : 'Any of'} except={list.map((_, i) => String(i))}>
      <ol className="space-y-1.5 border-l-2 border-indigo-200 pl-2">
        {list.map((sub, i) => (
          <li key={i} className="relative">
            <div className="absolute top-0 right-0">
              <ItemControls
                what={`condition ${i + 1}`}
                index={i}
                count={list.length}
                onMove={(to) => write(moveItem(list, i, to))}
                onRemove={() => write(removeItem(list, i))}
              />
            </div>
            <RuleEditor
              rule={sub}
              at={`${at}/${op}/${i}`}
              depth={depth + 1}
              onChange={(inner, typing) => write(replaceItem(list, i, inner), typing)}
            />
          </li>
        ))}
      </ol>
      <AddButton onClick={() => write([...list, newRule(start)])}>Add condition</AddButton>
    </FieldGroup>
  );
}

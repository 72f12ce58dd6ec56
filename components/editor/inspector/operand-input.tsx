'use client';
import { FIELD } from '@/components/ui/button';
import { Field } from './field';
import { useInspector } from './inspector-context';
import { operandKind, operandText, parseOperand } from './choice-rules';
import { PathInput, pathProblem } from './path-input';
import { useParsedText } from './use-draft';

const PLACEHOLDER = { string: 'text', number: '0', timestamp: '2024-07-01T09:00:00Z', pattern: 'log-*.txt (only * is special)' } as const;

/**
 * The value a comparison compares its Variable with, typed by operator: is / is not for the Is*
 * tests, true / false for BooleanEquals, a path (completed) for the …Path operators, a number,
 * a timestamp, a pattern or text otherwise — written only when it reads as that kind.
 */
export function OperandInput({
  op,
  at,
  value,
  onChange,
}: {
  op: string;
  at: string;
  value: unknown;
  onChange(v: unknown, typing: boolean): void;
}) {
  const { readOnly } = useInspector();
  const kind = operandKind(op);
  const { text, error, change } = useParsedText(
    value,
    () => operandText(value),
    (t) => parseOperand(kind, t),
    (v) => onChange(v, true),
  );
  if (kind === 'test' || kind === 'boolean') {
    const options =
      kind === 'test'
        ? [
            ['true', 'is'],
            ['false', 'is not'],
          ]
        : [
            ['true', 'true'],
            ['false', 'false'],
          ];
    return (
      <Field at={at} label={kind === 'test' ? 'Test' : 'Equals'}>
        {(p) => (
          <select
            {...p}
            className={`${FIELD} w-full`}
            value={String(value === true ? true : value === false ? false : '')}
            disabled={readOnly}
            onChange={(e) => onChange(e.target.value === 'true', false)}
          >
            {typeof value !== 'boolean' && <option value="">— choose —</option>}
            {options.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  if (kind === 'path') {
    const path = typeof value === 'string' ? value : '';
    return (
      <Field
        at={at}
        label="Compared with the value at"
        error={path === '' ? 'Choose a field to compare with.' : pathProblem(path, 'reference')}
      >
        {(p) => <PathInput {...p} value={path} target="selected" onChange={(t) => onChange(t, true)} />}
      </Field>
    );
  }
  return (
    <Field at={at} label="Value" error={error}>
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode={kind === 'number' ? 'decimal' : undefined}
          className={`${FIELD} w-full ${kind === 'string' ? '' : 'font-mono text-xs'}`}
          placeholder={PLACEHOLDER[kind]}
          value={text}
          disabled={readOnly}
          onChange={(e) => change(e.target.value)}
        />
      )}
    </Field>
  );
}

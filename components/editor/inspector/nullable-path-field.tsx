'use client';
import type { PathRule } from '../model/check-path';
import type { FieldBase } from './controls';
import { Field } from './field';
import { useInspector } from './inspector-context';
import { PathInput, pathProblem } from './path-input';
import type { PathTarget } from './path-sources';

type Props = FieldBase & {
  value: unknown;
  onChange(v: string | null | undefined): void;
  rule: PathRule;
  target: PathTarget;
  /** What `null` means for this field, beside its checkbox. */
  nullMeans: string;
  placeholder: string;
};

/**
 * A path field that may also be `null` (InputPath, OutputPath, ResultPath, a catcher's
 * ResultPath): the path is completed and checked as you type, emptying it removes the field (its
 * default), and the checkbox sets `null`.
 */
export function NullablePathField({ value, onChange, rule, target, nullMeans, placeholder, ...base }: Props) {
  const { readOnly } = useInspector();
  const isNull = value === null;
  const text = typeof value === 'string' ? value : '';
  return (
    <Field {...base} error={isNull ? null : pathProblem(text, rule)}>
      {(p) => (
        <div className="space-y-1">
          {!isNull && (
            <PathInput {...p} value={text} target={target} placeholder={placeholder} onChange={(t) => onChange(t === '' ? undefined : t)} />
          )}
          <label className="flex items-center gap-2 text-xs text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={isNull}
              disabled={readOnly}
              onChange={(e) => onChange(e.target.checked ? null : undefined)}
              {...(isNull ? { id: p.id } : {})}
            />
            null — {nullMeans}
          </label>
        </div>
      )}
    </Field>
  );
}

/** ResultPath (of a state or a catcher): where the result goes in the input; null discards it. */
export function ResultPathField({ help, ...props }: FieldBase & { value: unknown; onChange(v: string | null | undefined): void }) {
  return (
    <NullablePathField
      {...props}
      help={help ?? 'Where the result is written into the input. Empty: the result replaces the input ($).'}
      rule="result"
      target="input"
      nullMeans="discard the result and pass the input on"
      placeholder="$ (replace the input)"
    />
  );
}

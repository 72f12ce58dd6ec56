'use client';
import type { ReactNode } from 'react';
import { FIELD } from '@/components/ui/button';
import { Field } from './field';
import { useInspector } from './inspector-context';
import { parseNumber } from './json-text';
import { useParsedText } from './use-draft';

/** Props every single-value control shares: where its value is, its label and help. */
export type FieldBase = { at: string; label: ReactNode; help?: ReactNode };

/** Text of a value that should be a string (a non-string is shown as JSON, and replaced by typing). */
export const textOf = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? ''));

/**
 * A text field written as you type. Emptying it removes the field (`undefined`) unless
 * `keepEmpty`; `multiline` gives a textarea; `check` says what is wrong with the text (it is
 * written all the same: validation reports it too).
 */
export function TextField({
  value,
  onChange,
  keepEmpty,
  multiline,
  placeholder,
  mono,
  check,
  ...base
}: FieldBase & {
  value: unknown;
  onChange(v: string | undefined): void;
  keepEmpty?: boolean;
  multiline?: boolean;
  placeholder?: string;
  mono?: boolean;
  check?(text: string): string | null;
}) {
  const { readOnly } = useInspector();
  const change = (text: string) => onChange(text === '' && !keepEmpty ? undefined : text);
  const cls = `${FIELD} w-full ${mono ? 'font-mono text-xs' : ''}`;
  const text = textOf(value);
  return (
    <Field {...base} error={check && text !== '' ? check(text) : null}>
      {(p) =>
        multiline ? (
          <textarea
            {...p}
            rows={2}
            className={cls}
            value={textOf(value)}
            placeholder={placeholder}
            disabled={readOnly}
            onChange={(e) => change(e.target.value)}
          />
        ) : (
          <input
            {...p}
            type="text"
            className={cls}
            value={textOf(value)}
            placeholder={placeholder}
            disabled={readOnly}
            onChange={(e) => change(e.target.value)}
          />
        )
      }
    </Field>
  );
}

/** A number field: written when the text is a number within the rules; empty removes the field (unless `required`: then it is not written). */
export function NumberField({
  value,
  onChange,
  integer,
  min,
  max,
  placeholder,
  required,
  ...base
}: FieldBase & {
  value: unknown;
  onChange(v: number | undefined): void;
  integer?: boolean;
  min?: number;
  max?: number;
  placeholder?: string;
  required?: boolean;
}) {
  const { readOnly } = useInspector();
  const read = (t: string) => {
    const n = parseNumber(t, { integer, min, max });
    return required && n.ok && n.value === undefined ? ({ ok: false, message: 'Enter a number.' } as const) : n;
  };
  const { text, error, change } = useParsedText(value, () => textOf(value), read, onChange);
  return (
    <Field {...base} error={error}>
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode={integer ? 'numeric' : 'decimal'}
          className={`${FIELD} w-full tabular-nums`}
          value={text}
          placeholder={placeholder}
          disabled={readOnly}
          onChange={(e) => change(e.target.value)}
        />
      )}
    </Field>
  );
}

export type Option = { value: string; label: string; disabled?: boolean };

/** A select; `value` not among the options shows as itself, marked, so a broken value stays visible. */
export function SelectField({
  value,
  options,
  onChange,
  ...base
}: FieldBase & { value: string; options: readonly Option[]; onChange(v: string): void }) {
  const { readOnly } = useInspector();
  const known = options.some((o) => o.value === value);
  return (
    <Field {...base}>
      {(p) => (
        <select {...p} className={`${FIELD} w-full`} value={value} disabled={readOnly} onChange={(e) => onChange(e.target.value)}>
          {!known && <option value={value}>{value === '' ? '— choose —' : `${value} (unknown)`}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it. */
export function CheckField({
  checked,
  onChange,
  disabled,
  ...base
}: FieldBase & { checked: boolean; onChange(v: boolean): void; disabled?: boolean }) {
  const { readOnly } = useInspector();
  return (
    <Field {...base} inline>
      {(p) => (
        <input
          {...p}
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={checked}
          disabled={readOnly || disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
      )}
    </Field>
  );
}

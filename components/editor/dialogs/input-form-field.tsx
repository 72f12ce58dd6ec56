'use client';
import type { ReactNode } from 'react';
import { FIELD } from '@/components/ui/button';
import { UkDateInput } from '@/components/ui/uk-date-input';
import { UkDateTimeInput } from '@/components/ui/uk-date-time-input';
import type { FormField } from '../model/form-fields';

/** A value a text field offers (a browser datalist): the value, and what the list shows beside it. */
export type Suggestion = { value: string; label: string };

type Props = {
  field: FormField;
  value: unknown;
  error?: string;
  onChange(v: unknown): void;
  /** Values a text field offers as a list (e.g. the CRM's advisors); typing is still possible. */
  suggestions?: readonly Suggestion[];
  /** A line under the control (e.g. where the list comes from, or why there is none). */
  note?: ReactNode;
};

/**
 * One control of the run form, chosen by the field's type; `error` is shown under it and
 * announced. A text field with `suggestions` offers them as a list to pick from.
 */
export function InputFormField({ field, value, error, onChange, suggestions, note }: Props) {
  const id = `run-input-${field.name}`;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const describedBy =
    [field.description ? `${id}-help` : null, note ? `${id}-note` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  const common = { id, 'aria-invalid': !!error, 'aria-describedby': describedBy, className: `${FIELD} w-full` };
  let control;
  if (field.type === 'boolean') {
    control = (
      <input
        type="checkbox"
        id={id}
        checked={value === true || value === 'true'}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={describedBy}
        className="size-4"
      />
    );
  } else if (field.type === 'enum') {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {(field.options ?? []).map((o) => (
          <option key={JSON.stringify(o)} value={String(o)}>
            {String(o)}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'object' || field.type === 'array') {
    control = (
      <textarea
        {...common}
        rows={4}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        className={`${FIELD} w-full font-mono text-xs`}
        placeholder={field.type === 'array' ? '[ … ]' : '{ … }'}
      />
    );
  } else if (field.type === 'date') {
    // Day first whatever the browser's locale (components/ui/uk-date-input.tsx); the form keeps ISO.
    control = <UkDateInput {...common} value={text} onValue={onChange} />;
  } else if (field.type === 'date-time') {
    // Day first and 24-hour on London's clock (components/ui/uk-date-time-input.tsx); the form keeps the instant (…Z).
    control = <UkDateTimeInput {...common} className={FIELD} value={text} onValue={onChange} />;
  } else {
    const type = field.type === 'number' || field.type === 'integer' ? 'number' : 'text';
    const step = field.type === 'integer' ? 1 : field.type === 'number' ? 'any' : undefined;
    const list = suggestions && type === 'text' ? `${id}-list` : undefined;
    control = (
      <>
        <input
          {...common}
          type={type}
          step={step}
          list={list}
          autoComplete={list ? 'off' : undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
        {list && (
          <datalist id={list} data-testid={`${id}-options`}>
            {suggestions!.map((o) => (
              <option key={o.value} value={o.value} label={o.label} />
            ))}
          </datalist>
        )}
      </>
    );
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {field.label}
        {field.required && <span className="text-red-600"> *</span>}
      </label>
      {control}
      {field.description && (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {field.description}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className="text-xs text-slate-500">
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

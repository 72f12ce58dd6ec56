'use client';
import { useId, useState } from 'react';
import { FIELD } from '@/components/ui/button';
import { checkPath, type PathRule } from '../model/check-path';
import type { ControlProps } from './field';
import type { FieldBase } from './controls';
import { Field } from './field';
import { useInspector } from './inspector-context';
import { suggestPaths, type PathTarget } from './path-sources';

type PathInputProps = ControlProps & {
  value: string;
  onChange(text: string): void;
  /** Which data `$` means for this field (completion). */
  target: PathTarget;
  /** Offer intrinsic functions (States.Format(…)) too. */
  intrinsics?: boolean;
  placeholder?: string;
  className?: string;
};

/**
 * A path input with completion from the upstream data shape: a combobox whose list shows the
 * members at the typed path (Arrow keys move, Enter takes one, Escape closes; a click works too).
 * Taking a suggestion keeps the list open for the next step.
 */
export function PathInput({ value, onChange, target, intrinsics, placeholder, className = '', ...control }: PathInputProps) {
  const { source, readOnly } = useInspector();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = open && !readOnly ? suggestPaths(source(target), value, { intrinsics }) : [];
  const shown = suggestions.length > 0;
  const take = (i: number) => {
    const s = suggestions[i];
    if (!s) return;
    onChange(s.value);
    setActive(-1);
  };
  return (
    <div className="relative">
      <input
        {...control}
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        className={`${FIELD} w-full font-mono text-xs ${className}`}
        value={value}
        placeholder={placeholder ?? '$.field'}
        disabled={readOnly}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) return setOpen(true);
            const n = suggestions.length;
            if (n > 0) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
          } else if (e.key === 'Enter' && shown && active >= 0) {
            e.preventDefault();
            take(active);
          } else if (e.key === 'Escape' && shown) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Path suggestions"
          className="absolute z-20 mt-1 max-h-56 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-xs shadow-lg"
          data-testid="path-suggestions"
        >
          {suggestions.map((s, i) => (
            <li
              key={s.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={
                'flex cursor-pointer justify-between gap-3 px-2 py-1 ' +
                `${i === active ? 'bg-indigo-600 text-white' : 'text-slate-800 hover:bg-indigo-50'}`
              }
              onMouseDown={(e) => {
                e.preventDefault();
                take(i);
              }}
            >
              <span className="truncate font-mono">{s.label}</span>
              <span className={i === active ? 'text-indigo-100' : 'text-slate-400'}>{s.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Why a path text is wrong under `rule` (with the offset of the fault), or null; empty text is not checked. */
export function pathProblem(text: string, rule: PathRule): string | null {
  if (text === '') return null;
  const c = checkPath(text, rule);
  return c.ok ? null : `${c.message} (at character ${c.offset + 1})`;
}

/**
 * A labelled path field, written as you type (emptying it removes the field), checked with the
 * engine's parsers under `rule` — the error shows under it — and completed from the data `target`.
 */
export function PathField({
  value,
  onChange,
  target,
  rule,
  intrinsics,
  placeholder,
  ...base
}: FieldBase & {
  value: unknown;
  onChange(v: string | undefined): void;
  target: PathTarget;
  rule: PathRule;
  intrinsics?: boolean;
  placeholder?: string;
}) {
  const text = typeof value === 'string' ? value : '';
  return (
    <Field
      {...base}
      error={typeof value === 'string' || value === undefined ? pathProblem(text, rule) : 'Not a path string; type a path to replace it.'}
    >
      {(p) => (
        <PathInput
          {...p}
          value={text}
          target={target}
          intrinsics={intrinsics ?? rule === 'pathOrIntrinsic'}
          placeholder={placeholder}
          onChange={(t) => onChange(t === '' ? undefined : t)}
        />
      )}
    </Field>
  );
}

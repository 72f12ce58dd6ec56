'use client';
import { useId, useState } from 'react';
import { Button, FIELD } from '@/components/ui/button';
import { useInspector } from './inspector-context';

/**
 * A list of short strings as chips (error names, tags) with a text input to add one — Enter or
 * the Add button — and, when `suggestions` are given, a datalist of common values. Each chip has
 * a remove button. `label` names the input for screen readers.
 */
export function ChipsInput({
  values,
  onChange,
  suggestions,
  label,
  placeholder,
  describedBy,
}: {
  values: readonly string[];
  onChange(v: string[]): void;
  suggestions?: readonly string[];
  label: string;
  placeholder?: string;
  describedBy?: string;
}) {
  const { readOnly } = useInspector();
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    const v = text.trim();
    if (v === '') return;
    if (!values.includes(v)) onChange([...values, v]);
    setText('');
  };
  const offered = suggestions?.filter((s) => !values.includes(s)) ?? [];
  return (
    <div className="space-y-1.5">
      <ul className="flex flex-wrap gap-1" aria-label={`${label}: ${values.length}`}>
        {values.map((v) => (
          <li
            key={v}
            className={
              'inline-flex items-center gap-0.5 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-2 font-mono text-xs ' +
              'text-slate-800 ring-1 ring-slate-200 ring-inset'
            }
            data-testid="chip"
          >
            {v}
            {!readOnly && (
              <button
                type="button"
                className="rounded-full px-1 text-slate-500 hover:bg-red-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
                aria-label={`Remove ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                ✕
              </button>
            )}
          </li>
        ))}
        {values.length === 0 && <li className="text-xs text-slate-400">none</li>}
      </ul>
      {!readOnly && (
        <div className="flex gap-1">
          <input
            type="text"
            aria-label={`Add to ${label}`}
            aria-describedby={describedBy}
            list={offered.length ? `${id}-list` : undefined}
            className={`${FIELD} min-w-0 flex-1 font-mono text-xs`}
            placeholder={placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button className="!px-2 !py-1 text-xs" onClick={add} disabled={text.trim() === ''}>
            Add
          </Button>
          {offered.length > 0 && (
            <datalist id={`${id}-list`}>
              {offered.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          )}
        </div>
      )}
    </div>
  );
}

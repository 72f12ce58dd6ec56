'use client';
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { parseUkDate, ukFieldText } from '@/lib/uk-date-field';
import { FIELD } from './button';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  /** The day, ISO (YYYY-MM-DD), or '' for none. */
  value: string;
  /** Called with each day typed or picked (ISO), or '' when the field is emptied; not while what is typed is no day. */
  onValue: (iso: string) => void;
  min?: string;
  max?: string;
};

/**
 * A day as the UK writes it, dd/mm/yyyy, whatever the browser's locale: the browser's own date field
 * shows its locale's order — mm/dd/yyyy in a US-configured browser, where "07/08/2024" reads to a UK
 * user as 7 August (seen on the dashboard beside "16 Apr 2024 – 8 Jul 2024"). Typed day first
 * (lib/uk-date-field.ts: 1/6/2024, 1 Jun 2024, an ISO day); the calendar button opens the browser's
 * picker on a hidden date field. What is no day, or is outside min–max, is marked invalid (said under
 * the field) and not passed on; leaving the field writes the day it holds as dd/mm/yyyy.
 */
export function UkDateInput({ value, onValue, min, max, className, ...rest }: Props) {
  const [text, setText] = useState(() => ukFieldText(value));
  // What is wrong with what is typed, in words; null when it is a day in range (or nothing).
  const [problem, setProblem] = useState<string | null>(null);
  // Said once typing pauses (700 ms): on the way to "1/6/2024", "1/6/20" is no day yet.
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setInvalid(false);
    if (problem === null) return;
    const t = setTimeout(() => setInvalid(true), 700);
    return () => clearTimeout(t);
  }, [problem, text]);
  const picker = useRef<HTMLInputElement>(null);
  const typing = useRef(false);
  // A day set from outside (a reset filter, another field) is shown as it is — not while the field is
  // being typed into: a default that arrives from the server after the field was emptied must not
  // overwrite the day being typed (seen on the dashboard). Leaving the field shows it.
  useEffect(() => {
    if (!typing.current && parseUkDate(text) !== value) {
      setText(ukFieldText(value));
      setProblem(null);
    }
    // Only `value` changing from outside resets the text; `text` is what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const take = (typed: string) => {
    setText(typed);
    const iso = parseUkDate(typed);
    const wrong =
      iso === null
        ? 'Not a day: write it dd/mm/yyyy'
        : iso !== '' && min && iso < min
          ? `Not before ${ukFieldText(min)}`
          : iso !== '' && max && iso > max
            ? `Not after ${ukFieldText(max)}`
            : null;
    setProblem(wrong);
    if (wrong === null && iso !== value) onValue(iso!);
  };
  return (
    <span className="relative inline-flex items-center">
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        autoComplete="off"
        size={11}
        className={`${className ?? FIELD} pr-8 ${invalid ? 'border-red-600! ring-red-200!' : ''}`}
        value={text}
        aria-invalid={invalid || rest['aria-invalid'] ? true : undefined}
        title={problem ?? rest.title}
        onChange={(e) => take(e.target.value)}
        onFocus={(e) => {
          typing.current = true;
          rest.onFocus?.(e);
        }}
        onBlur={(e) => {
          typing.current = false;
          // Left: the day it holds, written dd/mm/yyyy ("1 June 2024" → "01/06/2024"; what was no day → the last day).
          setText(ukFieldText(value));
          setProblem(null);
          rest.onBlur?.(e);
        }}
      />
      {invalid && (
        <span role="status" className="absolute top-full left-0 z-10 mt-0.5 text-[11px] whitespace-nowrap text-red-700">
          {problem}
        </span>
      )}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        title="Pick a day"
        className="absolute right-1.5 rounded p-0.5 text-slate-500 hover:text-slate-800"
        onClick={() => picker.current?.showPicker?.()}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
          <rect x="2" y="3" width="12" height="11" rx="1.5" />
          <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        className="pointer-events-none absolute bottom-0 left-0 h-px w-px opacity-0"
        value={value}
        min={min}
        max={max}
        onChange={(e) => take(ukFieldText(e.target.value))}
      />
    </span>
  );
}

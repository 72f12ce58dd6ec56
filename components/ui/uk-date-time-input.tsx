'use client';
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { parseUkTime } from '@/lib/uk-date-field';
import { londonDayTime, londonInstant } from '@/lib/uk-time';
import { FIELD } from './button';
import { UkDateInput } from './uk-date-input';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  /** The instant, RFC 3339 (as the form keeps it), or '' for none. */
  value: string;
  /** Called with the instant the day and time name (UTC, `…Z`), or '' when both are emptied; not while either is unfinished. */
  onValue: (iso: string) => void;
};

/**
 * A date and time as a UK user writes and means it: the day dd/mm/yyyy (UkDateInput), the time
 * 24-hour hh:mm, both on London's clock (GMT or BST as the day falls) — which the field says. The
 * browser's own datetime-local field showed this Chromium's US order with AM/PM, and the form took
 * what it gave as UTC: "09:00" on a summer day became 10:00 in London. `id` and the ARIA props go
 * on the day, which the form's label names; the time has a label of its own.
 */
export function UkDateTimeInput({ value, onValue, id, className, ...rest }: Props) {
  const shown = londonDayTime(value);
  const [day, setDay] = useState(shown?.day ?? '');
  const [time, setTime] = useState(shown?.time ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // A value set from outside (a reset form) is shown as it is; one this field sent is already shown.
  useEffect(() => {
    const next = londonDayTime(value);
    if (value === send(day, time)) return;
    setDay(next?.day ?? '');
    setTime(next?.time ?? '');
    setProblem(null);
    // Only `value` changing from outside resets the parts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const update = (nextDay: string, nextTime: string) => {
    setDay(nextDay);
    setTime(nextTime);
    const clock = parseUkTime(nextTime);
    const wrong =
      clock === null
        ? 'Not a time: write it hh:mm, 24-hour'
        : nextDay !== '' && clock === ''
          ? 'Add the time (hh:mm)'
          : nextDay === '' && clock !== ''
            ? 'Add the day'
            : null;
    setProblem(wrong);
    if (wrong === null) {
      const iso = send(nextDay, nextTime);
      if (iso !== value) onValue(iso);
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <UkDateInput {...rest} id={id} className={className} value={day} onValue={(d) => update(d, time)} />
      <input
        type="text"
        inputMode="numeric"
        placeholder="hh:mm"
        autoComplete="off"
        size={6}
        aria-label="Time, London"
        aria-invalid={problem?.startsWith('Not') ? true : undefined}
        className={`${FIELD} w-20`}
        value={time}
        onChange={(e) => update(day, e.target.value)}
        onBlur={() => {
          const clock = parseUkTime(time);
          if (clock) setTime(clock); // "9.30" → "09:30"
        }}
      />
      <span className="text-xs text-slate-500">London time (GMT/BST)</span>
      {problem && (
        // A part still to write is a prompt; what is no time is an error.
        <span role="status" className={`basis-full text-[11px] ${problem.startsWith('Not') ? 'text-red-700' : 'text-slate-600'}`}>
          {problem}
        </span>
      )}
    </span>
  );
}

/** The instant of a London day and typed time, `…:00Z`; '' when either is missing or the time is no time. */
function send(day: string, timeText: string): string {
  const clock = parseUkTime(timeText);
  if (!day || !clock) return '';
  return londonInstant(day, clock).replace('.000Z', 'Z');
}

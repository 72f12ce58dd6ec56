'use client';
import { useEffect, useRef, useState } from 'react';
import { FIELD } from '@/components/ui/button';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';

const DEBOUNCE_MS = 400;

/** The largest "score below" the server accepts (lib/qa-filter.ts), used while the store's maximum is unknown. */
const SCHEMA_MAX = 1000;

/**
 * The number typed, or undefined for a blank box; NaN for text that is not a score from 0 to
 * `max` (a typographic minus or a comma as decimal point is not read as a number: it is refused).
 */
export function parseScore(text: string, max: number): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 && n <= max ? n : NaN;
}

/**
 * "Score below": typed freely, applied once typing pauses (as the run list's advisor box). A
 * value from outside (a saved filter, Clear filters) replaces the text; the box's own echo does not.
 * Text that is not a score is not applied and says so.
 */
export function ScoreBelowInput({
  value,
  max: top,
  onChange,
}: {
  value: number | undefined;
  /** The highest score a call in the store can have (null: none scored yet, or not known). */
  max: number | null | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const max = top ?? SCHEMA_MAX;
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const settled = useDebouncedValue(text, DEBOUNCE_MS);
  const applied = useRef(value);
  const parsed = parseScore(settled, max);
  const invalid = Number.isNaN(parseScore(text, max));

  useEffect(() => {
    if (Number.isNaN(parsed) || parsed === applied.current) return;
    applied.current = parsed;
    onChange(parsed);
  }, [parsed, onChange]);

  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setText(value === undefined ? '' : String(value));
  }, [value]);

  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      Score below
      <input
        type="text"
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="e.g. 70"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'qa-score-below-error' : undefined}
        className={`${FIELD} w-28 ${invalid ? 'border-red-400' : ''}`}
        data-testid="qa-filter-score-below"
      />
      {invalid && (
        <span id="qa-score-below-error" className="font-normal text-red-700">
          {top == null ? `A score from 0 to ${max}` : `A score from 0 to ${max}, the scorecards’ maximum`}
        </span>
      )}
    </label>
  );
}

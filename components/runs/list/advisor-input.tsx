'use client';
import { useEffect, useRef, useState } from 'react';
import { FIELD } from '@/components/ui/button';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';

/** How long typing must pause before the advisor text filters the list. */
const DEBOUNCE_MS = 400;

/**
 * The advisor text of the filter: typed freely, applied once typing pauses. A value that comes
 * from outside (a saved filter applied, the filter cleared) replaces what is in the box; the
 * value this box itself applied does not, so typing is never overwritten by its own echo.
 */
export function AdvisorInput({ value, onChange }: { value: string; onChange: (advisor: string | undefined) => void }) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, DEBOUNCE_MS);
  const applied = useRef(value);

  useEffect(() => {
    const next = settled.trim();
    if (next === applied.current) return;
    applied.current = next;
    onChange(next || undefined);
  }, [settled, onChange]);

  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setText(value);
  }, [value]);

  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      Advisor
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name in the input"
        className={`${FIELD} w-44`}
        data-testid="runs-filter-advisor"
      />
    </label>
  );
}

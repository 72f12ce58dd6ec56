'use client';
import { FIELD } from '@/components/ui/button';

/**
 * One of the values present in the QA store (qa.options), or all. A value from the address that
 * the menu does not list (another spelling, a call not stored yet) stays selectable, so the
 * select never shows a filter other than the one in force.
 */
export function OptionSelect({
  label,
  value,
  options,
  all,
  onChange,
  width = 'w-48',
  testId,
}: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  all: string;
  onChange: (v: string | undefined) => void;
  width?: string;
  testId?: string;
}) {
  const listed = value === undefined || options.some((o) => o.toLowerCase() === value.toLowerCase());
  const shown = options.find((o) => o.toLowerCase() === value?.toLowerCase()) ?? value ?? '';
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <select className={`${FIELD} ${width}`} value={shown} onChange={(e) => onChange(e.target.value || undefined)} data-testid={testId}>
        <option value="">{all}</option>
        {!listed && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

'use client';
import { FIELD } from '@/components/ui/button';

/**
 * A yes/no filter that may also be off: "Any" (undefined), `yes` (true) or `no` (false). The
 * labels say what each choice keeps, e.g. "Failed at least one" / "None failed".
 */
export function TriStateSelect({
  label,
  value,
  any,
  yes,
  no,
  onChange,
  testId,
}: {
  label: string;
  value: boolean | undefined;
  any: string;
  yes: string;
  no: string;
  onChange: (v: boolean | undefined) => void;
  testId?: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <select
        className={`${FIELD} w-44`}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
        data-testid={testId}
      >
        <option value="">{any}</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
    </label>
  );
}

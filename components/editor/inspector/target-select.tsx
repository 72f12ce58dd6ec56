'use client';
import { useMemo } from 'react';
import { FIELD } from '@/components/ui/button';
import type { ControlProps } from './field';
import { useInspector } from './inspector-context';

/**
 * A select of the states a transition may go to: only those of the state's own scope (a
 * transition never leaves its branch or processor), so the choice cannot be refused.
 * `none` labels the choice of no target ("End", "no Default"); it is selected when there is no
 * target unless `unset` (neither a target nor the none choice: a placeholder shows). Without
 * `none`, a missing target shows as "— choose a state —". A target that is not in the scope
 * stays visible, marked.
 */
export function TargetSelect({
  value,
  targets,
  onChange,
  none,
  unset,
  ...control
}: ControlProps & { value: unknown; targets: readonly string[]; onChange(name: string | null): void; none?: string; unset?: boolean }) {
  const { readOnly } = useInspector();
  const current = typeof value === 'string' ? value : none === undefined || unset ? UNSET : '';
  const missing = current !== '' && current !== UNSET && !targets.includes(current);
  // The same elements while `targets` is the same array (scopeOf keeps it across keystrokes): React
  // then skips the options, hundreds in a large scope, instead of diffing them on every key.
  const options = useMemo(
    () =>
      targets.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      )),
    [targets],
  );
  return (
    <select
      {...control}
      className={`${FIELD} w-full`}
      value={current}
      disabled={readOnly}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
    >
      {current === UNSET && (
        <option value={UNSET} disabled>
          — choose a state —
        </option>
      )}
      {none !== undefined && <option value="">{none}</option>}
      {missing && <option value={current}>{current} (not in this scope)</option>}
      {options}
    </select>
  );
}

/** The value of the placeholder option (no state can be named so: names have no NUL). */
const UNSET = '\u0000unset';

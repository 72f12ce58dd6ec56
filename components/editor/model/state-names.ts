import { refuse } from './types';

/** The States Language limits state names to 80 characters. */
export const MAX_STATE_NAME_LENGTH = 80;

/**
 * Why `name` cannot name a new state, or null when it can: it must be a non-empty string of at
 * most 80 characters, without leading or trailing spaces, not already used anywhere in the
 * document (names are unique across nested scopes: the control plane keys states by name).
 */
export function nameProblem(name: unknown, taken: ReadonlySet<string>) {
  if (typeof name !== 'string' || name.trim() === '') return refuse('invalid_name', 'A state name cannot be empty.');
  if (name !== name.trim()) return refuse('invalid_name', 'A state name cannot start or end with spaces.');
  if ([...name].length > MAX_STATE_NAME_LENGTH)
    return refuse('invalid_name', `A state name has at most ${MAX_STATE_NAME_LENGTH} characters.`);
  if (taken.has(name)) return refuse('duplicate_name', `A state named "${name}" already exists; names must be unique in the workflow.`);
  return null;
}

/**
 * `base` when it is free, else `base` with a number in place of any trailing digits, counting
 * from 2 (`Task` → `Task2`, `Task2` → `Task3`), cut so the result stays within 80 characters.
 */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  const clean = [...(base.trim() || 'State')].slice(0, MAX_STATE_NAME_LENGTH).join('');
  if (!taken.has(clean)) return clean;
  const stem = clean.replace(/\d+$/, '') || clean;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = [...stem].slice(0, MAX_STATE_NAME_LENGTH - suffix.length).join('') + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

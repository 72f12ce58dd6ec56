import type { ValidationIssue } from '../validation/issue.ts';
import { escapePointerToken } from '../../lib/json-pointer.ts';

/** Builds one issue; kept tiny so checkers read as a list of rules. */
export function issue(path: string, code: string, message: string): ValidationIssue {
  return { path, code, message };
}

/** Appends reference tokens to an existing JSON pointer: `child('/asl', 'States', 'A/B')` → `/asl/States/A~1B`. */
export function child(base: string, ...tokens: Array<string | number>): string {
  return base + tokens.map((t) => '/' + escapePointerToken(t)).join('');
}

/**
 * Quotes a user-supplied value for a message, so empty and odd values stay visible. Total: values
 * JSON cannot encode (BigInt, symbols, functions, undefined) fall back to String().
 */
export function quote(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

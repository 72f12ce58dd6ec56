import type { ToolErrorCode } from '../tool-result.ts';

/**
 * An expected failure of a delegated-mode operation, with the tool error code it becomes: an
 * unknown session or agent (`not_found`), input that breaks a rule (`invalid_input`), a clash
 * with the session's state (`conflict`), a caller acting outside its part (`forbidden`).
 */
export class DelegationError extends Error {
  constructor(
    readonly code: Extract<ToolErrorCode, 'not_found' | 'invalid_input' | 'conflict' | 'forbidden' | 'unavailable'>,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DelegationError';
  }
}

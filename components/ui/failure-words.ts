import { errorMessage } from './error-message';

/**
 * Whether trying a tool's failure again can help (the codes: server/tool-result.ts
 * TOOL_ERROR_CODES). A missing record, a refused role or a bad request fails the same way on every
 * retry, so only a service or a time budget is worth a "Try again".
 */
export const RETRY_HELPS: Record<string, boolean> = {
  invalid_input: false,
  parse_error: false,
  not_found: false,
  forbidden: false,
  conflict: false,
  unavailable: true,
  internal_error: true,
  timed_out: true,
  budget_exceeded: false,
  limit_exceeded: false,
};

/** Whether a retry can succeed where this failure happened (unknown codes: yes, to be safe). */
export function retryable(code: string | null | undefined): boolean {
  return !code || RETRY_HELPS[code] !== false;
}

/**
 * A failure's message in words: a validation issue on an id ("run_id: Invalid UUID") says which
 * id is not one; any other message is the server's own sentence, as it is.
 */
export function failureMessage(message: string): string {
  const m = /^([a-z]+(?:_[a-z]+)*): Invalid (?:UUID|uuid)$/.exec(message.trim());
  if (m) return `The ${m[1]!.replace(/_id$/, ' id').replace(/_/g, ' ')} is not a valid id.`;
  return message;
}

/**
 * What an ErrorState shows of a failed read: a tool's failure as its sentence, with its code apart
 * (the code decides whether "Try again" is offered, and is not words for the reader), else the
 * request's own error.
 */
export function failureShown(
  error: unknown,
  failure: { error?: string | null; error_code?: string } | undefined,
): { message: string; code: string | null } {
  if (failure?.error) return { message: failure.error, code: failure.error_code ?? null };
  return { message: errorMessage(error), code: null };
}

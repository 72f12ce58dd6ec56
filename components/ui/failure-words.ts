/**
 * A tool's failure for people (the codes: server/tool-result.ts TOOL_ERROR_CODES): what it means
 * in words, and whether trying again can help. A missing record, a refused role or a bad request
 * fails the same way on every retry, so only a service or a time budget is worth a "Try again".
 */
export const FAILURE_WORDS: Record<string, string> = {
  invalid_input: 'The request was not valid',
  parse_error: 'The document is not valid JSON',
  not_found: 'Not found',
  forbidden: 'Not allowed for your role',
  conflict: 'It clashes with what is already there',
  unavailable: 'A service the console needs is not answering',
  internal_error: 'Something went wrong in the console',
  timed_out: 'It took too long',
  budget_exceeded: 'The plan’s budget would be exceeded',
  limit_exceeded: 'A limit was reached',
};

const RETRYABLE = new Set(['unavailable', 'internal_error', 'timed_out']);

/** Whether a retry can succeed where this failure happened (unknown codes: yes, to be safe). */
export function retryable(code: string | null | undefined): boolean {
  return !code || !(code in FAILURE_WORDS) || RETRYABLE.has(code);
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

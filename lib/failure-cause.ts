/**
 * Who caused a skill failure (issue 15, "honest reliability"): the one classification used by the
 * knowledge graph (a use that failed because of its caller is recorded as `caller_error` and never
 * counts as a failure of the skill), the workers' skill swap (a swap cannot fix bad input), the
 * Strategist's tallies and the run views' "failed: invalid input" label.
 *
 * - `caller`: the input was wrong. The error names the demo skills and built-in skills give a bad
 *   argument (`InvalidArguments`, also `InvalidInput`, `InvalidParams`, `ValidationError`), any
 *   `…NotFound` for something the caller named that does not exist (`AdvisorNotFound`,
 *   `RecordingNotFound`, `RuleSetNotFound`, `TeamNotFound`, …) — except `SkillToolNotFound`, a tool
 *   the skill's manifest declares but no handler serves, which is the deployment's fault — and an
 *   MCP server refusing the arguments against the tool's input schema (JSON-RPC -32602 "Input
 *   validation error" / "Invalid arguments for tool", which the skill invoker reports as the cause
 *   of a `States.TaskFailed`; the same code's "Output validation error" is the skill's fault).
 * - `skill`: everything else — the skill's own errors (`SkillError`, `RuleSetInvalid`, …),
 *   timeouts (`TimeoutError`, `States.Timeout`), `SkillUnavailable`, `SkillUnsupported`,
 *   `States.TaskFailed` and any name not listed here. Unknown is `skill`: only a failure known
 *   to be the caller's is taken off the skill's record.
 *
 * Migration db/migrations/0015_caller_errors.sql applies the same rules in SQL to the failures
 * recorded before them; server/graph/caller-error-migration.int.test.ts checks the two agree.
 */
export type FailureCause = 'caller' | 'skill';

/** Error names that say the caller's arguments were invalid. */
export const INVALID_INPUT_ERRORS: readonly string[] = ['InvalidArguments', 'InvalidInput', 'InvalidParams', 'ValidationError'];

/** `…NotFound` names that are the skill's (or its deployment's) fault, not the caller's. */
export const SKILL_SIDE_NOT_FOUND: readonly string[] = ['SkillToolNotFound'];

/**
 * An MCP server's refusal of the arguments (JSON-RPC InvalidParams on input), as the invoker's
 * cause starts — after the INVALID_INPUT_PREFIX a failed state's cause is given (reportedCause).
 */
const MCP_INPUT_REFUSAL = /^(invalid input: )?MCP error -32602: (Input validation error|Invalid arguments for tool)/;

/** An error name: an identifier, optionally dotted (`States.TaskFailed`). */
const ERROR_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The cause of a failure named `error` with `cause` (the structured form: SkillCallOutcome, a state's failure). */
export function failureCause(error: string, cause: string | null = null): FailureCause {
  if (INVALID_INPUT_ERRORS.includes(error)) return 'caller';
  if (error.endsWith('NotFound') && ERROR_NAME.test(error) && !SKILL_SIDE_NOT_FOUND.includes(error)) return 'caller';
  if (cause !== null && MCP_INPUT_REFUSAL.test(cause)) return 'caller';
  return 'skill';
}

/**
 * A failure written as text, back into name and cause: the first ": "-separated part that is an
 * error name, and everything after it. Reads a state's `last_error` ("AdvisorNotFound: no advisor
 * named …") and a delegated task's error ("step fetch (skill://… tool): AdvisorNotFound: …").
 * Null when no part is an error name.
 */
export function parseFailureText(text: string): { error: string; cause: string } | null {
  const parts = text.split(': ');
  const i = parts.findIndex((p) => ERROR_NAME.test(p));
  return i < 0 ? null : { error: parts[i]!, cause: parts.slice(i + 1).join(': ') };
}

/** The cause of a failure known only as text (what the graph stores per use); null or unreadable text is `skill`. */
export function failureCauseOfText(text: string | null): FailureCause {
  const f = text === null ? null : parseFailureText(text);
  return f ? failureCause(f.error, f.cause) : 'skill';
}

/** What a run's or a state's cause starts with when the caller's input made it fail. */
export const INVALID_INPUT_PREFIX = 'invalid input: ';

/** The label the run views show beside a run or state that failed because of its input. */
export const INVALID_INPUT_LABEL = 'failed: invalid input';

/**
 * The cause a state fails with, saying so when the input was the problem ("invalid input: no
 * advisor named …"), so the run's error reads as the caller's and not as a fault of the skill.
 * A cause that says it already is kept as it is.
 */
export function reportedCause(error: string, cause: string): string {
  if (failureCause(error, cause) !== 'caller' || cause.startsWith(INVALID_INPUT_PREFIX)) return cause;
  return `${INVALID_INPUT_PREFIX}${cause}`;
}

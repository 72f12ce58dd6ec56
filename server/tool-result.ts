import { z } from 'zod';

/**
 * The spec's tool envelope: every result has `status` and `error` plus the tool's own fields.
 * Expected failures are values, not exceptions (docs/ARCHITECTURE.md): `status: "error"` with a
 * human-readable `error`, a stable `error_code`, and optional structured `details`.
 */
export type ToolSuccess<T> = { status: 'ok'; error: null } & T;
export type ToolFailure = { status: 'error'; error: string; error_code: ToolErrorCode; details?: unknown };
export type ToolResult<T> = ToolSuccess<T> | ToolFailure;

/** Stable failure codes shared by all tools. */
export const TOOL_ERROR_CODES = [
  'invalid_input', // arguments do not match the tool's input schema
  'parse_error', // a document passed as text is not valid JSON
  'not_found', // a named file, skill, workflow or run does not exist
  'forbidden', // the caller may not do this (scope, role, or path outside the workspace)
  'conflict', // the operation clashes with existing state
  'unavailable', // a backing service (database, Redis, Letta, Neo4j) cannot be reached
  'internal_error', // a bug: the handler threw or broke its own output contract
  'timed_out', // the call ran past its time budget (server/tools/budget.ts); what it started may still finish
  'budget_exceeded', // enforce mode: the call would take the caller's tool-call plan over its budget (issue 17)
  'limit_exceeded', // a configured cap or rate refuses the call (issue 29: jobs per owner, notifications per minute)
] as const;
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

export const toolFailureSchema = z.object({
  status: z.literal('error'),
  error: z.string(),
  error_code: z.enum(TOOL_ERROR_CODES),
  details: z.unknown().optional(),
});

export function ok<T extends object>(fields: T): ToolSuccess<T> {
  return { status: 'ok', error: null, ...fields };
}

export function fail(code: ToolErrorCode, message: string, details?: unknown): ToolFailure {
  return details === undefined
    ? { status: 'error', error: message, error_code: code }
    : { status: 'error', error: message, error_code: code, details };
}

/** The full result schema of a tool: its success fields under the envelope, or a failure. */
export function toolResultSchema<O extends z.ZodObject>(output: O) {
  return z.discriminatedUnion('status', [output.extend({ status: z.literal('ok'), error: z.null() }), toolFailureSchema]);
}

/** Whether a value is a tool failure (the envelope with `status: "error"`). */
export function isFailure(x: unknown): x is ToolFailure {
  return !!x && typeof x === 'object' && (x as { status?: unknown }).status === 'error';
}

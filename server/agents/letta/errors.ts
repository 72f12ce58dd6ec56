import { APIError } from '@letta-ai/letta-client';

/** The Letta request an error belongs to (secrets redacted). */
export interface LettaRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path with ids filled in, e.g. `/v1/agents/agent-…/core-memory/blocks/attach/block-…`. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * A failed call to the Letta server, with what was asked and what came back. `status` is the HTTP
 * status of an error response, or null when there was none: no response (connection refused,
 * timeout), an error inside a stream, a stream cut short, or a response that is not what the Letta
 * API document promises. `detail` is what came back (FastAPI `detail`, a `LettaErrorMessage`, …).
 */
export class LettaPlatformError extends Error {
  override readonly name = 'LettaPlatformError';
  constructor(
    readonly status: number | null,
    message: string,
    readonly request: LettaRequest,
    readonly detail?: unknown,
    options?: { cause?: unknown },
  ) {
    super(`Letta ${request.method} ${request.path}${status === null ? '' : ` → ${status}`}: ${message}`, options);
  }
}

const SECRET_KEYS = new Set(['auth_token', 'custom_headers', 'secrets', 'tool_exec_environment_variables']);

/** A copy of a request body with secret-bearing fields replaced by `"[redacted]"`. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) && v != null ? '[redacted]' : redact(v)]));
  }
  return value;
}

/** Human-readable text of a Letta error body: FastAPI `detail` (string or validation list), `message`, or JSON. */
export function describeErrorBody(body: unknown): string {
  if (body == null) return 'no response body';
  if (typeof body === 'string') return body;
  const b = body as { detail?: unknown; message?: unknown; error?: unknown; error_type?: unknown };
  if (typeof b.error_type === 'string' && typeof b.message === 'string') {
    // A stream's LettaErrorMessage.
    return `${b.error_type}: ${b.message}${typeof b.detail === 'string' && b.detail ? ` (${b.detail})` : ''}`;
  }
  if (typeof b.detail === 'string') return b.detail;
  if (Array.isArray(b.detail)) {
    return b.detail
      .map(
        (d: { loc?: unknown[]; msg?: unknown }) => `${Array.isArray(d.loc) ? d.loc.join('.') : '?'}: ${String(d.msg ?? JSON.stringify(d))}`,
      )
      .join('; ');
  }
  if (typeof b.message === 'string') return b.message;
  if (typeof b.error === 'string') return b.error;
  return JSON.stringify(body);
}

/** A tool name that is neither one of our MCP server's tools nor a Letta tool. */
export class UnknownToolError extends Error {
  override readonly name = 'UnknownToolError';
  constructor(
    readonly toolName: string,
    mcpServerName: string,
  ) {
    super(`No tool named "${toolName}": the MCP server "${mcpServerName}" does not serve it and Letta has no tool of that name`);
  }
}

/** Converts anything the Letta client threw into a LettaPlatformError for `request`. */
export function toPlatformError(error: unknown, request: LettaRequest): LettaPlatformError {
  if (error instanceof LettaPlatformError) return error;
  const req = { ...request, body: request.body === undefined ? undefined : redact(request.body) };
  if (error instanceof APIError) {
    const status = typeof error.status === 'number' ? error.status : null;
    const message = status === null && error.error === undefined ? error.message : describeErrorBody(error.error);
    return new LettaPlatformError(status, message, req, error.error, { cause: error });
  }
  return new LettaPlatformError(null, error instanceof Error ? error.message : String(error), req, undefined, { cause: error });
}

/** Runs one Letta call; any failure is rethrown as a LettaPlatformError naming `request`. */
export async function callLetta<T>(request: LettaRequest, run: () => PromiseLike<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPlatformError(error, request);
  }
}

/** Whether a Letta call failed because the resource does not exist (404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof LettaPlatformError && error.status === 404;
}

/** The result, or null when Letta says the resource does not exist (404); any other failure is thrown. */
export async function orNull<T>(result: Promise<T>): Promise<T | null> {
  try {
    return await result;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** True when the call succeeded, false when the resource does not exist (404). */
export async function orFalse(result: Promise<unknown>): Promise<boolean> {
  return (await orNull(result.then(() => true))) ?? false;
}

import type { SkillManifest } from '../manifest.ts';

/**
 * The contract between the workflow runner and skills: one call of one skill tool.
 *
 * Failure names (`error`), in the ASL sense — what Retry/Catch `ErrorEquals` match:
 * - the tool's own: an MCP result with `isError: true` → `structuredContent.error` when it is a
 *   string (the demo skills: `SkillError`, `RecordingNotFound`, `InvalidArguments`, …), else
 *   `States.TaskFailed`; a returned data-plane envelope with `ok: false` → `data.error.type`, else
 *   `States.TaskFailed`; a registered tool that throws SkillToolError → its `error`.
 * - `TimeoutError` — no answer within `timeoutMs` (cause: "Tool call to <skill> timed out after <s>s", spec §4.1).
 * - the abort reason's `error` (default `States.Timeout`) — the caller aborted `signal`.
 * - `SkillUnavailable` — the MCP endpoint cannot be reached (connection refused, HTTP error, the
 *   in-process demo server cannot start).
 * - `SkillUnsupported` — a python_source tool (no sandbox in this deployment).
 * - `SkillToolNotFound` — toolName is not a tool of the manifest, or no registered handler has it.
 */
export interface SkillInvocation {
  manifest: SkillManifest;
  /** One of manifest.requiredTools[].toolName. */
  toolName: string;
  args: Record<string, unknown>;
  /** 1-based attempt number of the workflow state (builtin.fail uses it). */
  attempt: number;
  /** Abort = the caller gave up (state TimeoutSeconds, lease lost); `reason.error` names the failure. */
  signal?: AbortSignal;
  /** Default: config.execution.skillTimeoutS × 1000. */
  timeoutMs?: number;
  /**
   * The same for every repeat of one attempt of a workflow state (execution/idempotency-key.ts):
   * a skill with side effects performs them once per key. Sent outside the tool's arguments, so
   * no tool schema meets an unknown field: MCP request `_meta[IDEMPOTENCY_META_KEY]`, a
   * registered tool's `ctx.idempotencyKey`. Absent for calls outside a workflow state.
   */
  idempotencyKey?: string;
}

/** The MCP `_meta` key of a tool call's idempotency key (a prefixed name, as MCP asks of extensions). */
export const IDEMPOTENCY_META_KEY = 'dcf/idempotency_key';

export type SkillCallOutcome =
  { ok: true; result: unknown; latencyMs: number } | { ok: false; error: string; cause: string; latencyMs: number };

/** An outcome before its latency is known. */
export type SkillCallResult = { ok: true; result: unknown } | { ok: false; error: string; cause: string };

export interface SkillInvoker {
  invoke(inv: SkillInvocation): Promise<SkillCallOutcome>;
  /** Closes the invoker's MCP clients (the in-process demo server is process-wide and stays). */
  close(): Promise<void>;
}

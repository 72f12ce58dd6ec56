import type { SkillCallResult } from './types.ts';

/**
 * Runs `work` under a deadline and the caller's abort signal, whichever comes first. `work`
 * receives a signal that aborts in both cases (so it can stop the call on the wire); its result is
 * ignored once the deadline or the abort has decided the outcome:
 * - deadline → `TimeoutError`, cause "Tool call to <skillName> timed out after <s>s" (spec §4.1);
 * - caller abort → `reason.error` (default `States.Timeout`), cause `reason.cause` or a default.
 */
export async function withDeadline(
  opts: { skillName: string; toolName: string; timeoutMs: number; signal?: AbortSignal },
  work: (signal: AbortSignal) => Promise<SkillCallResult>,
): Promise<SkillCallResult> {
  const stop = new AbortController();
  let decided: SkillCallResult | undefined;
  let settle: (r: SkillCallResult) => void = () => undefined;
  const stopped = new Promise<SkillCallResult>((resolve) => (settle = resolve));
  const decide = (r: SkillCallResult) => {
    if (decided) return;
    decided = r;
    stop.abort(r);
    settle(r);
  };
  const onAbort = () => decide(abortedOutcome(opts.signal?.reason, opts.skillName, opts.toolName));
  if (opts.signal?.aborted) return abortedOutcome(opts.signal.reason, opts.skillName, opts.toolName);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () =>
      decide({
        ok: false,
        error: 'TimeoutError',
        cause: `Tool call to ${opts.skillName} timed out after ${formatSeconds(opts.timeoutMs)}s`,
      }),
    opts.timeoutMs,
  );
  try {
    const result = await Promise.race([work(stop.signal).catch((err: unknown) => decided ?? internalFailure(err)), stopped]);
    return decided ?? result;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

export function abortedOutcome(reason: unknown, skillName: string, toolName: string): SkillCallResult {
  const r = (typeof reason === 'object' && reason !== null ? reason : {}) as { error?: unknown; cause?: unknown };
  const error = typeof r.error === 'string' && r.error ? r.error : 'States.Timeout';
  const cause = typeof r.cause === 'string' && r.cause ? r.cause : `The caller stopped waiting for ${skillName}/${toolName}`;
  return { ok: false, error, cause };
}

function internalFailure(err: unknown): SkillCallResult {
  return { ok: false, error: 'States.TaskFailed', cause: err instanceof Error ? err.message : String(err) };
}

/** 120000 → "120", 250 → "0.25". */
function formatSeconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

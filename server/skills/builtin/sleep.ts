import { registerSkillTool, SkillToolError } from '../invoke/registered-tools.ts';

/**
 * skill://builtin.sleep@1.0.0, tool `sleep` `{ms}`: waits `ms` milliseconds and returns
 * `{"slept_ms": ms}`; stops at once when the call is aborted (timeout, caller gave up) — for
 * exercising timeouts, leases and concurrency.
 */
export const SLEEP_MANIFEST_ID = 'skill://builtin.sleep@1.0.0';
const MAX_MS = 86_400_000;

export function sleep(args: Record<string, unknown>, signal: AbortSignal): Promise<{ slept_ms: number }> {
  const { ms } = args;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_MS) {
    return Promise.reject(
      new SkillToolError('InvalidArguments', `ms must be a number of milliseconds in 0…${MAX_MS}, got ${JSON.stringify(ms)}`),
    );
  }
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => (clearTimeout(timer), reject(signal.reason));
    const timer = setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve({ slept_ms: ms })), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

registerSkillTool(SLEEP_MANIFEST_ID, 'sleep', (args, { signal }) => sleep(args, signal));

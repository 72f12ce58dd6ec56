import { registerSkillTool, SkillToolError } from '../invoke/registered-tools.ts';

/**
 * skill://builtin.fail@1.0.0, tool `fail` `{error, cause, times?}`: fails with the error name
 * `error` and cause `cause` on attempts 1…times (on every attempt when `times` is absent), then
 * returns `{"recovered": true, "attempt": n}` — for exercising Retry and Catch deterministically.
 */
export const FAIL_MANIFEST_ID = 'skill://builtin.fail@1.0.0';

export function fail(args: Record<string, unknown>, attempt: number): { recovered: true; attempt: number } {
  const { error, cause, times } = args;
  if (typeof error !== 'string' || error === '' || typeof cause !== 'string') {
    throw new SkillToolError('InvalidArguments', 'fail needs {error: non-empty string, cause: string, times?: integer ≥ 0}');
  }
  if (times !== undefined && !(Number.isInteger(times) && (times as number) >= 0)) {
    throw new SkillToolError('InvalidArguments', `times must be an integer ≥ 0, got ${JSON.stringify(times)}`);
  }
  if (times === undefined || attempt <= (times as number)) throw new SkillToolError(error, cause);
  return { recovered: true, attempt };
}

registerSkillTool(FAIL_MANIFEST_ID, 'fail', (args, { attempt }) => fail(args, attempt));

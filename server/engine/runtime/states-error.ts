/**
 * ASL errors. `error` is the Error Name a Retry/Catch `ErrorEquals` is matched against (a
 * predefined `States.*` name or a custom one); `cause` is the human-readable explanation. Every
 * runtime function signals failure by throwing a StatesError and nothing else, so a caller can
 * turn any throw into a state failure with `{error, cause}`.
 */
export class StatesError extends Error {
  readonly error: string;
  /** Shadows `Error.cause` (ES2022) on purpose: ASL causes are always strings. */
  override readonly cause: string;

  constructor(error: string, cause: string) {
    super(`${error}: ${cause}`);
    this.name = 'StatesError';
    this.error = error;
    this.cause = cause;
  }
}

/** Predefined error names used by this runtime (spec Appendix A plus States.Runtime). */
export const STATES = {
  ALL: 'States.ALL',
  Runtime: 'States.Runtime',
  TaskFailed: 'States.TaskFailed',
  Timeout: 'States.Timeout',
  HeartbeatTimeout: 'States.HeartbeatTimeout',
  NoChoiceMatched: 'States.NoChoiceMatched',
  IntrinsicFailure: 'States.IntrinsicFailure',
  ResultPathMatchFailure: 'States.ResultPathMatchFailure',
  ParameterPathFailure: 'States.ParameterPathFailure',
  BranchFailed: 'States.BranchFailed',
  Permissions: 'States.Permissions',
  ItemReaderFailed: 'States.ItemReaderFailed',
} as const;

/** Throws `States.Runtime`; the common case for malformed data met at run time. */
export function runtimeError(cause: string): never {
  throw new StatesError(STATES.Runtime, cause);
}

/**
 * Which fields each state type may carry (Amazon States Language, JSONPath query language), plus
 * `AgentBinding`, the Letta-ASL extension on Task states.
 */
export const STATE_TYPES = ['Task', 'Pass', 'Choice', 'Wait', 'Succeed', 'Fail', 'Parallel', 'Map'] as const;
export type StateType = (typeof STATE_TYPES)[number];

const COMMON = ['Type', 'Comment', 'QueryLanguage'];
const IO = ['InputPath', 'OutputPath'];
const FLOW = ['Next', 'End'];
const RESULT = ['Parameters', 'ResultSelector', 'ResultPath', 'Retry', 'Catch'];

export const ALLOWED_FIELDS: Record<StateType, ReadonlySet<string>> = {
  Pass: new Set([...COMMON, ...IO, ...FLOW, 'Parameters', 'ResultPath', 'Result']),
  Task: new Set([
    ...COMMON,
    ...IO,
    ...FLOW,
    ...RESULT,
    'Resource',
    'TimeoutSeconds',
    'TimeoutSecondsPath',
    'HeartbeatSeconds',
    'HeartbeatSecondsPath',
    'Credentials',
    'AgentBinding',
  ]),
  Choice: new Set([...COMMON, ...IO, 'Choices', 'Default']),
  Wait: new Set([...COMMON, ...IO, ...FLOW, 'Seconds', 'Timestamp', 'SecondsPath', 'TimestampPath']),
  Succeed: new Set([...COMMON, ...IO]),
  Fail: new Set([...COMMON, 'Error', 'ErrorPath', 'Cause', 'CausePath']),
  Parallel: new Set([...COMMON, ...IO, ...FLOW, ...RESULT, 'Branches']),
  Map: new Set([
    ...COMMON,
    ...IO,
    ...FLOW,
    ...RESULT,
    'ItemProcessor',
    'Iterator',
    'ItemsPath',
    'ItemSelector',
    'ItemReader',
    'ItemBatcher',
    'ResultWriter',
    'MaxConcurrency',
    'MaxConcurrencyPath',
    'ToleratedFailureCount',
    'ToleratedFailureCountPath',
    'ToleratedFailurePercentage',
    'ToleratedFailurePercentagePath',
    'Label',
  ]),
};

/** Every field some state type allows: a field outside this set is unknown, not misplaced. */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set(Object.values(ALLOWED_FIELDS).flatMap((s) => [...s]));

/**
 * ASL fields this dialect does not support, with the reason: JSONata-only fields and workflow
 * variables (the engine evaluates JSONPath and has no variable store).
 */
export const UNSUPPORTED_FIELDS: Readonly<Record<string, string>> = {
  Arguments: 'a JSONata-only field; use Parameters',
  Output: 'a JSONata-only field; use OutputPath or ResultSelector',
  Items: 'a JSONata-only field; use ItemsPath',
  Condition: 'a JSONata-only Choice field',
  Assign: 'sets workflow variables, which this engine does not keep',
};

export function isStateType(value: unknown): value is StateType {
  return (STATE_TYPES as readonly unknown[]).includes(value);
}

export function allows(type: StateType, field: string): boolean {
  return ALLOWED_FIELDS[type].has(field);
}

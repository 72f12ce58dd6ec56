import type { JsonPatchOperation } from '../../testing/json-patch.ts';

/**
 * Changes to the rule-coverage workflow that must stay valid (no errors, no warnings): the
 * positive side of the rules, one accepted form at a time.
 */
export interface ValidVariant {
  form: string;
  ops: JsonPatchOperation[];
}

const S = '/asl/States';
const HANDLE = `${S}/Each/ItemProcessor/States/Handle`;
const add = (path: string, value: unknown): JsonPatchOperation => ({ op: 'add', path, value });
const replace = (path: string, value: unknown): JsonPatchOperation => ({ op: 'replace', path, value });
const remove = (path: string): JsonPatchOperation => ({ op: 'remove', path });
const pass = { Type: 'Pass', End: true };

export const VALID_VARIANTS: ValidVariant[] = [
  { form: 'Wait with a Timestamp', ops: [remove(`${S}/Pause/Seconds`), add(`${S}/Pause/Timestamp`, '2024-02-29T23:59:60.250+01:00')] },
  { form: 'Wait with SecondsPath', ops: [remove(`${S}/Pause/Seconds`), add(`${S}/Pause/SecondsPath`, '$.wait.seconds')] },
  { form: 'Wait of zero seconds', ops: [replace(`${S}/Pause/Seconds`, 0)] },
  {
    form: 'Map with the legacy Iterator',
    ops: [remove(`${S}/Each/ItemProcessor`), add(`${S}/Each/Iterator`, { StartAt: 'Step', States: { Step: pass } })],
  },
  {
    form: 'Map in a Map processor',
    ops: [
      remove(`${HANDLE}/End`),
      add(`${HANDLE}/Next`, 'Inner'),
      add(`${S}/Each/ItemProcessor/States/Inner`, { Type: 'Map', ItemProcessor: { StartAt: 'Leaf', States: { Leaf: pass } }, End: true }),
    ],
  },
  {
    form: 'Parallel in a Parallel branch',
    ops: [
      replace(`${S}/Fan/Branches/1/States/Note`, {
        Type: 'Parallel',
        Branches: [{ StartAt: 'Deep', States: { Deep: { Type: 'Succeed' } } }],
        End: true,
      }),
    ],
  },
  {
    form: 'Catch on a Parallel and a Map',
    ops: [
      add(`${S}/Fan/Catch`, [{ ErrorEquals: ['States.BranchFailed'], Next: 'Recover' }]),
      add(`${S}/Each/Catch`, [{ ErrorEquals: ['States.ALL'], ResultPath: null, Next: 'Failed' }]),
    ],
  },
  { form: 'Retry on a Map', ops: [add(`${S}/Each/Retry`, [{ ErrorEquals: ['States.ALL'], MaxAttempts: 0 }])] },
  { form: 'a Task bound by tool_name only', ops: [remove(`${HANDLE}/AgentBinding/skills`)] },
  { form: 'InputPath null', ops: [replace(`${S}/Prepare/InputPath`, null)] },
  { form: 'OutputPath with a script index', ops: [replace(`${S}/Fetch/OutputPath`, '$.data.rows[(@.length-1)]')] },
  {
    form: 'a filter regex RE2 runs in linear time (the probe /^(a+)+$/, flags i m s)',
    ops: [replace(`${S}/Fetch/OutputPath`, '$.rows[?(@.s =~ /^(a+)+$/ims)]')],
  },
  {
    form: 'StringMatches with 32 wildcards and escaped stars',
    ops: [replace(`${S}/Route/Choices/2/Or/1/StringMatches`, `\\*${'*a'.repeat(32)}b`)],
  },
  { form: 'a path member with hyphens', ops: [replace(`${S}/Prepare/InputPath`, '$.request-body.items')] },
  { form: 'a negative index in a Reference Path', ops: [replace(`${S}/Each/ItemsPath`, '$.fetched.pages[-1].rows')] },
  {
    form: 'Fail with ErrorPath and CausePath',
    ops: [
      remove(`${S}/Failed/Error`),
      remove(`${S}/Failed/Cause`),
      add(`${S}/Failed/ErrorPath`, "States.Format('{} failed', $.step)"),
      add(`${S}/Failed/CausePath`, '$.error.Cause'),
    ],
  },
  { form: 'nested intrinsic calls', ops: [replace(`${S}/Prepare/Parameters/id.$`, 'States.MathAdd(States.ArrayLength($.items), -1)')] },
  { form: 'a literal "$..." value on a plain key', ops: [add(`${S}/Prepare/Parameters/template`, '$.looks.like.a.path')] },
  { form: 'a Resource with a deployment substitution', ops: [add(`${S}/Fetch/Resource`, '${FetchFunctionArn}')] },
  { form: 'a Resource URI', ops: [add(`${S}/Fetch/Resource`, 'arn:aws:states:::lambda:invoke')] },
  { form: 'QueryLanguage JSONPath on a state', ops: [add(`${S}/Prepare/QueryLanguage`, 'JSONPath')] },
  {
    form: 'TimeoutSecondsPath instead of TimeoutSeconds',
    ops: [remove(`${S}/Fetch/TimeoutSeconds`), add(`${S}/Fetch/TimeoutSecondsPath`, '$.timeout')],
  },
  {
    form: 'Map tolerated failures and a batcher',
    ops: [
      add(`${S}/Each/ToleratedFailurePercentage`, 12.5),
      add(`${S}/Each/ToleratedFailureCount`, 3),
      add(`${S}/Each/ItemBatcher`, { MaxItemsPerBatch: 10, BatchInput: { 'job.$': '$$.Execution.Id' } }),
    ],
  },
];

/**
 * Every Choice comparison operator (the ASL list, written out independently of the engine's
 * table) with one value it accepts and one it rejects, and the code of that rejection.
 */
export const CHOICE_OPERATOR_SAMPLES: Array<{ operator: string; valid: unknown; invalid: unknown; code: string }> = [
  ...['StringEquals', 'StringLessThan', 'StringGreaterThan', 'StringLessThanEquals', 'StringGreaterThanEquals'].map((operator) => ({
    operator,
    valid: 'abc',
    invalid: 1,
    code: 'asl.choice_rule_value',
  })),
  ...['NumericEquals', 'NumericLessThan', 'NumericGreaterThan', 'NumericLessThanEquals', 'NumericGreaterThanEquals'].map((operator) => ({
    operator,
    valid: -2.5,
    invalid: '1',
    code: 'asl.choice_rule_value',
  })),
  { operator: 'BooleanEquals', valid: true, invalid: 'true', code: 'asl.choice_rule_value' },
  ...['TimestampEquals', 'TimestampLessThan', 'TimestampGreaterThan', 'TimestampLessThanEquals', 'TimestampGreaterThanEquals'].map(
    (operator) => ({ operator, valid: '2016-03-14T01:59:00Z', invalid: '2016-03-14', code: 'asl.choice_rule_value' }),
  ),
  ...[
    'StringEqualsPath',
    'StringLessThanPath',
    'StringGreaterThanPath',
    'StringLessThanEqualsPath',
    'StringGreaterThanEqualsPath',
    'NumericEqualsPath',
    'NumericLessThanPath',
    'NumericGreaterThanPath',
    'NumericLessThanEqualsPath',
    'NumericGreaterThanEqualsPath',
    'BooleanEqualsPath',
    'TimestampEqualsPath',
    'TimestampLessThanPath',
    'TimestampGreaterThanPath',
    'TimestampLessThanEqualsPath',
    'TimestampGreaterThanEqualsPath',
  ].map((operator) => ({ operator, valid: "$.other['value']", invalid: 'other.value', code: 'asl.invalid_path' })),
  { operator: 'StringMatches', valid: 'file-\\*-*.log', invalid: 7, code: 'asl.choice_rule_value' },
  ...['IsNull', 'IsPresent', 'IsNumeric', 'IsString', 'IsBoolean', 'IsTimestamp'].map((operator) => ({
    operator,
    valid: false,
    invalid: 0,
    code: 'asl.choice_rule_value',
  })),
];

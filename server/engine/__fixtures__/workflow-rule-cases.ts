import type { JsonPatchOperation } from '../../testing/json-patch.ts';

/**
 * One rule of validateWorkflow exercised by one change to the valid rule-coverage workflow.
 * `errors` / `warnings` list every expected finding as [code, JSON pointer] (omitted = none), so a
 * case also proves that a mistake is reported once, without follow-on noise.
 */
export interface RuleCase {
  rule: string;
  ops: JsonPatchOperation[];
  errors?: Array<[string, string]>;
  warnings?: Array<[string, string]>;
}

const S = '/asl/States';
const BRANCH0 = `${S}/Fan/Branches/0`;
const BRANCH1 = `${S}/Fan/Branches/1`;
const HANDLE = `${S}/Each/ItemProcessor/States/Handle`;
const RULES = `${S}/Route/Choices`;
const add = (path: string, value: unknown): JsonPatchOperation => ({ op: 'add', path, value });
const replace = (path: string, value: unknown): JsonPatchOperation => ({ op: 'replace', path, value });
const remove = (path: string): JsonPatchOperation => ({ op: 'remove', path });
const LONG_NAME = 'L'.repeat(81);

export const GRAPH_CASES: RuleCase[] = [
  {
    rule: 'Next names an existing state',
    ops: [replace(`${S}/Pause/Next`, 'Nowhere')],
    errors: [['asl.unknown_target', `${S}/Pause/Next`]],
  },
  { rule: 'StartAt names an existing state', ops: [replace('/asl/StartAt', 'Nope')], errors: [['asl.unknown_target', '/asl/StartAt']] },
  {
    rule: 'Default names an existing state',
    ops: [replace(`${S}/Route/Default`, 'Nope')],
    errors: [['asl.unknown_target', `${S}/Route/Default`]],
  },
  {
    rule: 'a Choice rule Next names an existing state',
    ops: [replace(`${RULES}/0/Next`, 'Nope')],
    errors: [['asl.unknown_target', `${RULES}/0/Next`]],
  },
  {
    rule: 'a Catch Next names an existing state',
    ops: [replace(`${S}/Fetch/Catch/0/Next`, 'Nope')],
    errors: [['asl.unknown_target', `${S}/Fetch/Catch/0/Next`]],
  },
  {
    rule: 'a Catch cannot jump into a branch',
    ops: [replace(`${S}/Fetch/Catch/0/Next`, 'Score')],
    errors: [['asl.cross_scope_target', `${S}/Fetch/Catch/0/Next`]],
  },
  {
    rule: 'a branch state cannot leave its branch',
    ops: [remove(`${BRANCH1}/States/Note/End`), add(`${BRANCH1}/States/Note/Next`, 'Done')],
    errors: [['asl.cross_scope_target', `${BRANCH1}/States/Note/Next`]],
  },
  {
    rule: 'a state cannot jump into a Map processor',
    ops: [replace(`${S}/Pause/Next`, 'Handle')],
    errors: [['asl.cross_scope_target', `${S}/Pause/Next`]],
  },
  {
    rule: 'a processor state cannot leave its Map',
    ops: [remove(`${HANDLE}/End`), add(`${HANDLE}/Next`, 'Done')],
    errors: [['asl.cross_scope_target', `${HANDLE}/Next`]],
  },
  {
    rule: 'a branch StartAt names a state of the branch',
    ops: [replace(`${BRANCH0}/StartAt`, 'Nope')],
    errors: [['asl.unknown_target', `${BRANCH0}/StartAt`]],
  },
  {
    rule: 'every state is reachable',
    ops: [add(`${S}/Orphan`, { Type: 'Pass', End: true })],
    errors: [['asl.unreachable_state', `${S}/Orphan`]],
  },
  {
    rule: 'every branch state is reachable',
    ops: [add(`${BRANCH1}/States/Lost`, { Type: 'Pass', End: true })],
    errors: [['asl.unreachable_state', `${BRANCH1}/States/Lost`]],
  },
  {
    rule: 'a terminal is reachable from every state',
    ops: [replace(`${S}/Recover/Next`, 'Recover')],
    errors: [['asl.no_terminal_path', `${S}/Recover`]],
  },
  {
    rule: 'a terminal is reachable from every branch state',
    ops: [remove(`${BRANCH1}/States/Note/End`), add(`${BRANCH1}/States/Note/Next`, 'Delay')],
    errors: [
      ['asl.no_terminal_path', `${BRANCH1}/States/Delay`],
      ['asl.no_terminal_path', `${BRANCH1}/States/Note`],
    ],
  },
  {
    rule: 'state names are unique across nested scopes',
    ops: [
      remove(`${BRANCH1}/States/Note`),
      add(`${BRANCH1}/States/Prepare`, { Type: 'Pass', End: true }),
      replace(`${BRANCH1}/States/Delay/Next`, 'Prepare'),
    ],
    errors: [['asl.duplicate_state_name', `${BRANCH1}/States/Prepare`]],
  },
  {
    rule: 'state names are at most 80 characters',
    ops: [add(`${S}/${LONG_NAME}`, { Type: 'Pass', Next: 'Fan' }), replace(`${S}/Pause/Next`, LONG_NAME)],
    errors: [['asl.state_name_too_long', `${S}/${LONG_NAME}`]],
  },
  {
    rule: "a state name has no '/' (the control plane's scope separator)",
    ops: [add(`${S}/Wait~1Longer`, { Type: 'Pass', Next: 'Fan' }), replace(`${S}/Pause/Next`, 'Wait/Longer')],
    errors: [['asl.invalid_state_name', `${S}/Wait~1Longer`]],
  },
  {
    rule: "a branch state name has no '/'",
    ops: [
      remove(`${BRANCH1}/States/Note`),
      add(`${BRANCH1}/States/Note~1Done`, { Type: 'Pass', End: true }),
      replace(`${BRANCH1}/States/Delay/Next`, 'Note/Done'),
    ],
    errors: [['asl.invalid_state_name', `${BRANCH1}/States/Note~1Done`]],
  },
  {
    rule: "a Map processor state name has no '/'",
    ops: [
      add(`${S}/Each/ItemProcessor/States/Row~1Prep`, { Type: 'Pass', Next: 'Handle' }),
      replace(`${S}/Each/ItemProcessor/StartAt`, 'Row/Prep'),
    ],
    errors: [['asl.invalid_state_name', `${S}/Each/ItemProcessor/States/Row~1Prep`]],
  },
  {
    rule: "a legacy Iterator state name has no '/'",
    ops: [
      remove(`${S}/Each/ItemProcessor`),
      add(`${S}/Each/Iterator`, { StartAt: 'Row/Step', States: { 'Row/Step': { Type: 'Pass', End: true } } }),
    ],
    errors: [['asl.invalid_state_name', `${S}/Each/Iterator/States/Row~1Step`]],
  },
];

export const STATE_CASES: RuleCase[] = [
  { rule: 'Next and End are never together', ops: [add(`${S}/Pause/End`, true)], errors: [['asl.next_and_end', `${S}/Pause/End`]] },
  { rule: 'a non-terminal state has Next or End', ops: [remove(`${S}/Pause/Next`)], errors: [['asl.missing_transition', `${S}/Pause`]] },
  {
    rule: 'End: false does not end a state',
    ops: [remove(`${S}/Pause/Next`), add(`${S}/Pause/End`, false)],
    errors: [['asl.missing_transition', `${S}/Pause`]],
  },
  { rule: 'Succeed has no Next', ops: [add(`${S}/Done/Next`, 'Prepare')], errors: [['asl.field_not_allowed', `${S}/Done/Next`]] },
  { rule: 'Fail has no End', ops: [add(`${S}/Failed/End`, true)], errors: [['asl.field_not_allowed', `${S}/Failed/End`]] },
  { rule: 'Choice has no End', ops: [add(`${S}/Route/End`, true)], errors: [['asl.field_not_allowed', `${S}/Route/End`]] },
  {
    rule: 'Resource is not a Choice field',
    ops: [add(`${S}/Route/Resource`, 'arn:aws:lambda:x')],
    errors: [['asl.field_not_allowed', `${S}/Route/Resource`]],
  },
  {
    rule: 'Retry is only on Task/Parallel/Map',
    ops: [add(`${S}/Prepare/Retry`, [{ ErrorEquals: ['States.ALL'] }])],
    errors: [['asl.field_not_allowed', `${S}/Prepare/Retry`]],
  },
  {
    rule: 'Parameters is not a Wait field',
    ops: [add(`${S}/Pause/Parameters`, { a: 1 })],
    errors: [['asl.field_not_allowed', `${S}/Pause/Parameters`]],
  },
  {
    rule: 'unknown fields are reported',
    ops: [add(`${S}/Prepare/InputPat`, '$')],
    errors: [['asl.unknown_field', `${S}/Prepare/InputPat`]],
  },
  {
    rule: 'workflow variables are not supported',
    ops: [add(`${S}/Prepare/Assign`, { x: 1 })],
    errors: [['asl.unsupported_field', `${S}/Prepare/Assign`]],
  },
  {
    rule: 'JSONata is not supported',
    ops: [add(`${S}/Prepare/QueryLanguage`, 'JSONata')],
    errors: [['asl.unsupported_query_language', `${S}/Prepare/QueryLanguage`]],
  },
  {
    rule: 'QueryLanguage is JSONPath or JSONata',
    ops: [add(`${S}/Prepare/QueryLanguage`, 'XPath')],
    errors: [['asl.invalid_value', `${S}/Prepare/QueryLanguage`]],
  },
  {
    rule: 'the schema reports an unknown Type once',
    ops: [replace(`${S}/Pause/Type`, 'Sleep')],
    errors: [['schema.enum', `${S}/Pause/Type`]],
  },
  {
    rule: 'Type is one of the eight state types',
    ops: [replace(`${HANDLE}/Type`, 'Sleep')],
    errors: [['asl.unknown_state_type', `${HANDLE}/Type`]],
  },
  { rule: 'Type is required', ops: [remove(`${HANDLE}/Type`)], errors: [['asl.missing_field', `${HANDLE}/Type`]] },
  { rule: 'a state is an object', ops: [replace(`${S}/Each/ItemProcessor/States/Handle`, 'text')], errors: [['asl.invalid_type', HANDLE]] },
  { rule: 'End is a boolean', ops: [replace(`${HANDLE}/End`, 'yes')], errors: [['asl.invalid_type', `${HANDLE}/End`]] },
  { rule: 'Next is a string', ops: [remove(`${HANDLE}/End`), add(`${HANDLE}/Next`, 5)], errors: [['asl.invalid_type', `${HANDLE}/Next`]] },
  { rule: 'Comment is a string', ops: [add(`${HANDLE}/Comment`, 5)], errors: [['asl.invalid_type', `${HANDLE}/Comment`]] },
];

export const CHOICE_CASES: RuleCase[] = [
  { rule: 'Choices is not empty', ops: [replace(`${RULES}`, [])], errors: [['asl.empty_array', RULES]] },
  { rule: 'Choices is required', ops: [remove(`${RULES}`)], errors: [['asl.missing_field', RULES]] },
  { rule: 'a rule has an operator', ops: [remove(`${RULES}/0/NumericGreaterThan`)], errors: [['asl.choice_rule_operator', `${RULES}/0`]] },
  {
    rule: 'a rule has exactly one operator',
    ops: [add(`${RULES}/0/NumericLessThan`, 5)],
    errors: [['asl.choice_rule_operator', `${RULES}/0/NumericLessThan`]],
  },
  {
    rule: 'a comparison has a Variable',
    ops: [remove(`${RULES}/0/Variable`)],
    errors: [['asl.choice_rule_variable', `${RULES}/0/Variable`]],
  },
  {
    rule: 'And takes no Variable',
    ops: [add(`${RULES}/1/Variable`, '$.x')],
    errors: [['asl.choice_rule_variable', `${RULES}/1/Variable`]],
  },
  {
    rule: 'Numeric operators take numbers',
    ops: [replace(`${RULES}/0/NumericGreaterThan`, '100')],
    errors: [['asl.choice_rule_value', `${RULES}/0/NumericGreaterThan`]],
  },
  {
    rule: 'String operators take strings (nested in And)',
    ops: [replace(`${RULES}/1/And/0/StringEquals`, 5)],
    errors: [['asl.choice_rule_value', `${RULES}/1/And/0/StringEquals`]],
  },
  {
    rule: 'BooleanEquals takes a boolean (nested in Not)',
    ops: [replace(`${RULES}/1/And/1/Not/BooleanEquals`, 'false')],
    errors: [['asl.choice_rule_value', `${RULES}/1/And/1/Not/BooleanEquals`]],
  },
  {
    rule: 'Timestamp operators take RFC 3339 timestamps',
    ops: [replace(`${RULES}/2/Or/0/TimestampGreaterThan`, '2024-13-08T09:15:00Z')],
    errors: [['asl.choice_rule_value', `${RULES}/2/Or/0/TimestampGreaterThan`]],
  },
  {
    rule: 'Is* tests take booleans',
    ops: [replace(`${RULES}/2/Or/3/IsPresent`, 'yes')],
    errors: [['asl.choice_rule_value', `${RULES}/2/Or/3/IsPresent`]],
  },
  {
    rule: 'StringMatches escapes only * and \\',
    ops: [replace(`${RULES}/2/Or/1/StringMatches`, 'log-\\d')],
    errors: [['asl.choice_rule_value', `${RULES}/2/Or/1/StringMatches`]],
  },
  {
    rule: 'StringMatches has at most 32 wildcards',
    ops: [replace(`${RULES}/2/Or/1/StringMatches`, `${'*a'.repeat(33)}b`)],
    errors: [['asl.choice_rule_value', `${RULES}/2/Or/1/StringMatches`]],
  },
  {
    rule: '...Path operators take paths',
    ops: [replace(`${RULES}/2/Or/2/NumericLessThanEqualsPath`, 'prepared.max')],
    errors: [['asl.invalid_path', `${RULES}/2/Or/2/NumericLessThanEqualsPath`]],
  },
  {
    rule: '...Path operators take Reference Paths',
    ops: [replace(`${RULES}/2/Or/2/NumericLessThanEqualsPath`, '$.items[*].max')],
    errors: [['asl.invalid_reference_path', `${RULES}/2/Or/2/NumericLessThanEqualsPath`]],
  },
  { rule: 'Variable is a path', ops: [replace(`${RULES}/0/Variable`, 'count')], errors: [['asl.invalid_path', `${RULES}/0/Variable`]] },
  {
    rule: 'Variable is not an intrinsic call',
    ops: [replace(`${RULES}/0/Variable`, 'States.ArrayLength($.x)')],
    errors: [['asl.invalid_path', `${RULES}/0/Variable`]],
  },
  { rule: 'And takes a non-empty array', ops: [replace(`${RULES}/1/And`, [])], errors: [['asl.choice_rule_operator', `${RULES}/1/And`]] },
  {
    rule: 'nested rules have no Next',
    ops: [add(`${RULES}/1/And/0/Next`, 'Fan')],
    errors: [['asl.choice_rule_next', `${RULES}/1/And/0/Next`]],
  },
  { rule: 'top-level rules have Next', ops: [remove(`${RULES}/0/Next`)], errors: [['asl.choice_rule_next', `${RULES}/0/Next`]] },
  { rule: 'rules have no End', ops: [add(`${RULES}/0/End`, true)], errors: [['asl.choice_rule_unknown_field', `${RULES}/0/End`]] },
];

export const WAIT_TASK_CASES: RuleCase[] = [
  { rule: 'a Wait has a duration', ops: [remove(`${S}/Pause/Seconds`)], errors: [['asl.wait_duration', `${S}/Pause`]] },
  {
    rule: 'a Wait has only one duration',
    ops: [add(`${S}/Pause/SecondsPath`, '$.s')],
    errors: [['asl.wait_duration', `${S}/Pause/SecondsPath`]],
  },
  { rule: 'Seconds is not negative', ops: [replace(`${S}/Pause/Seconds`, -1)], errors: [['asl.invalid_value', `${S}/Pause/Seconds`]] },
  { rule: 'Seconds is an integer', ops: [replace(`${S}/Pause/Seconds`, 1.5)], errors: [['asl.invalid_type', `${S}/Pause/Seconds`]] },
  {
    rule: 'Timestamp is RFC 3339',
    ops: [remove(`${S}/Pause/Seconds`), add(`${S}/Pause/Timestamp`, '2024-07-08 09:15:00')],
    errors: [['asl.invalid_timestamp', `${S}/Pause/Timestamp`]],
  },
  {
    rule: 'TimestampPath is a Reference Path',
    ops: [replace(`${BRANCH1}/States/Delay/TimestampPath`, '$.a[*]')],
    errors: [['asl.invalid_reference_path', `${BRANCH1}/States/Delay/TimestampPath`]],
  },
  {
    rule: 'TimeoutSeconds is positive',
    ops: [replace(`${S}/Fetch/TimeoutSeconds`, 0), remove(`${S}/Fetch/HeartbeatSeconds`)],
    errors: [['asl.invalid_value', `${S}/Fetch/TimeoutSeconds`]],
  },
  {
    rule: 'HeartbeatSeconds is below TimeoutSeconds',
    ops: [replace(`${S}/Fetch/HeartbeatSeconds`, 60)],
    errors: [['asl.invalid_value', `${S}/Fetch/HeartbeatSeconds`]],
  },
  {
    rule: 'TimeoutSeconds excludes TimeoutSecondsPath',
    ops: [add(`${S}/Fetch/TimeoutSecondsPath`, '$.t')],
    errors: [['asl.mutually_exclusive', `${S}/Fetch/TimeoutSecondsPath`]],
  },
  {
    rule: 'Credentials is an object',
    ops: [add(`${S}/Fetch/Credentials`, null)],
    errors: [['asl.invalid_type', `${S}/Fetch/Credentials`]],
  },
  {
    rule: 'Resource is a URI',
    ops: [add(`${S}/Fetch/Resource`, 'lambda function')],
    errors: [['asl.invalid_resource', `${S}/Fetch/Resource`]],
  },
  {
    rule: 'a Fail has Error or ErrorPath, not both',
    ops: [add(`${S}/Failed/ErrorPath`, '$.error')],
    errors: [['asl.mutually_exclusive', `${S}/Failed/ErrorPath`]],
  },
  {
    rule: 'Fail CausePath is a path or intrinsic',
    ops: [remove(`${S}/Failed/Cause`), add(`${S}/Failed/CausePath`, "States.Format('{}')")],
    errors: [['asl.invalid_intrinsic', `${S}/Failed/CausePath`]],
  },
];

export const BINDING_CASES: RuleCase[] = [
  {
    rule: 'the schema requires a top-level Task binding',
    ops: [remove(`${S}/Fetch/AgentBinding`)],
    errors: [['schema.required', `${S}/Fetch/AgentBinding`]],
  },
  {
    rule: 'a Task has an AgentBinding (in a Map processor too)',
    ops: [remove(`${HANDLE}/AgentBinding`)],
    errors: [['binding.missing', `${HANDLE}/AgentBinding`]],
  },
  {
    rule: 'a binding has a skill or a tool_name',
    ops: [replace(`${S}/Fetch/AgentBinding/skills`, [])],
    errors: [['binding.no_capability', `${S}/Fetch/AgentBinding`]],
  },
  {
    rule: 'a bound skill resolves',
    ops: [replace(`${S}/Fetch/AgentBinding/skills/0`, 'skill://nope@1.0.0')],
    errors: [['binding.unknown_skill', `${S}/Fetch/AgentBinding/skills/0`]],
  },
  {
    rule: 'skills is an array of strings',
    ops: [replace(`${HANDLE}/AgentBinding/skills`, 'skill://score@2.0.0')],
    errors: [['binding.invalid', `${HANDLE}/AgentBinding/skills`]],
  },
  {
    rule: 'every skill import was resolved',
    ops: [add('/skill_imports/-', { uri: 'file://skills/unknown.json' })],
    errors: [['import.unresolved', '/skill_imports/2/uri']],
  },
  {
    rule: 'every skill import exists',
    ops: [add('/skill_imports/-', { uri: 'file://skills/broken.json' })],
    errors: [['import.unresolved', '/skill_imports/2/uri']],
  },
  {
    rule: 'every skill import is a valid manifest',
    ops: [add('/skill_imports/-', { uri: 'file://skills/not-a-manifest.json' })],
    errors: [['import.invalid', '/skill_imports/2/uri']],
  },
  {
    rule: 'unknown Parameters keys are warned about',
    ops: [add(`${S}/Fetch/Parameters/colour`, 'red')],
    warnings: [['params.unknown_key', `${S}/Fetch/Parameters/colour`]],
  },
  {
    rule: 'missing required parameters are warned about',
    ops: [remove(`${S}/Fetch/Parameters/query.$`)],
    warnings: [['params.missing_required', `${S}/Fetch/Parameters`]],
  },
  {
    rule: 'with several candidate tools only unknown keys are warned about',
    ops: [add(`${BRANCH0}/States/Score/Parameters/extra.$`, '$.x')],
    warnings: [['params.unknown_key', `${BRANCH0}/States/Score/Parameters/extra.$`]],
  },
  {
    rule: 'tool_name narrows the candidate tools',
    ops: [replace(`${HANDLE}/AgentBinding/tool_name`, 'score_rows')],
    warnings: [
      ['params.unknown_key', `${HANDLE}/Parameters/row.$`],
      ['params.missing_required', `${HANDLE}/Parameters`],
    ],
  },
  {
    rule: 'tool_name names a tool of the bound skills',
    ops: [replace(`${HANDLE}/AgentBinding/tool_name`, 'nope')],
    warnings: [['binding.unknown_tool', `${HANDLE}/AgentBinding/tool_name`]],
  },
];

export const RETRY_CATCH_CASES: RuleCase[] = [
  {
    rule: 'ErrorEquals is not empty',
    ops: [replace(`${S}/Fetch/Retry/0/ErrorEquals`, [])],
    errors: [['asl.invalid_error_equals', `${S}/Fetch/Retry/0/ErrorEquals`]],
  },
  {
    rule: 'ErrorEquals holds strings',
    ops: [replace(`${S}/Fetch/Retry/0/ErrorEquals`, [true])],
    errors: [['asl.invalid_error_equals', `${S}/Fetch/Retry/0/ErrorEquals/0`]],
  },
  {
    rule: 'a catcher has ErrorEquals',
    ops: [remove(`${S}/Fetch/Catch/0/ErrorEquals`)],
    errors: [['asl.invalid_error_equals', `${S}/Fetch/Catch/0/ErrorEquals`]],
  },
  {
    rule: 'States.ALL is alone',
    ops: [replace(`${S}/Fetch/Retry/1/ErrorEquals`, ['States.ALL', 'Custom'])],
    errors: [['asl.states_all_not_alone', `${S}/Fetch/Retry/1/ErrorEquals`]],
  },
  {
    rule: 'the States.ALL retrier is last',
    ops: [replace(`${S}/Fetch/Retry/0/ErrorEquals`, ['States.ALL'])],
    errors: [['asl.states_all_not_last', `${S}/Fetch/Retry/0`]],
  },
  {
    rule: 'the States.ALL catcher is last',
    ops: [add(`${S}/Fetch/Catch/-`, { ErrorEquals: ['Custom'], Next: 'Failed' })],
    errors: [['asl.states_all_not_last', `${S}/Fetch/Catch/0`]],
  },
  {
    rule: 'IntervalSeconds is at least 1',
    ops: [replace(`${S}/Fetch/Retry/0/IntervalSeconds`, 0)],
    errors: [['asl.invalid_value', `${S}/Fetch/Retry/0/IntervalSeconds`]],
  },
  {
    rule: 'IntervalSeconds is an integer',
    ops: [replace(`${S}/Fetch/Retry/0/IntervalSeconds`, 1.5)],
    errors: [['asl.invalid_type', `${S}/Fetch/Retry/0/IntervalSeconds`]],
  },
  {
    rule: 'MaxAttempts is not negative',
    ops: [replace(`${S}/Fetch/Retry/0/MaxAttempts`, -1)],
    errors: [['asl.invalid_value', `${S}/Fetch/Retry/0/MaxAttempts`]],
  },
  {
    rule: 'BackoffRate is at least 1',
    ops: [replace(`${S}/Fetch/Retry/0/BackoffRate`, 0.5)],
    errors: [['asl.invalid_value', `${S}/Fetch/Retry/0/BackoffRate`]],
  },
  {
    rule: 'MaxDelaySeconds is at least 1',
    ops: [replace(`${S}/Fetch/Retry/0/MaxDelaySeconds`, 0)],
    errors: [['asl.invalid_value', `${S}/Fetch/Retry/0/MaxDelaySeconds`]],
  },
  {
    rule: 'JitterStrategy is FULL or NONE',
    ops: [replace(`${S}/Fetch/Retry/0/JitterStrategy`, 'SOME')],
    errors: [['asl.invalid_value', `${S}/Fetch/Retry/0/JitterStrategy`]],
  },
  {
    rule: 'retriers have known fields only',
    ops: [add(`${S}/Fetch/Retry/0/Interval`, 3)],
    errors: [['asl.unknown_field', `${S}/Fetch/Retry/0/Interval`]],
  },
  { rule: 'a catcher has Next', ops: [remove(`${S}/Fetch/Catch/0/Next`)], errors: [['asl.missing_field', `${S}/Fetch/Catch/0/Next`]] },
  {
    rule: 'a catcher ResultPath is a Reference Path',
    ops: [replace(`${S}/Fetch/Catch/0/ResultPath`, '$.err[*]')],
    errors: [['asl.invalid_reference_path', `${S}/Fetch/Catch/0/ResultPath`]],
  },
  { rule: 'Retry is an array', ops: [add(`${HANDLE}/Retry`, {})], errors: [['asl.invalid_type', `${HANDLE}/Retry`]] },
];

export const PATH_CASES: RuleCase[] = [
  {
    rule: 'InputPath parses',
    ops: [replace(`${S}/Prepare/InputPath`, 'request')],
    errors: [['asl.invalid_path', `${S}/Prepare/InputPath`]],
  },
  {
    rule: 'OutputPath parses',
    ops: [replace(`${S}/Fetch/OutputPath`, '$.a[?(@.b ==)]')],
    errors: [['asl.invalid_path', `${S}/Fetch/OutputPath`]],
  },
  {
    rule: 'ResultPath is a Reference Path',
    ops: [replace(`${S}/Prepare/ResultPath`, '$..prepared')],
    errors: [['asl.invalid_reference_path', `${S}/Prepare/ResultPath`]],
  },
  {
    rule: 'ResultPath addresses the input, not the context',
    ops: [replace(`${S}/Prepare/ResultPath`, '$$.Execution')],
    errors: [['asl.invalid_reference_path', `${S}/Prepare/ResultPath`]],
  },
  {
    rule: 'ResultPath is no variable',
    ops: [replace(`${S}/Prepare/ResultPath`, '$prepared')],
    errors: [['asl.invalid_path', `${S}/Prepare/ResultPath`]],
  },
  {
    rule: 'ItemsPath is a Reference Path',
    ops: [replace(`${S}/Each/ItemsPath`, '$.rows[0:2]')],
    errors: [['asl.invalid_reference_path', `${S}/Each/ItemsPath`]],
  },
  {
    rule: "a '.$' value is a path or intrinsic",
    ops: [replace(`${S}/Prepare/Parameters/nested/first.$`, 'items')],
    errors: [['asl.invalid_path', `${S}/Prepare/Parameters/nested/first.$`]],
  },
  {
    rule: "'.$' values are checked inside arrays",
    ops: [replace(`${S}/Prepare/Parameters/list/0/at.$`, 'now')],
    errors: [['asl.invalid_path', `${S}/Prepare/Parameters/list/0/at.$`]],
  },
  {
    rule: "a '.$' value is a string",
    ops: [replace(`${S}/Fetch/Parameters/query.$`, 5)],
    errors: [['asl.payload_value_type', `${S}/Fetch/Parameters/query.$`]],
  },
  {
    rule: "'a' and 'a.$' collide",
    ops: [add(`${S}/Fetch/Parameters/query`, 'x')],
    errors: [['asl.payload_duplicate_key', `${S}/Fetch/Parameters/query.$`]],
  },
  {
    rule: 'ResultSelector intrinsics check arity',
    ops: [replace(`${S}/Fetch/ResultSelector/count.$`, 'States.ArrayLength()')],
    errors: [['asl.invalid_intrinsic', `${S}/Fetch/ResultSelector/count.$`]],
  },
  {
    rule: 'ItemSelector paths parse',
    ops: [replace(`${S}/Each/ItemSelector/row.$`, '$$.Map.Item.Value[')],
    errors: [['asl.invalid_path', `${S}/Each/ItemSelector/row.$`]],
  },
  {
    rule: 'States.Format placeholders match its arguments',
    ops: [replace(`${S}/Prepare/Parameters/greeting.$`, "States.Format('Hello {} {}', $.name)")],
    errors: [['asl.invalid_intrinsic', `${S}/Prepare/Parameters/greeting.$`]],
  },
  {
    rule: 'States.Hash takes a known algorithm',
    ops: [replace(`${S}/Prepare/Parameters/id.$`, "States.Hash($.name, 'SHA-2')")],
    errors: [['asl.invalid_intrinsic', `${S}/Prepare/Parameters/id.$`]],
  },
  {
    rule: 'a filter regex compiles in RE2: no back-references',
    ops: [replace(`${S}/Prepare/Parameters/cheap.$`, '$.items[?(@.kind =~ /^(a)\\1$/)]')],
    errors: [['asl.invalid_path', `${S}/Prepare/Parameters/cheap.$`]],
  },
  {
    rule: 'a filter regex compiles in RE2: no look-around',
    ops: [replace(`${S}/Fetch/OutputPath`, '$.rows[?(@.name =~ /^(?!tmp)/)]')],
    errors: [['asl.invalid_path', `${S}/Fetch/OutputPath`]],
  },
  {
    rule: 'Credentials is a payload template',
    ops: [add(`${S}/Fetch/Credentials`, { 'role.$': 'not a path' })],
    errors: [['asl.invalid_path', `${S}/Fetch/Credentials/role.$`]],
  },
];

export const PARALLEL_MAP_CASES: RuleCase[] = [
  { rule: 'Branches is not empty', ops: [replace(`${S}/Fan/Branches`, [])], errors: [['asl.empty_array', `${S}/Fan/Branches`]] },
  { rule: 'a Parallel has Branches', ops: [remove(`${S}/Fan/Branches`)], errors: [['asl.missing_field', `${S}/Fan/Branches`]] },
  {
    rule: 'the schema requires States in a branch (reported once)',
    ops: [remove(`${BRANCH0}/States`)],
    errors: [['schema.required', `${BRANCH0}/States`]],
  },
  { rule: 'a Map has a processor', ops: [remove(`${S}/Each/ItemProcessor`)], errors: [['asl.missing_field', `${S}/Each/ItemProcessor`]] },
  {
    rule: 'ItemProcessor excludes the legacy Iterator',
    ops: [add(`${S}/Each/Iterator`, { StartAt: 'Step', States: { Step: { Type: 'Pass', End: true } } })],
    errors: [['asl.mutually_exclusive', `${S}/Each/Iterator`]],
  },
  {
    rule: 'an ItemProcessor has StartAt',
    ops: [remove(`${S}/Each/ItemProcessor/StartAt`)],
    errors: [['asl.missing_field', `${S}/Each/ItemProcessor/StartAt`]],
  },
  {
    rule: 'Parameters excludes ItemSelector on a Map',
    ops: [add(`${S}/Each/Parameters`, { 'row.$': '$' })],
    errors: [['asl.mutually_exclusive', `${S}/Each/ItemSelector`]],
  },
  {
    rule: 'MaxConcurrency is not negative',
    ops: [replace(`${S}/Each/MaxConcurrency`, -1)],
    errors: [['asl.invalid_value', `${S}/Each/MaxConcurrency`]],
  },
  {
    rule: 'ToleratedFailurePercentage is at most 100',
    ops: [add(`${S}/Each/ToleratedFailurePercentage`, 150)],
    errors: [['asl.invalid_value', `${S}/Each/ToleratedFailurePercentage`]],
  },
  {
    rule: 'ProcessorConfig Mode is INLINE or DISTRIBUTED',
    ops: [replace(`${S}/Each/ItemProcessor/ProcessorConfig/Mode`, 'PARALLEL')],
    errors: [['asl.invalid_value', `${S}/Each/ItemProcessor/ProcessorConfig/Mode`]],
  },
  {
    rule: 'an ItemBatcher sets a batch limit',
    ops: [add(`${S}/Each/ItemBatcher`, { BatchInput: { a: 1 } })],
    errors: [['asl.missing_field', `${S}/Each/ItemBatcher`]],
  },
];

export const DOCUMENT_CASES: RuleCase[] = [
  {
    rule: 'the schema checks the top-level TimeoutSeconds (reported once)',
    ops: [replace('/asl/TimeoutSeconds', 0)],
    errors: [['schema.minimum', '/asl/TimeoutSeconds']],
  },
  {
    rule: 'the schema rejects a top-level QueryLanguage (reported once)',
    ops: [add('/asl/QueryLanguage', 'JSONata')],
    errors: [['schema.additionalProperties', '/asl/QueryLanguage']],
  },
  { rule: 'asl is an object', ops: [replace('/asl', 'x')], errors: [['schema.type', '/asl']] },
  {
    rule: 'semantic rules still run when the schema fails elsewhere',
    ops: [remove('/workflow_name'), replace(`${S}/Pause/Next`, 'Nowhere'), add(`${S}/Fetch/Parameters/colour`, 'red')],
    errors: [
      ['schema.required', '/workflow_name'],
      ['asl.unknown_target', `${S}/Pause/Next`],
    ],
    warnings: [['params.unknown_key', `${S}/Fetch/Parameters/colour`]],
  },
  { rule: 'the document is an object', ops: [replace('', null)], errors: [['schema.type', '']] },
];

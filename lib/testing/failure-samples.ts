import type { FailureCause } from '../failure-cause.ts';

/**
 * TEST SUPPORT: failure texts as the graph stores them (a state's `last_error`, a swap's reason, a
 * delegated task's error) with who caused each. lib/failure-cause.test.ts checks the TypeScript
 * rules against it and server/graph/caller-error-migration.int.test.ts the SQL of migration 0015.
 */
export const FAILURE_SAMPLES: ReadonlyArray<readonly [text: string, cause: FailureCause]> = [
  // The caller's input (the demo skills, the built-in skills, an MCP server's schema check).
  ['AdvisorNotFound: no advisor named "John Smith" (known: Alex Wong, Priya Shah)', 'caller'],
  ['InvalidArguments: start_date 2024-07-08 is after end_date 2024-07-01', 'caller'],
  ['RecordingNotFound: no recording at s3://calls/none.mp3', 'caller'],
  ['RuleSetNotFound: no rule set "nope"', 'caller'],
  ['TeamNotFound: no team named "Blue"', 'caller'],
  ['InvalidInput', 'caller'],
  ['ValidationError: amount must be positive', 'caller'],
  ['AdvisorNotFound: invalid input: no advisor named "John Smith"', 'caller'],
  [
    'States.TaskFailed: MCP error -32602: Input validation error: Invalid arguments for tool get_applications_by_advisor: ' +
      'Invalid input: expected string, received number at advisor_name',
    'caller',
  ],
  ['States.TaskFailed: invalid input: MCP error -32602: Input validation error: Invalid arguments for tool x: bad', 'caller'],
  ['States.TaskFailed: MCP error -32602: Invalid arguments for tool x: arguments contain more than the maximum of 9 elements', 'caller'],
  ['step fetch (skill://salesforce-integration@2.1.0 get_applications_by_advisor): AdvisorNotFound: no advisor named "Jo"', 'caller'],
  // The skill's own faults, and what is not known to be the caller's.
  ['TimeoutError: Tool call to whisper-transcribe timed out after 120s', 'skill'],
  ['SkillError: whisper-transcribe failed (injected demo fault)', 'skill'],
  ['SkillUnavailable: MCP endpoint http://127.0.0.1:1/mcp unavailable: fetch failed', 'skill'],
  ['SkillToolNotFound: skill://x@1.0.0 has no tool y', 'skill'],
  ['States.Timeout: Transcribe exceeded TimeoutSeconds (5 s)', 'skill'],
  ['States.TaskFailed: skill skill://x@1.0.0 is not in the catalog', 'skill'],
  ['States.TaskFailed: MCP error -32602: Output validation error: Invalid structured content for tool x', 'skill'],
  ['States.TaskFailed: MCP error -32602: Tool x not found', 'skill'],
  ['RuleSetInvalid: compliance_rules_v1 line 3: 5 fields, expected 6', 'skill'],
  ['SkillError: upstream said RecordingNotFound: gone', 'skill'],
  ['SkillError: invalid input: the model rejected the prompt', 'skill'],
  ['step fetch (skill://salesforce-integration@2.1.0 get_applications_by_advisor): TimeoutError: no answer', 'skill'],
  ['step score: its arguments could not be built (no such path $.x)', 'skill'],
  ['failed', 'skill'],
  ['the tool reported an error without a message', 'skill'],
  ['Timeout xyz', 'skill'],
  ['', 'skill'],
];

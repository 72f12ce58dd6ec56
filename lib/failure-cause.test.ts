import { describe, expect, it } from 'vitest';
import { failureCause, failureCauseOfText, INVALID_INPUT_PREFIX, parseFailureText, reportedCause } from './failure-cause.ts';
import { FAILURE_SAMPLES } from './testing/failure-samples.ts';

describe('failureCause: who caused a skill failure', () => {
  it.each([
    ['InvalidArguments', '', 'caller'],
    ['AdvisorNotFound', 'no advisor named "John Smith"', 'caller'],
    ['RecordingNotFound', 'no recording at s3://x', 'caller'],
    ['FormulaNotFound', 'no formula "x"', 'caller'],
    ['InvalidParams', '', 'caller'],
    ['States.TaskFailed', 'MCP error -32602: Input validation error: Invalid arguments for tool t: bad', 'caller'],
    ['SkillToolNotFound', 'skill://x@1.0.0 has no tool y', 'skill'],
    ['States.TaskFailed', 'MCP error -32602: Output validation error: Tool t has an output schema', 'skill'],
    ['States.TaskFailed', 'the tool reported an error without a message', 'skill'],
    ['TimeoutError', 'Tool call to whisper-transcribe timed out after 120s', 'skill'],
    ['States.Timeout', 'Transcribe exceeded TimeoutSeconds (5 s)', 'skill'],
    ['SkillUnavailable', 'connection refused', 'skill'],
    ['SkillError', 'injected demo fault', 'skill'],
    ['FormulaInvalid', 'document declares another formula_id', 'skill'],
    ['Not Found', '', 'skill'],
    ['', '', 'skill'],
  ] as const)('%s (%s) → %s', (error, cause, expected) => {
    expect(failureCause(error, cause)).toBe(expected);
  });

  it('reads the cause from the name alone when there is no cause', () => {
    expect(failureCause('AdvisorNotFound')).toBe('caller');
    expect(failureCause('States.TaskFailed')).toBe('skill');
  });
});

describe('failureCauseOfText: a failure as the graph stores it', () => {
  it.each(FAILURE_SAMPLES)('%j → %s', (text, expected) => {
    expect(failureCauseOfText(text)).toBe(expected);
  });

  it('is skill for no text at all', () => {
    expect(failureCauseOfText(null)).toBe('skill');
  });

  it('splits a text at its first error name', () => {
    expect(parseFailureText('AdvisorNotFound: no advisor: named x')).toEqual({ error: 'AdvisorNotFound', cause: 'no advisor: named x' });
    expect(parseFailureText('step a (skill://s@1 t): TimeoutError: late')).toEqual({ error: 'TimeoutError', cause: 'late' });
    expect(parseFailureText('States.TaskFailed')).toEqual({ error: 'States.TaskFailed', cause: '' });
    expect(parseFailureText('step a: its arguments could not be built')).toBeNull();
  });
});

describe('reportedCause: the cause a state fails with', () => {
  it('says the input was invalid for a caller error, once', () => {
    const cause = reportedCause('AdvisorNotFound', 'no advisor named "John Smith"');
    expect(cause).toBe(`${INVALID_INPUT_PREFIX}no advisor named "John Smith"`);
    expect(reportedCause('AdvisorNotFound', cause)).toBe(cause);
    expect(failureCauseOfText(`AdvisorNotFound: ${cause}`)).toBe('caller');
  });

  it('keeps the cause of a skill fault as it is', () => {
    expect(reportedCause('TimeoutError', 'Tool call to x timed out after 1s')).toBe('Tool call to x timed out after 1s');
  });

  it('keeps an MCP input refusal a caller error once prefixed', () => {
    const cause = reportedCause('States.TaskFailed', 'MCP error -32602: Input validation error: Invalid arguments for tool t: x');
    expect(cause.startsWith(INVALID_INPUT_PREFIX)).toBe(true);
    expect(failureCause('States.TaskFailed', cause)).toBe('caller');
  });
});

import { describe, expect, it } from 'vitest';
import { outcomeFromMcpResult, outcomeFromValue } from './outcome.ts';

describe('failure naming of MCP results', () => {
  it('isError: the error and cause of structuredContent', () => {
    expect(
      outcomeFromMcpResult({
        isError: true,
        structuredContent: { ok: false, error: 'SkillError', cause: 'backend down' },
        content: [{ type: 'text', text: 'x' }],
      }),
    ).toEqual({ ok: false, error: 'SkillError', cause: 'backend down' });
  });

  it('isError without a named error: States.TaskFailed, caused by the text content', () => {
    expect(
      outcomeFromMcpResult({
        isError: true,
        content: [
          { type: 'text', text: 'Input validation error' },
          { type: 'image', data: '' },
        ],
      }),
    ).toEqual({ ok: false, error: 'States.TaskFailed', cause: 'Input validation error' });
    expect(outcomeFromMcpResult({ isError: true, structuredContent: { error: 42 }, content: [] })).toMatchObject({
      error: 'States.TaskFailed',
    });
  });

  it('an envelope with ok: false fails with data.error.type (else States.TaskFailed) and its summary', () => {
    const envelope = {
      ok: false,
      summary: 'TimeoutError: backend slow',
      data: { error: { type: 'TimeoutError', message: 'backend slow', retryable: true } },
    };
    expect(outcomeFromMcpResult({ structuredContent: envelope })).toEqual({
      ok: false,
      error: 'TimeoutError',
      cause: 'TimeoutError: backend slow',
    });
    expect(outcomeFromValue({ ok: false, summary: 'nope', data: {} })).toEqual({ ok: false, error: 'States.TaskFailed', cause: 'nope' });
  });

  it('success: structuredContent as is, else the text content (parsed when it is JSON)', () => {
    const envelope = { ok: true, summary: 's', data: { ids: [] }, metrics: { latency_ms: 1 }, artifacts: [] };
    expect(outcomeFromMcpResult({ structuredContent: envelope, content: [] })).toEqual({ ok: true, result: envelope });
    expect(outcomeFromMcpResult({ content: [{ type: 'text', text: '{"a":1}' }] })).toEqual({ ok: true, result: { a: 1 } });
    expect(outcomeFromMcpResult({ content: [{ type: 'text', text: 'plain' }] })).toEqual({ ok: true, result: 'plain' });
  });
});

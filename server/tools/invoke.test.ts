import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { invokeTool } from './invoke.ts';
import { fail, ok } from '../tool-result.ts';
import type { AuditEntry } from '../audit/log.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { testConfig } from '../testing/test-config.ts';

// Tools made for this test exercise the invoker's contract, not any real tool.
const echo = defineTool({
  name: 'echo_count',
  description: 'test tool',
  readOnly: false,
  input: z.object({ text: z.string(), times: z.number().int().min(1) }),
  output: z.object({ echoed: z.string() }),
  handler: async ({ text, times }) => (text === 'boom' ? fail('conflict', 'no booms') : ok({ echoed: text.repeat(times) })),
});
const thrower = defineTool({
  name: 'thrower',
  description: 'test tool',
  readOnly: true,
  input: z.object({}),
  output: z.object({}),
  handler: async () => {
    throw new Error('kaput');
  },
});
const liar = defineTool({
  name: 'liar',
  description: 'test tool',
  readOnly: true,
  input: z.object({}),
  output: z.object({ n: z.number() }),
  handler: async () => ok({ n: 'not a number' as unknown as number }),
});

const ctx = { actor: systemActor('test'), services: { config: testConfig() } };
const sink = () => {
  const entries: AuditEntry[] = [];
  return { entries, audit: { record: async (e: AuditEntry) => void entries.push(e) } };
};

describe('invokeTool', () => {
  it('returns the envelope with the fields on success', async () => {
    expect(await invokeTool(echo, { text: 'ab', times: 2 }, ctx)).toEqual({ status: 'ok', error: null, echoed: 'abab' });
  });

  it('rejects bad arguments as invalid_input with JSON pointers, without running the handler', async () => {
    const r = await invokeTool(echo, { text: 3, times: 0 }, ctx);
    expect(r.status).toBe('error');
    if (r.status !== 'error') return;
    expect(r.error_code).toBe('invalid_input');
    const issues = (r.details as { issues: Array<{ path: string }> }).issues;
    expect(issues.map((i) => i.path).sort()).toEqual(['/text', '/times']);
  });

  it('passes expected failures through as values', async () => {
    expect(await invokeTool(echo, { text: 'boom', times: 1 }, ctx)).toEqual({ status: 'error', error: 'no booms', error_code: 'conflict' });
  });

  it('turns a thrown error into internal_error and reports it', async () => {
    const seen: unknown[] = [];
    const r = await invokeTool(thrower, {}, ctx, { onInternalError: (_t, e) => seen.push(e) });
    expect(r).toMatchObject({ status: 'error', error_code: 'internal_error' });
    expect(seen).toHaveLength(1);
  });

  it('refuses to pass on a result that breaks the output schema', async () => {
    expect(await invokeTool(liar, {}, ctx)).toMatchObject({ status: 'error', error_code: 'internal_error' });
  });

  it('audits mutating tools (ok and error) and never read-only ones', async () => {
    const { entries, audit } = sink();
    await invokeTool(echo, { text: 'a', times: 1 }, ctx, { audit });
    await invokeTool(echo, { text: 'boom', times: 1 }, ctx, { audit });
    await invokeTool(echo, { text: 5 }, ctx, { audit });
    await invokeTool(thrower, {}, ctx, { audit });
    expect(entries.map((e) => [e.action, e.status])).toEqual([
      ['echo_count', 'ok'],
      ['echo_count', 'error'],
      ['echo_count', 'error'],
    ]);
    expect(entries[1]!.detail).toEqual({ error_code: 'conflict' });
    expect(entries[0]!.actor).toEqual(ctx.actor);
  });
});

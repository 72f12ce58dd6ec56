import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { invokeTool } from './invoke.ts';
import { ok } from '../tool-result.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { testConfig } from '../testing/test-config.ts';

// Tools made for this test exercise the time budget of invokeTool (budget.ts), not any real tool.
const never = defineTool({
  name: 'never_answers',
  description: 'test tool',
  readOnly: true,
  input: z.object({}),
  output: z.object({}),
  handler: () => new Promise(() => {}),
});
const waits = defineTool({
  name: 'waits_on_purpose',
  description: 'test tool',
  readOnly: true,
  budgetMs: (a) => a.wait_ms + 1_000,
  input: z.object({ wait_ms: z.number().int().max(600_000) }),
  output: z.object({ waited: z.number() }),
  handler: (a) => new Promise((resolve) => setTimeout(() => resolve(ok({ waited: a.wait_ms })), a.wait_ms)),
});

const config = testConfig({ DCF_TOOL_BUDGET_S: '5' });
const ctx = { actor: systemActor('test'), services: { config } };

describe('a tool call’s time budget', () => {
  afterEach(() => vi.useRealTimers());

  it('cuts a call that never answers with timed_out once DCF_TOOL_BUDGET_S has passed, not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = null;
    void invokeTool(never, {}, ctx).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ status: 'error', error_code: 'timed_out', details: { budget_ms: 5_000 } });
    expect((settled as { error: string }).error).toMatch(/never_answers did not finish within its 5 s budget/);
  });

  it('gives a tool that waits on purpose the budget it declares from its arguments', async () => {
    vi.useFakeTimers();
    let settled: unknown = null;
    void invokeTool(waits, { wait_ms: 30_000 }, ctx).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(settled).toEqual({ status: 'ok', error: null, waited: 30_000 });
  });

  it('leaves no timer behind when the call answers in time', async () => {
    vi.useFakeTimers();
    await Promise.all([invokeTool(waits, { wait_ms: 0 }, ctx), vi.advanceTimersByTimeAsync(0)]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

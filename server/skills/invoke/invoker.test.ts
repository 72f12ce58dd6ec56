import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../testing/test-config.ts';
import { parseSkillManifest, type SkillManifest } from '../manifest.ts';
import { createSkillInvoker } from './invoker.ts';
import { registerSkillTool } from './registered-tools.ts';

/** The invoker without sockets: registered tools, refusals, timeouts and aborts (MCP: invoke.int.test.ts). */
const manifest = (file: string): SkillManifest =>
  parseSkillManifest(JSON.parse(readFileSync(new URL(`../../../skills/${file}`, import.meta.url), 'utf8')))!;
const invoker = createSkillInvoker({ config: testConfig({ DCF_SKILL_TIMEOUT_S: '5' }) });
afterAll(() => invoker.close());
afterEach(() => vi.useRealTimers());
const echo = manifest('builtin.echo.json');
const fail = manifest('builtin.fail.json');
const sleep = manifest('builtin.sleep.json');

describe('skill invoker (in-process paths)', () => {
  it('runs a registered tool and reports its latency', async () => {
    const r = await invoker.invoke({ manifest: echo, toolName: 'echo', args: { message: 'hi', n: [1, 2] }, attempt: 1 });
    expect(r).toEqual({ ok: true, result: { message: 'hi', n: [1, 2] }, latencyMs: expect.any(Number) });
  });

  it('names a registered tool’s failure by its error, attempt by attempt (builtin.fail)', async () => {
    const call = (attempt: number, times?: number) =>
      invoker.invoke({
        manifest: fail,
        toolName: 'fail',
        args: { error: 'SkillError', cause: 'flaky', ...(times === undefined ? {} : { times }) },
        attempt,
      });
    expect(await call(1, 2)).toMatchObject({ ok: false, error: 'SkillError', cause: 'flaky' });
    expect(await call(2, 2)).toMatchObject({ ok: false, error: 'SkillError' });
    expect(await call(3, 2)).toMatchObject({ ok: true, result: { recovered: true, attempt: 3 } });
    expect(await call(9)).toMatchObject({ ok: false, error: 'SkillError' });
  });

  it('times out with TimeoutError and the spec §4.1 wording, stopping the tool', async () => {
    // Fake timers (performance.now included): the deadline, not the 5 s of work, decides the outcome,
    // and the tool's own timer is cleared by the abort (nothing is left pending).
    vi.useFakeTimers();
    let settled: Awaited<ReturnType<typeof invoker.invoke>> | undefined;
    void invoker.invoke({ manifest: sleep, toolName: 'sleep', args: { ms: 5000 }, attempt: 1, timeoutMs: 120 }).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(119);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ ok: false, error: 'TimeoutError', cause: 'Tool call to builtin.sleep timed out after 0.12s' });
    expect(settled!.latencyMs).toBe(120);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops promptly when the caller aborts, named by the abort reason (default States.Timeout)', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort({ error: 'LeaseLost', cause: 'the lease expired' }), 50);
    expect(await invoker.invoke({ manifest: sleep, toolName: 'sleep', args: { ms: 5000 }, attempt: 1, signal: ac.signal })).toMatchObject({
      ok: false,
      error: 'LeaseLost',
      cause: 'the lease expired',
    });
    const before = new AbortController();
    before.abort();
    expect(await invoker.invoke({ manifest: sleep, toolName: 'sleep', args: { ms: 10 }, attempt: 1, signal: before.signal })).toMatchObject(
      { ok: false, error: 'States.Timeout' },
    );
  });

  it('refuses python_source tools: no sandbox in this deployment', async () => {
    const py = structuredClone(echo);
    py.requiredTools[0]!.definition = { type: 'python_source', sourceCode: 'def echo(**kw): return kw' };
    const r = await invoker.invoke({ manifest: py, toolName: 'echo', args: {}, attempt: 1 });
    expect(r).toMatchObject({
      ok: false,
      error: 'SkillUnsupported',
      cause: expect.stringContaining('need a code sandbox, which this deployment does not have'),
    });
  });

  it('reports unknown tools and registered tools without a handler', async () => {
    expect(await invoker.invoke({ manifest: echo, toolName: 'shout', args: {}, attempt: 1 })).toMatchObject({
      ok: false,
      error: 'SkillToolNotFound',
    });
    const other = { ...structuredClone(echo), manifestId: 'skill://builtin.echo@9.9.9' };
    expect(await invoker.invoke({ manifest: other, toolName: 'echo', args: {}, attempt: 1 })).toMatchObject({
      ok: false,
      error: 'SkillToolNotFound',
    });
  });

  it('turns an unexpected exception of a handler into States.TaskFailed', async () => {
    registerSkillTool('skill://test.broken@1.0.0', 'boom', () => {
      throw new Error('bug');
    });
    const broken = {
      ...structuredClone(echo),
      manifestId: 'skill://test.broken@1.0.0',
      requiredTools: [{ ...echo.requiredTools[0]!, toolName: 'boom' }],
    };
    expect(await invoker.invoke({ manifest: broken, toolName: 'boom', args: {}, attempt: 1 })).toMatchObject({
      ok: false,
      error: 'States.TaskFailed',
      cause: 'bug',
    });
  });

  it('hands a registered tool the idempotency key beside its arguments, not among them', async () => {
    const seen: Array<{ args: Record<string, unknown>; key: string | undefined }> = [];
    registerSkillTool('skill://test.idempotent@1.0.0', 'charge', (args, ctx) => {
      seen.push({ args, key: ctx.idempotencyKey });
      return { charged: true };
    });
    const tool = { ...echo.requiredTools[0]!, toolName: 'charge' };
    const charge = { ...structuredClone(echo), manifestId: 'skill://test.idempotent@1.0.0', requiredTools: [tool] };
    await invoker.invoke({ manifest: charge, toolName: 'charge', args: { amount: 5 }, attempt: 1, idempotencyKey: 'dcf-key-1' });
    await invoker.invoke({ manifest: charge, toolName: 'charge', args: { amount: 5 }, attempt: 1 });
    expect(seen).toEqual([
      { args: { amount: 5 }, key: 'dcf-key-1' },
      { args: { amount: 5 }, key: undefined },
    ]);
  });
});

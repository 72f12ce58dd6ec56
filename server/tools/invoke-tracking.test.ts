import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../contracts/audit-actor.ts';
import type { CallTicket } from '../contracts/planning/ports.ts';
import type { PlanningService } from '../contracts/planning/service.ts';
import { testConfig } from '../testing/test-config.ts';
import { fail, ok, type ToolFailure } from '../tool-result.ts';
import { defineTool } from './define-tool.ts';
import { invokeTool } from './invoke.ts';

/**
 * How invokeTool talks to the plan tracker (server/planning/ports.ts): the tracker here is a
 * recording stand-in for PlanTracker.begin only — the real tracker's behaviour is
 * plan-tracker.int.test.ts's — so each path of the invoker can be forced.
 */
let runs = 0;
const echo = defineTool({
  name: 'echo_tracked',
  description: 'test tool',
  readOnly: true,
  input: z.object({ text: z.string() }),
  output: z.object({ echoed: z.string() }),
  handler: async ({ text }) => {
    runs++;
    if (text === 'throw') throw new Error('kaput');
    return text === 'no' ? fail('conflict', 'said no') : ok({ echoed: text });
  },
});

type Begun = { actor: Actor; tool: string; args: unknown };
function recorder(answer: 'ticket' | 'refuse' | 'none') {
  const begun: Begun[] = [];
  const ended: Array<{ status: string; error_code?: string | null }> = [];
  const refusal: ToolFailure = fail('budget_exceeded', 'echo_tracked was refused: over budget');
  const planning = {
    begin(actor: Actor, tool: string, args: unknown): CallTicket | { refused: ToolFailure } | null {
      begun.push({ actor, tool, args });
      if (answer === 'none') return null;
      if (answer === 'refuse') return { refused: refusal };
      return { planId: 'p', end: (o) => void ended.push(o) };
    },
  } as unknown as PlanningService;
  return { begun, ended, refusal, planning };
}
const agent: Actor = { kind: 'agent', id: 'agent-1', label: 'agent-1' };
const ctxOf = (planning: PlanningService) => ({ actor: agent, services: { config: testConfig(), planning } });

describe('invokeTool with a plan tracker', () => {
  it('begins each call with the caller, the tool and its arguments, and ends it with its outcome', async () => {
    const r = recorder('ticket');
    expect(await invokeTool(echo, { text: 'hi' }, ctxOf(r.planning))).toMatchObject({ status: 'ok', echoed: 'hi' });
    expect(await invokeTool(echo, { text: 'no' }, ctxOf(r.planning))).toMatchObject({ error_code: 'conflict' });
    expect(await invokeTool(echo, { text: 'throw' }, ctxOf(r.planning))).toMatchObject({ error_code: 'internal_error' });
    expect(await invokeTool(echo, { text: 4 }, ctxOf(r.planning))).toMatchObject({ error_code: 'invalid_input' });
    expect(r.begun).toEqual(['hi', 'no', 'throw', 4].map((text) => ({ actor: agent, tool: 'echo_tracked', args: { text } })));
    expect(r.ended).toEqual([
      { status: 'ok' },
      { status: 'error', error_code: 'conflict' },
      { status: 'error', error_code: 'internal_error' },
      { status: 'error', error_code: 'invalid_input' },
    ]);
  });

  it('returns a refusal without running the tool', async () => {
    const r = recorder('refuse');
    const before = runs;
    expect(await invokeTool(echo, { text: 'hi' }, ctxOf(r.planning))).toBe(r.refusal);
    expect(runs).toBe(before);
  });

  it('runs the call as it is without a plan, and never asks about arguments refused by shape', async () => {
    const r = recorder('none');
    expect(await invokeTool(echo, { text: 'hi' }, ctxOf(r.planning))).toMatchObject({ status: 'ok' });
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect(await invokeTool(echo, deep, ctxOf(r.planning))).toMatchObject({ error_code: 'invalid_input' });
    expect(r.begun).toHaveLength(1);
  });

  it('ends the call when something below the handler throws', async () => {
    const r = recorder('ticket');
    const failing = {
      onInternalError: () => {
        throw new Error('logger down');
      },
    };
    await expect(invokeTool(echo, { text: 'throw' }, ctxOf(r.planning), failing)).rejects.toThrow('logger down');
    expect(r.ended).toEqual([{ status: 'error', error_code: 'internal_error' }]);
  });
});

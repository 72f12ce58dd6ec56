import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemActor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { invokeTool } from '../invoke.ts';
import { comparePoliciesTool } from './compare-policies.ts';

/**
 * The input contract of compare_policies (issue 17, "Policies compared"): what an agent, the
 * console and the CLI may send, the defaults it gets, and what is refused before the handler runs.
 * The figures themselves are tested in server/learning/policy-compare.
 */

const input = comparePoliciesTool.input;
const ctx = { actor: systemActor('test'), services: { config: testConfig() } };

describe('compare_policies input', () => {
  it('accepts the source alone and fills in every strategy and seed 1', () => {
    expect(input.parse({ source: 'offline_replay' })).toEqual({
      source: 'offline_replay',
      strategies: ['Greedy', 'EpsilonGreedy', 'UCB', 'ThompsonSampling'],
      seed: 1,
    });
    expect(input.parse({ source: 'live_split' }).source).toBe('live_split');
  });

  it('accepts a window with offsets, a capability, some strategies and a seed', () => {
    const args = {
      source: 'offline_replay',
      since: '2031-02-03T09:00:00+01:00',
      until: '2031-02-04T00:00:00Z',
      capability: ' transcription ',
      strategies: ['UCB', 'Greedy'],
      seed: 0xffff_ffff,
    };
    expect(input.parse(args)).toEqual({ ...args, capability: 'transcription' });
    expect(input.parse({ source: 'live_split', seed: 0 }).seed).toBe(0);
  });

  it.each([
    ['no source', {}],
    ['an unknown source', { source: 'replay' }],
    ['an unknown key', { source: 'offline_replay', window: 7 }],
    ['a date without a time', { source: 'offline_replay', since: '2031-02-03' }],
    ['a time without an offset', { source: 'offline_replay', until: '2031-02-03T09:00:00' }],
    ['an empty capability', { source: 'offline_replay', capability: '  ' }],
    ['a capability that is not a string', { source: 'offline_replay', capability: 3 }],
    ['no strategies', { source: 'offline_replay', strategies: [] }],
    ['an unknown strategy', { source: 'offline_replay', strategies: ['Softmax'] }],
    ['a strategy twice', { source: 'offline_replay', strategies: ['UCB', 'UCB'] }],
    ['a negative seed', { source: 'offline_replay', seed: -1 }],
    ['a fractional seed', { source: 'offline_replay', seed: 1.5 }],
    ['a seed over 32 bits', { source: 'offline_replay', seed: 2 ** 32 }],
  ])('refuses %s', (_why, args) => {
    expect(input.safeParse(args).success).toBe(false);
  });

  it('is published as a JSON Schema with source required and the rest optional', () => {
    const schema = z.toJSONSchema(input, { io: 'input' }) as { properties: object; required: string[] };
    expect(Object.keys(schema.properties).sort()).toEqual(['capability', 'seed', 'since', 'source', 'strategies', 'until']);
    expect(schema.required).toEqual(['source']);
  });

  it('answers a window that ends before it starts with invalid_input, before reading the graph', async () => {
    const args = { source: 'offline_replay', since: '2031-02-04T00:00:00Z', until: '2031-02-03T23:59:59+00:00' };
    expect(await invokeTool(comparePoliciesTool, args, ctx)).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      error: expect.stringContaining('is after until'),
    });
  });

  it('answers unavailable when the context has no database (the graph lives in it or beside it)', async () => {
    expect(await invokeTool(comparePoliciesTool, { source: 'live_split' }, ctx)).toMatchObject({
      status: 'error',
      error_code: 'unavailable',
    });
  });
});

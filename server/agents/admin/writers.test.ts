import { describe, expect, it } from 'vitest';
import { parseWriter } from './writers.ts';

describe('parseWriter', () => {
  it('tells agents, users, system parts and the platform apart', () => {
    expect(parseWriter('agent-1f')).toEqual({ kind: 'agent', id: 'agent-1f' });
    expect(parseWriter('user:u-1')).toEqual({ kind: 'user', id: 'u-1' });
    expect(parseWriter('system:finalize')).toEqual({ kind: 'system', name: 'finalize' });
    expect(parseWriter('platform')).toEqual({ kind: 'platform' });
    expect(parseWriter('someone')).toEqual({ kind: 'other', text: 'someone' });
  });
});

import { describe, expect, it } from 'vitest';
import { eventTouchesList } from './run-event';

const msg = (event: Record<string, unknown>) => JSON.stringify({ id: '1-0', event });

describe('eventTouchesList', () => {
  const shown = new Set(['r1']);
  it('takes every run-level event (a run may enter or leave the filtered list)', () => {
    expect(eventTouchesList(msg({ type: 'run', run_id: 'r9', status: 'RUNNING' }), shown)).toBe(true);
  });
  it('takes state events of runs on screen only', () => {
    expect(eventTouchesList(msg({ type: 'state', run_id: 'r1', instance: 'A' }), shown)).toBe(true);
    expect(eventTouchesList(msg({ type: 'state', run_id: 'r9', instance: 'A' }), shown)).toBe(false);
  });
  it('ignores what it cannot read', () => {
    expect(eventTouchesList('not json', shown)).toBe(false);
    expect(eventTouchesList('null', shown)).toBe(false);
    expect(eventTouchesList(JSON.stringify({ id: '1-0' }), shown)).toBe(false);
  });
});

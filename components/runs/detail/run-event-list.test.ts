import { describe, expect, it } from 'vitest';
import { eventText } from './run-event-list';

describe('eventText', () => {
  it('says what each kind of event means', () => {
    expect(eventText({ type: 'state', instance: 'T', state: { status: 'running', attempts: 2 }, note: 'leased' })).toBe(
      'T → running (attempt 2) · leased',
    );
    expect(eventText({ type: 'state', instance: 'T', state: { status: 'failed', attempts: 1, last_error: 'SkillError: x' } })).toBe(
      'T → failed (attempt 1) · SkillError: x',
    );
    expect(eventText({ type: 'run', status: 'FAILED', error: 'SkillError', cause: 'boom' })).toBe('run → FAILED · SkillError: boom');
    expect(
      eventText({ type: 'skill_swap', instance: 'T', from: 'skill://a@1', to: 'skill://b@1', reason: 'TimeoutError', policy: 'Greedy' }),
    ).toBe('T: swapped skill://a@1 → skill://b@1 after TimeoutError (Greedy)');
    expect(eventText({ type: 'redrive', redrive_count: 1, states: ['T'], by: 'dana' })).toBe('redrive #1: T by dana');
    expect(eventText({ type: 'webhook', instance: 'T' })).toBe('webhook T');
  });
});

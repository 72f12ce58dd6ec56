import { describe, expect, it } from 'vitest';
import { durationText, relativeTime, runtimeText, stopReasonText } from './format';

describe('runtimeText', () => {
  it('says which runtime and brain answer', () => {
    expect(runtimeText({ kind: 'local', brain: 'deterministic' })).toBe('Local runtime · deterministic offline brain (no LLM configured)');
    expect(runtimeText({ kind: 'local', brain: 'openai', model: 'gpt-4o-mini', base_url: 'https://api.openai.com/v1' })).toBe(
      'Local runtime · OpenAI-compatible model gpt-4o-mini at https://api.openai.com/v1',
    );
    expect(runtimeText({ kind: 'letta', base_url: 'http://letta:8283' })).toBe('Letta at http://letta:8283');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2024-07-08T12:00:00Z');
  it('reads like people say it', () => {
    expect(relativeTime('2024-07-08T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2024-07-08T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2024-07-08T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2024-07-07T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2024-07-04T12:00:00Z', now)).toBe('4 days ago');
    expect(relativeTime('2024-06-01T12:00:00Z', now)).toBe('2024-06-01');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});

describe('durationText and stopReasonText', () => {
  it('formats durations', () => {
    expect(durationText(850)).toBe('850 ms');
    expect(durationText(4200)).toBe('4.2 s');
    expect(durationText(185_000)).toBe('3 min 05 s');
  });
  it('explains stop reasons other than end_turn', () => {
    expect(stopReasonText('end_turn')).toBeNull();
    expect(stopReasonText('max_steps')).toMatch(/continue/);
    expect(stopReasonText('weird')).toBe('The agent stopped (weird).');
  });
});

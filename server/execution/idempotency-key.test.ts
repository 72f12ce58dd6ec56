import { describe, expect, it } from 'vitest';
import { aslAttempt, idempotencyKey } from './idempotency-key.ts';

const RUN = '7d1f0c3a-0000-4000-8000-000000000001';
const entry = { entry: 'e-1', input: {}, entered_at: '2024-07-08T09:00:00.000Z' };

describe('the idempotency key of a Task attempt', () => {
  it('is stable for a re-run of the same attempt: only run, instance, entry and Retries taken count', () => {
    const key = idempotencyKey(RUN, 'Charge', entry);
    expect(key).toMatch(/^dcf-[0-9a-f]{40}$/);
    // A take-over after a crash re-reads the same entry (its effective input recorded again, a swap recorded).
    const reread = { ...entry, effective_input: { a: 1 }, skill: 'skill://x@1.0.0' };
    expect(idempotencyKey(RUN, 'Charge', reread)).toBe(key);
  });

  it('changes with a Retry, a new visit (entry), another instance or another run', () => {
    const key = idempotencyKey(RUN, 'Charge', entry);
    const others = [
      idempotencyKey(RUN, 'Charge', { ...entry, retry_counts: [1] }),
      idempotencyKey(RUN, 'Charge', { ...entry, retry_counts: [2] }),
      idempotencyKey(RUN, 'Charge', { ...entry, entry: 'e-2' }),
      idempotencyKey(RUN, 'Map[1]/Charge', entry),
      idempotencyKey('7d1f0c3a-0000-4000-8000-000000000002', 'Charge', entry),
    ];
    expect(new Set([key, ...others]).size).toBe(6);
    // Retries by different retriers that add up to the same attempt are the same attempt.
    expect(idempotencyKey(RUN, 'Charge', { ...entry, retry_counts: [0, 1] })).toBe(others[0]);
  });

  it('counts the ASL attempt: 1 plus every Retry taken', () => {
    expect(aslAttempt({})).toBe(1);
    expect(aslAttempt({ retry_counts: [2, 1] })).toBe(4);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeDeadline, LATE } from './deadline.ts';

describe('beforeDeadline', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the value when the work settles in time, and leaves no timer', async () => {
    vi.useFakeTimers();
    expect(await beforeDeadline(Promise.resolve(7), 1_000)).toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers LATE at the deadline and swallows a later rejection', async () => {
    vi.useFakeTimers();
    let reject!: (e: Error) => void;
    const work = new Promise<number>((_, r) => (reject = r));
    const answer = beforeDeadline(work, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toBe(LATE);
    vi.useRealTimers();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    reject(new Error('too late'));
    await new Promise((r) => setImmediate(r));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('passes a rejection in time through', async () => {
    await expect(beforeDeadline(Promise.reject(new Error('no')), 1_000)).rejects.toThrow('no');
  });
});

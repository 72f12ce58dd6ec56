import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefetchThrottle } from './refetch-throttle';

describe('createRefetchThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refetches at once after a quiet spell, then at most once per interval while triggers keep coming', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    const t = createRefetchThrottle(refetch, 1000);
    t.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(refetch).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 30; i++) {
      t.trigger();
      await vi.advanceTimersByTimeAsync(100);
    }
    // 3 s of triggers every 100 ms → one refetch a second
    expect(refetch).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(5000);
    expect(refetch).toHaveBeenCalledTimes(4);
  });

  it('runs one more refetch after a slow one that was triggered during it, never two at once', async () => {
    let running = 0;
    let most = 0;
    const refetch = vi.fn(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 2500));
      running -= 1;
    });
    const t = createRefetchThrottle(refetch, 1000);
    t.trigger();
    await vi.advanceTimersByTimeAsync(10);
    t.trigger();
    t.trigger();
    await vi.advanceTimersByTimeAsync(2500);
    expect(refetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
  });

  it('keeps going after a failed refetch, and stop drops what is scheduled', async () => {
    const refetch = vi.fn(() => Promise.reject(new Error('offline')));
    const t = createRefetchThrottle(refetch, 1000);
    t.trigger();
    await vi.advanceTimersByTimeAsync(0);
    t.trigger();
    await vi.advanceTimersByTimeAsync(1000);
    expect(refetch).toHaveBeenCalledTimes(2);
    t.trigger();
    t.stop();
    t.trigger();
    await vi.advanceTimersByTimeAsync(5000);
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});

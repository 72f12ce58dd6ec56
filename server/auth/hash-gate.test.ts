import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HashBusyError, HashGate } from './hash-gate.ts';

/** Work that finishes when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('the password hash gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at most `concurrency` hashes at once; the next wait their turn in order', async () => {
    const gate = new HashGate({ concurrency: 2, maxWaitMs: 3_000, maxQueue: 8 });
    const jobs = Array.from({ length: 4 }, pending);
    const order: number[] = [];
    const runs = jobs.map((job, i) => gate.run(async () => (await job.work(), order.push(i))));
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    jobs[1]!.finish();
    jobs[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.load).toEqual({ active: 2, waiting: 0 });
    jobs[3]!.finish();
    jobs[2]!.finish();
    await Promise.all(runs);
    expect(order).toEqual([1, 0, 3, 2]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a waiter with HashBusyError after maxWaitMs, and an arrival beyond the queue at once', async () => {
    const gate = new HashGate({ concurrency: 1, maxWaitMs: 3_000, maxQueue: 1 });
    const job = pending();
    const first = gate.run(job.work);
    const waiting = gate.run(async () => 'late');
    const waitingOutcome = waiting.catch((err: unknown) => err);
    await expect(gate.run(async () => 'no room')).rejects.toBeInstanceOf(HashBusyError);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(gate.load).toEqual({ active: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await waitingOutcome).toBeInstanceOf(HashBusyError);
    expect(gate.load).toEqual({ active: 1, waiting: 0 });
    job.finish();
    await first;
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });

  it('frees the slot when the work fails', async () => {
    const gate = new HashGate({ concurrency: 1, maxWaitMs: 10, maxQueue: 0 });
    await expect(gate.run(async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

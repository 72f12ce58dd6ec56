import { afterEach, describe, expect, it, vi } from 'vitest';
import { readProcessHealth, startProcessHealth, stopProcessHealth } from './process-health.ts';

/** Holds the event loop for about `ms` (the kind of request issue 29 found freezing the console). */
function block(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
/** Lets the loop turn for about `ms` of real time (setImmediate is not faked below, timers are). */
async function turn(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) await new Promise((r) => setImmediate(r));
}
const FAKED: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setInterval', 'setTimeout', 'clearTimeout', 'clearInterval', 'Date'] };

describe('process health: event-loop delay', () => {
  afterEach(() => {
    stopProcessHealth();
    vi.useRealTimers();
  });

  it('shows a blocked event loop to every reader, until both windows have restarted past it', async () => {
    vi.useFakeTimers(FAKED);
    startProcessHealth();
    await turn(60);
    block(800);
    await turn(60); // the sampler runs again and records the 800 ms it could not run
    const first = readProcessHealth();
    expect(first.eventLoopDelayMs.max).toBeGreaterThanOrEqual(700);
    expect(readProcessHealth().eventLoopDelayMs.max).toBe(first.eventLoopDelayMs.max); // reading changes nothing
    await vi.advanceTimersByTimeAsync(30_000); // the second window restarts: the first still holds the stall
    expect(readProcessHealth().eventLoopDelayMs.max).toBe(first.eventLoopDelayMs.max);
    await vi.advanceTimersByTimeAsync(30_000); // the first restarts too: the older window is now the second's
    const after = readProcessHealth();
    // The older window now began after the stall (counted by the fake clock, not measured).
    expect(after.eventLoopDelayMs.max).toBeLessThan(first.eventLoopDelayMs.max);
    expect(after.windowS).toBe(30);
    expect(after.pid).toBe(process.pid);
    expect(after.heapUsedMb).toBeGreaterThan(0);
  });
});

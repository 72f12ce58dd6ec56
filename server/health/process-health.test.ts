import { afterEach, describe, expect, it } from 'vitest';
import { readProcessHealth, stopProcessHealth } from './process-health.ts';

/** Holds the event loop for about `ms` (the kind of request issue 29 found freezing the console). */
function block(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('process health: event-loop delay', () => {
  afterEach(() => stopProcessHealth());

  it('shows a blocked event loop in the window that saw it, and not in the next one', async () => {
    readProcessHealth(); // starts the monitor
    await tick(60);
    block(300);
    await tick(60);
    const blocked = readProcessHealth();
    // The sampler could not run for the 300 ms the loop was held: its worst delay says so.
    expect(blocked.eventLoopDelayMs.max).toBeGreaterThanOrEqual(250);
    await tick(200);
    const after = readProcessHealth();
    expect(after.eventLoopDelayMs.max).toBeLessThan(blocked.eventLoopDelayMs.max);
    expect(after.pid).toBe(process.pid);
    expect(after.heapUsedMb).toBeGreaterThan(0);
  });
});

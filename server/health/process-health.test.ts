import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readProcessHealth, startProcessHealth, stopProcessHealth, type DelayHistogram } from './process-health.ts';

/**
 * The monitor's windows on recorded histograms and a fake clock: each window's histogram is one
 * the test records into (the intervals between the sampler's runs, as monitorEventLoopDelay
 * records them), so a stall is a recorded figure, not a real stall a loaded machine could mimic.
 */
function recordedHistograms() {
  const made: RecordableHistogram[] = [];
  const make = (): DelayHistogram => {
    const h = createHistogram();
    made.push(h);
    return Object.assign(h, { enable: () => true, disable: () => true });
  };
  /** The sampler ran `ms` after its last run (20 ms when the loop is idle): every enabled window records it. */
  const interval = (ms: number) => made.forEach((h) => h.record(ms * 1_000_000));
  return { make, interval };
}
const FAKED: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setInterval', 'setTimeout', 'clearTimeout', 'clearInterval', 'Date'] };

describe('process health: event-loop delay', () => {
  afterEach(() => {
    stopProcessHealth();
    vi.useRealTimers();
  });

  it('shows a blocked event loop to every reader, until both windows have restarted past it', async () => {
    vi.useFakeTimers(FAKED);
    const loop = recordedHistograms();
    startProcessHealth(loop.make);
    for (let i = 0; i < 5; i++) loop.interval(20);
    loop.interval(820); // the loop was held for 800 ms beyond the sampler's 20 ms
    loop.interval(20);
    const first = readProcessHealth();
    // The histogram keeps three significant figures: 820 ms is stored as up to 0.1 % more.
    expect(first.eventLoopDelayMs).toMatchObject({ p50: 0, p99: first.eventLoopDelayMs.max });
    expect([800, 801]).toContain(first.eventLoopDelayMs.max);
    expect(readProcessHealth().eventLoopDelayMs).toEqual(first.eventLoopDelayMs); // reading changes nothing
    await vi.advanceTimersByTimeAsync(30_000); // the second window restarts: the first (older) still holds the stall
    loop.interval(20);
    expect(readProcessHealth().eventLoopDelayMs.max).toBe(first.eventLoopDelayMs.max);
    expect(readProcessHealth().windowS).toBe(30);
    await vi.advanceTimersByTimeAsync(30_000); // the first restarts too: the older window is now the second's
    loop.interval(20);
    const after = readProcessHealth();
    expect(after.eventLoopDelayMs).toEqual({ p50: 0, p99: 0, max: 0 });
    expect(after.windowS).toBe(30);
    expect(after.pid).toBe(process.pid);
    expect(after.heapUsedMb).toBeGreaterThan(0);
  });

  it('reads zero before anything was sampled', () => {
    vi.useFakeTimers(FAKED);
    startProcessHealth(recordedHistograms().make);
    expect(readProcessHealth().eventLoopDelayMs).toEqual({ p50: 0, p99: 0, max: 0 });
  });
});

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/**
 * The console process as an operator sees it (issue 29): how late its event loop runs — the
 * figure that shows one request holding everyone else up — and its memory.
 *
 * Two delay histograms sample every 20 ms from boot (instrumentation.ts; else from the first
 * read), each restarted every minute, half a minute apart. A read reports the older of the two
 * windows, so every reader sees the same last 30–60 seconds and reading changes nothing.
 */
export type ProcessHealth = {
  /** Event-loop delay over the window, in milliseconds (0 when nothing was sampled yet). */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** Seconds the window covers. */
  windowS: number;
  heapUsedMb: number;
  rssMb: number;
  uptimeS: number;
  pid: number;
};

const RESOLUTION_MS = 20;
const WINDOW_MS = 60_000;

/** What a window samples with: the event loop's own delay histogram, or a test's recorded one. */
export type DelayHistogram = Pick<IntervalHistogram, 'count' | 'percentile' | 'max' | 'reset' | 'enable' | 'disable'>;
type Window = { histogram: DelayHistogram; since: number };
type Monitor = { windows: Window[]; timers: Array<ReturnType<typeof setTimeout>> };

// Kept on globalThis: Next.js evaluates this module once per bundle (instrumentation, route
// handlers), and the monitor started at boot must be the one the Health page reads.
const KEY = Symbol.for('dcf.process-health');
const monitor = (): Monitor => ((globalThis as { [KEY]?: Monitor })[KEY] ??= { windows: [], timers: [] });

/**
 * Starts sampling (idempotent): at boot (instrumentation.ts), else at the first read. `histogram`
 * makes each window's histogram (tests record delays into their own instead of stalling the loop).
 */
export function startProcessHealth(histogram: () => DelayHistogram = () => monitorEventLoopDelay({ resolution: RESOLUTION_MS })): void {
  const { windows, timers } = monitor();
  if (windows.length > 0) return;
  windows.push(
    ...[0, 1].map(() => {
      const h = histogram();
      h.enable();
      return { histogram: h, since: Date.now() };
    }),
  );
  const restartEveryMinute = (w: Window) => {
    const t = setInterval(() => restart(w), WINDOW_MS);
    t.unref(); // the monitor never keeps a process alive
    timers.push(t);
  };
  restartEveryMinute(windows[0]!);
  const offset = setTimeout(() => (restart(windows[1]!), restartEveryMinute(windows[1]!)), WINDOW_MS / 2);
  offset.unref();
  timers.push(offset);
}

function restart(w: Window) {
  w.histogram.reset();
  w.since = Date.now();
}

/**
 * A sample's lateness in whole ms: the histogram records each full interval between the sampler's
 * runs (ns), so an idle loop reads as the resolution itself; the delay is what lies beyond it.
 */
const lateMs = (ns: number) => Math.max(0, Math.round((Number.isFinite(ns) ? ns : 0) / 1e6 - RESOLUTION_MS));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The process's figures over the older of the two windows (see above). */
export function readProcessHealth(): ProcessHealth {
  startProcessHealth();
  const w = monitor().windows.reduce((a, b) => (b.since < a.since ? b : a));
  const h = w.histogram;
  return {
    eventLoopDelayMs:
      h.count > 0 ? { p50: lateMs(h.percentile(50)), p99: lateMs(h.percentile(99)), max: lateMs(h.max) } : { p50: 0, p99: 0, max: 0 },
    windowS: Math.round((Date.now() - w.since) / 1000),
    heapUsedMb: mb(process.memoryUsage().heapUsed),
    rssMb: mb(process.memoryUsage.rss()),
    uptimeS: Math.round(process.uptime()),
    pid: process.pid,
  };
}

/** Stops the monitor (tests; a process that exits needs nothing). */
export function stopProcessHealth() {
  const { windows, timers } = monitor();
  for (const w of windows) w.histogram.disable();
  for (const t of timers) clearTimeout(t);
  windows.length = 0;
  timers.length = 0;
}

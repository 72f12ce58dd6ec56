import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/**
 * The console process as an operator sees it (issue 29): how late its event loop runs — the
 * figure that shows one request holding everyone else up — and its memory. The delay histogram
 * samples every 20 ms from the first read on; each read reports the window since the previous
 * read (at most a minute old: the window restarts after 60 s even without a read), so a page
 * refreshed by an operator shows what happened since they last looked.
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

let histogram: IntervalHistogram | null = null;
let windowStart = 0;
let restartTimer: ReturnType<typeof setInterval> | null = null;

function started(): IntervalHistogram {
  if (histogram) return histogram;
  histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  windowStart = Date.now();
  restartTimer = setInterval(restartWindow, WINDOW_MS);
  restartTimer.unref(); // the monitor never keeps a process alive
  return histogram;
}

function restartWindow() {
  histogram?.reset();
  windowStart = Date.now();
}

const ms = (ns: number) => Math.round((Number.isFinite(ns) ? ns : 0) / 1e5) / 10; // ns → ms, one decimal
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The process's figures for the window since the previous read (see above); starts the monitor on first use. */
export function readProcessHealth(): ProcessHealth {
  const h = started();
  const sampled = h.count > 0;
  const out: ProcessHealth = {
    eventLoopDelayMs: sampled ? { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) } : { p50: 0, p99: 0, max: 0 },
    windowS: Math.round((Date.now() - windowStart) / 1000),
    heapUsedMb: mb(process.memoryUsage().heapUsed),
    rssMb: mb(process.memoryUsage.rss()),
    uptimeS: Math.round(process.uptime()),
    pid: process.pid,
  };
  restartWindow();
  return out;
}

/** Stops the monitor (tests; a process that exits needs nothing). */
export function stopProcessHealth() {
  histogram?.disable();
  histogram = null;
  if (restartTimer) clearInterval(restartTimer);
  restartTimer = null;
}

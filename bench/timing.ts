/** Timing helpers shared by the benchmarks: nearest-rank percentiles and a warmed-up timer. */
export function percentiles(times: number[]): { p50: number; p95: number } {
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { p50: at(50), p95: at(95) };
}

/** Runs `fn` twice to warm up (plans, caches), then `n` times; the p50/p95 in ms, and the raw times when asked. */
export async function timeIt(fn: () => Promise<unknown>, n: number, opts: { raw?: boolean } = {}) {
  for (let i = 0; i < 2; i++) await fn();
  const raw: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    raw.push(performance.now() - t0);
  }
  return { ...percentiles(raw), raw: opts.raw ? raw : [] };
}

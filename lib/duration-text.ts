/**
 * A duration in milliseconds as the console writes it (pure, en-GB): 850 → "850 ms", 1234 →
 * "1.2 s", 95000 → "1 min 35 s", 120000 → "2 min"; "—" where nothing was measured. Shared by the
 * dashboard and the planning views, which must not import each other (scripts/check-boundaries.ts).
 */
const SECONDS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export function msText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${SECONDS.format(ms / 1000)} s`;
  const s = Math.round(ms / 1000);
  return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
}

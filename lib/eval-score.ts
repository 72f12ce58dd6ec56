/** An evaluation score (0..1) as people read it: "93.3%"; "—" for a run without one. Shared by `dcf eval` and the Evaluations page. */
export function scorePercent(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return '—';
  return `${(Math.round(score * 1000) / 10).toFixed(1)}%`;
}

/**
 * When a skill counts as unreliable — one definition for check_workflow_health and for the
 * Planner's skill choice, so the health check and the Planner never disagree about a skill.
 */

/** The failure rate above which a skill is flagged and not chosen when an alternative exists (spec §4.4: 5 %). */
export const FAILURE_THRESHOLD = 0.05;

/** Uses a skill needs in the window before its failure rate is trusted (a single failure is not a trend). */
export const MIN_USES = 5;

/** True when the skill has enough uses to judge and fails more often than the threshold. */
export function failsTooOften(
  r: { n_success: number; n_failures: number; failure_rate?: number | null },
  threshold = FAILURE_THRESHOLD,
): boolean {
  return r.n_success + r.n_failures >= MIN_USES && (r.failure_rate ?? 0) > threshold;
}

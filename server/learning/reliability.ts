import type { KnowledgeGraph, ReliabilityWindow, SkillReliability } from '../graph/port.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import type { SkillAccuracy } from './accuracy/store.ts';
import { needsAccuracy } from './accuracy/capabilities.ts';

export interface SkillReport {
  skill: string;
  capability: string | null;
  all_time: SkillReliability;
  recent: SkillReliability;
  /** Its measured accuracy (accuracy/store.ts: a transcription skill's calibration), null when not measured. */
  accuracy: SkillAccuracy | null;
  /**
   * Whether its capability needs a measured accuracy (accuracy/capabilities.ts): such a skill with
   * `accuracy` null is not measured yet — no swap target, never explored — until it is calibrated.
   */
  accuracy_required: boolean;
  /** Daily success/failure counts of the last 14 days, oldest first (the sparkline); caller errors apart. */
  trend: Array<{ start: string; n_success: number; n_failures: number; n_caller_errors: number }>;
  /** The skill's own latest failures (errors, timeouts). */
  recent_failures: Array<{ run_id: string; state: string; error: string | null; at: string }>;
  /** The latest uses that failed because of their caller's input: shown, never counted against the skill. */
  recent_caller_errors: Array<{ run_id: string; state: string; error: string | null; at: string }>;
  /** Saved workflow versions that bind the skill. */
  used_by: Array<{ workflow_id: string; version: string; name: string }>;
  alternatives: Array<{
    skill: string;
    all_time: SkillReliability;
    recent: SkillReliability;
    accuracy: SkillAccuracy | null;
    accuracy_required: boolean;
  }>;
}

/** Default recent window: the last 7 days and at most the last 50 uses (both bounds apply). */
export const DEFAULT_WINDOW: ReliabilityWindow = { days: 7, lastRuns: 50 };

/**
 * get_skill_reliability: a skill's success and failure rates and latency percentiles, all-time
 * and in a recent window, its measured accuracy, with the same figures for its alternatives (same capability = first tag).
 * Failures caused by the caller's input are not the skill's: they are counted apart
 * (`n_caller_errors`, `recent_caller_errors`) and never in its rates (server/graph/port.ts).
 * `accuracy`: the measured accuracy of the skills that have one (readSkillAccuracy), by URI.
 */
export async function skillReport(
  graph: KnowledgeGraph,
  skills: SkillDirectory,
  uri: string,
  window: ReliabilityWindow = DEFAULT_WINDOW,
  accuracy: ReadonlyMap<string, SkillAccuracy> = new Map(),
): Promise<SkillReport> {
  const capability = skills.get(uri)?.tags[0] ?? null;
  const both = async (u: string) => ({
    all_time: await graph.skillReliability(u),
    recent: await graph.skillReliability(u, window),
    accuracy: accuracy.get(u) ?? null,
    accuracy_required: needsAccuracy(skills.get(u) ?? { tags: [] }),
  });
  const alternatives = capability
    ? skills
        .all()
        .filter((s) => s.uri !== uri && s.manifest.tags[0] === capability)
        .map((s) => s.uri)
    : [];
  return {
    skill: uri,
    capability,
    ...(await both(uri)),
    trend: await graph.skillTrend(uri, 14, 1),
    recent_failures: await graph.recentFailures(uri, 5),
    recent_caller_errors: await graph.recentCallerErrors(uri, 5),
    used_by: (await graph.workflowsUsingSkill(uri)).map((w) => ({ workflow_id: w.workflow_id, version: w.version, name: w.name })),
    alternatives: await Promise.all(alternatives.map(async (a) => ({ skill: a, ...(await both(a)) }))),
  };
}

import { capabilityOf } from '../../execution/skill-choice.ts';
import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import type { SkillStats } from '../../learning/skill-stats.ts';
import { skillName } from '../costs.ts';
import type { SkillChoiceEvidence } from '../../../lib/planning/schemas.ts';
import type { ActivePlan } from './active-plan.ts';
import { consultedFor } from './general-method.ts';
import type { LiveCall } from './live-call.ts';

/** The skills' counts the workers' policy reads (learning/skill-stats.ts), for the given URIs. */
export type SkillStatsSource = (uris: string[]) => Promise<Map<string, SkillStats>>;

/** Skill URI → capability for every catalog skill that has one (the sentinel's `capabilityOf`). */
export function capabilityMap(dir: SkillDirectory): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { uri, manifest } of dir.all()) {
    const c = capabilityOf(manifest);
    if (c) out[uri] = c;
  }
  return out;
}

/** Whether the unit was handed `skill` (by URI, or by name for any version). */
export function wasGiven(given: readonly string[], skill: string): boolean {
  return given.includes(skill) || given.some((g) => skillName(g) === skillName(skill));
}

/**
 * The skill choices a call makes (ports.ts SkillChoiceEvidence): each skill it names that the
 * unit was not handed and whose capability has two or more catalog skills, with every arm's
 * counts as the policy would read them now. Whether the plan used the general method is taken
 * from the calls before this one (`consulted`, a copy made when the call began).
 */
export async function skillChoices(
  call: Pick<LiveCall, 'id'>,
  skills: readonly string[],
  given: readonly string[],
  consulted: ReadonlySet<string>,
  dir: SkillDirectory,
  stats: SkillStatsSource | undefined,
): Promise<SkillChoiceEvidence[]> {
  const out: SkillChoiceEvidence[] = [];
  for (const chosen of skills) {
    if (wasGiven(given, chosen)) continue;
    const manifest = dir.get(chosen);
    const capability = manifest && capabilityOf(manifest);
    if (!capability) continue;
    const uris = dir
      .all()
      .filter((s) => capabilityOf(s.manifest) === capability)
      .map((s) => s.uri);
    if (uris.length < 2) continue;
    const counts = stats ? await stats(uris) : new Map<string, SkillStats>();
    out.push({
      record_id: call.id,
      capability,
      chosen,
      arms: uris.map((id) => {
        const s = counts.get(id);
        return { id, successes: s?.successes ?? 0, failures: s?.failures ?? 0, latency_ms: s?.latency_ms ?? null };
      }),
      general_method_used: consultedFor(consulted, capability),
    });
  }
  return out;
}

/** Starts gathering a call's skill choices; the batch writer waits for them (ActivePlan.pending). */
export function captureSkillChoices(
  a: ActivePlan,
  call: LiveCall,
  skills: readonly string[],
  dir: () => Promise<SkillDirectory>,
  stats: SkillStatsSource | undefined,
  onError: (err: unknown) => void,
): void {
  const consulted = new Set(a.consulted);
  const given = a.plan.given_skills;
  const work = (async () => {
    const found = await skillChoices(call, skills, given, consulted, await dir(), stats);
    call.choices = found;
    a.choices.push(...found);
  })().catch(onError);
  a.pending.add(work);
  void work.finally(() => a.pending.delete(work));
}

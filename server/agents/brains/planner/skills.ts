/**
 * Skill discovery for the Planner (spec §2.2 step 3): one semantic search per function the
 * workflow needs, the catalog's summaries (get_skillset) to know each hit's capability, tools and
 * parameters, and the knowledge graph's reliability to choose between alternatives.
 */
import { ANALYSIS_PIPELINE, type AnalysisRole } from '../../../../lib/analysis/index.ts';
import { FAILURE_THRESHOLD, failsTooOften } from '../../../learning/health-thresholds.ts';

/** A function a workflow needs, named by what it does: an analysis function's role (lib/analysis/functions.ts). */
export type Role = AnalysisRole;

/** The search per role, in the spec's words (§2.2; diarization and segmentation for §3.2): each function's `search`. */
export const SKILL_QUERIES = Object.fromEntries(ANALYSIS_PIPELINE.map((s) => [s.role, s.search])) as Record<Role, string>;

/** What get_skillset says about one skill. */
export interface SkillSummary {
  uri: string;
  skillName: string;
  skillVersion: string;
  description: string | null;
  tags: string[];
  tools: Array<{ name: string; description: string; parameters: string[]; required: string[] }>;
  file: string;
}

export interface Skillset {
  /** The catalog folder, relative to the workspace when inside it. */
  directory: string;
  skills: SkillSummary[];
}

export interface SearchHit {
  kind: string;
  key: string;
  title: string;
  score: number;
}

/**
 * Reliability of one skill, as get_skill_reliability reports it (the recent window), with its measured accuracy:
 * `barred` when its capability needs accuracy and it is not measured yet or measured below the floor — the swap
 * policy never chooses such a skill (server/execution/skill-choice.ts), and neither does the Planner or Conductor.
 */
export interface Reliability {
  skill: string;
  n_success: number;
  n_failures: number;
  failure_rate: number | null;
  p95_latency_ms: number | null;
  accuracy?: number | null;
  barred?: 'not measured' | 'below the floor';
}

export function skillsetOf(result: Record<string, unknown> | null): Skillset | null {
  if (!result || !Array.isArray(result.skills)) return null;
  return { directory: String(result.directory ?? 'skills'), skills: result.skills as SkillSummary[] };
}

export function hitsOf(result: Record<string, unknown> | null): SearchHit[] {
  return Array.isArray(result?.hits) ? (result.hits as SearchHit[]) : [];
}

export function reliabilityOf(result: Record<string, unknown> | null): Reliability[] {
  type Reported = { skill: string; recent: Reliability; accuracy?: { accuracy: number } | null; accuracy_required?: boolean };
  const skills = Array.isArray(result?.skills) ? (result.skills as Reported[]) : [];
  const floor = typeof result?.accuracy_floor === 'number' ? result.accuracy_floor : null;
  return skills.map((s) => {
    const accuracy = s.accuracy?.accuracy ?? null;
    const barred = !s.accuracy_required
      ? undefined
      : accuracy === null
        ? ('not measured' as const)
        : floor !== null && accuracy < floor
          ? ('below the floor' as const)
          : undefined;
    return { ...s.recent, skill: s.skill, accuracy, ...(barred ? { barred } : {}) };
  });
}

/** A skill's capability: its first tag (the catalog's convention). */
export const capabilityOf = (s: SkillSummary) => s.tags[0] ?? null;

const isTestSkill = (s: SkillSummary) => s.tags.includes('builtin') || s.tags.includes('testing');

export interface RoleChoice {
  role: Role;
  chosen: SkillSummary;
  /** Other skills of the same capability among the hits, in search order. */
  alternatives: SkillSummary[];
  /** Why this one, in a sentence. */
  why: string;
}

/** A standing preference for a capability (the Strategist's `skill_preferences`, server/delegation/guidelines.ts). */
export interface Preference {
  prefer: string;
  avoid: string[];
  /** Where it comes from, for the explanation, e.g. "the Strategist's guidelines (revision 3)". */
  source: string;
}

/**
 * The skill for a role: the best search hit that is a valid catalog skill (test skills aside),
 * with the other hits of the same capability as its alternatives. With several, a preference
 * for the capability decides first (its `prefer` leads, its `avoid` go last); then the most
 * reliable: one failing more than the threshold loses; one its manifest calls a "backup" or
 * "fallback" comes after the others; otherwise search order.
 */
export function chooseSkill(
  role: Role,
  hits: SearchHit[],
  skillset: Skillset,
  reliability: Reliability[] = [],
  preferences: Record<string, Preference> = {},
): RoleChoice | null {
  const byUri = new Map(skillset.skills.map((s) => [s.uri, s]));
  const found = hits
    .filter((h) => h.kind === 'skill')
    .map((h) => byUri.get(h.key))
    .filter((s): s is SkillSummary => !!s && !isTestSkill(s));
  const top = found[0];
  if (!top) return null;
  const capability = capabilityOf(top);
  const family = found.filter((s) => capabilityOf(s) === capability);
  if (family.length === 1) return { role, chosen: top, alternatives: [], why: `${top.uri} is the only ${capability} skill found.` };
  const rel = new Map(reliability.map((r) => [r.skill, r]));
  // Barred by the accuracy rule: last whatever else is said of it, chosen only when nothing else is left.
  const barred = (s: SkillSummary) => !!rel.get(s.uri)?.barred;
  const unreliable = (s: SkillSummary) => {
    const r = rel.get(s.uri);
    return !!r && failsTooOften(r);
  };
  const backup = (s: SkillSummary) => /\b(?:backup|fallback)\b/i.test(s.description ?? '');
  const pref = capability ? preferences[capability] : undefined;
  const rank = (s: SkillSummary) => (!pref ? 0 : s.uri === pref.prefer ? -1 : pref.avoid.includes(s.uri) ? 1 : 0);
  const ranked = family
    .map((s, i) => ({ s, i }))
    .sort(
      (a, b) =>
        Number(barred(a.s)) - Number(barred(b.s)) ||
        rank(a.s) - rank(b.s) ||
        Number(unreliable(a.s)) - Number(unreliable(b.s)) ||
        Number(backup(a.s)) - Number(backup(b.s)) ||
        a.i - b.i,
    )
    .map((x) => x.s);
  const chosen = ranked[0]!;
  const alternatives = ranked.slice(1);
  const stats = family.map((s) => describeReliability(s.uri, rel.get(s.uri))).join('; ');
  const failing = family.filter(unreliable);
  const held = family.filter(barred).filter((s) => s !== chosen);
  const heldBack = held.length ? ` ${held.map((s) => `${s.uri} is held back (word accuracy ${rel.get(s.uri)!.barred})`).join('; ')}.` : '';
  const reason =
    pref && rank(chosen) < 0
      ? `${pref.source} prefer${pref.source.endsWith('s') ? '' : 's'} it for ${capability}${pref.avoid.length ? ` over ${pref.avoid.join(', ')}` : ''}`
      : failing.length && !unreliable(chosen)
        ? `${failing.map((s) => s.uri).join(', ')} fail${failing.length > 1 ? '' : 's'} above ${FAILURE_THRESHOLD * 100}% recently`
        : alternatives.some(backup)
          ? `its manifest describes ${alternatives
              .filter(backup)
              .map((s) => s.skillName)
              .join(', ')} as a backup`
          : 'it ranks first';
  return {
    role,
    chosen,
    alternatives,
    why: `${family.length} ${capability} skills (${stats}); I chose ${chosen.uri} because ${reason}.${heldBack}`,
  };
}

export function describeReliability(uri: string, r: Reliability | undefined): string {
  if (!r || r.n_success + r.n_failures === 0) return `${uri}: no runs recorded yet`;
  const uses = r.n_success + r.n_failures;
  return (
    `${uri}: ${percent(1 - (r.failure_rate ?? 0))} success over ${uses} recent use${uses === 1 ? '' : 's'}` +
    `${r.p95_latency_ms !== null ? `, p95 ${Math.round(r.p95_latency_ms)} ms` : ''}`
  );
}

export const percent = (x: number) => `${(Math.round(x * 1000) / 10).toString()}%`;

/** The skill_imports entry of a catalog skill: its manifest file inside the workspace. */
export function importOf(skill: SkillSummary, skillset: Skillset): { uri: string } | null {
  const dir = skillset.directory.replace(/\/+$/, '');
  return dir.startsWith('/') ? null : { uri: `file://${dir}/${skill.file}` };
}

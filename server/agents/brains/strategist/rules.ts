import type { Guidelines } from '../../../delegation/guidelines.ts';
import { asConfidence, posteriorMean, probabilityBelow, probabilityBetter, type Counts } from './beta.ts';
import {
  combined,
  skillTallies,
  skillsOf,
  specializationTallies,
  tally,
  UNKNOWN_SPECIALIZATION,
  type SkillHistory,
  type Tally,
  type TaskRecord,
} from './outcomes.ts';
import { ratingWarnings, type CompanionRatings } from './ratings.ts';

/**
 * The Strategist's decision rules. Every rate is a Beta posterior from counts (beta.ts), every
 * confidence is the probability a rule computed (three decimals), and nothing is published
 * below the threshold or without the minimum evidence — so a first failure never moves anything.
 *
 * 1. Skill preference (per capability). A skill with ≥ minSessionFailures failures in this session
 *    (repeated: the minimum evidence before a skill is judged at all) is compared, on its uses in
 *    the session and its recent history combined (outcomes.ts `combined`), with each alternative
 *    of its capability: P(alternative's rate > its rate). The best
 *    alternative at or above the threshold becomes `prefer`; every such failing skill it beats at
 *    the threshold goes in `avoid`; the confidence is the smallest of those probabilities.
 *    An untried alternative is Beta(1,1): it wins only once the failing skill is bad enough
 *    (0 of 3 gives 0.8), and a well-proven one wins sooner.
 * 2. Warning `no_reliable_skill` (per capability), when rule 1 finds no preference: every skill of
 *    the capability is credibly unreliable — the product of P(rate < 0.5) reaches the threshold.
 * 3. Warning `companion_failing`: a Companion with ≥ minCompanionFailures failures that name no
 *    skill (its own, not a skill's) and P(its failure rate > 0.5) at the threshold.
 * 4. Companion strategy (per capability): on tasks using the same skill, one specialization's
 *    success rate above the others' with P at the threshold, ≥ minSpecializationTasks each side
 *    (comparing on one skill keeps a skill's failures from being blamed on a specialization).
 * 5. Warning `companion_rated_low`: the evaluate_contribution ratings of a Companion's work,
 *    mostly below the scale's midpoint (ratings.ts).
 *
 * Nothing the guidelines already hold is proposed again: the same preference (same skill
 * preferred, every skill to avoid already avoided), a warning of the same type and subject, the
 * same preferred specialization.
 */
export const RULES = {
  threshold: 0.8,
  minSessionFailures: 2,
  minCompanionFailures: 3,
  minSpecializationTasks: 3,
  unreliableBelow: 0.5,
} as const;

/** What every finding carries: the probability its rule computed, why in words, and the counts behind it. */
interface Grounds {
  confidence: number;
  reason: string;
  evidence: Record<string, unknown>;
}

export type Warning =
  | { type: 'no_reliable_skill'; capability: string; skills: string[] }
  | { type: 'companion_failing' | 'companion_rated_low'; companion_id: string; specialization: string };

export type Finding =
  | ({ kind: 'skill_preference'; capability: string; prefer: string; avoid: string[] } & Grounds)
  | ({ kind: 'warning'; warning: Warning } & Grounds)
  | ({ kind: 'companion_specialization'; capability: string; specialization: string; skill: string } & Grounds);

export interface Analysis {
  findings: Finding[];
  /** Why nothing (else) was proposed: one line per skill or subject that came close or was held back. */
  notes: string[];
}

interface SkillEvidence {
  skill: string;
  session: Tally;
  history: Counts;
  counted: Counts;
}

const NONE: Tally = { tasks: 0, successes: 0, failures: 0, mean_duration_s: null };
const uses = (c: Counts) => c.successes + c.failures;
const rate = (c: Counts) => (uses(c) ? asConfidence(c.successes / uses(c)) : null);

/** The session and the skills' histories, judged by the rules against the current guidelines. */
export function analyse(input: {
  tasks: TaskRecord[];
  histories: SkillHistory[];
  /** The window the histories count (stated in the evidence). */
  historyWindow: string | null;
  guidelines: Guidelines;
  dismissed: ReadonlySet<string>;
  /** The Companions' evaluations (compare_models); rule 5 is not applied to a Companion without. */
  ratings?: ReadonlyMap<string, CompanionRatings>;
}): Analysis {
  const skills = skillTallies(input.tasks);
  const history = new Map<string, { recent: Counts; capability: string | null }>();
  for (const h of input.histories) {
    history.set(h.skill, { recent: h.recent, capability: h.capability });
    for (const a of h.alternatives) if (!history.has(a.skill)) history.set(a.skill, { recent: a.recent, capability: h.capability });
  }
  const evidence = (skill: string): SkillEvidence => {
    const session = skills.get(skill) ?? NONE;
    const recent = history.get(skill)?.recent ?? { successes: 0, failures: 0 };
    return { skill, session, history: recent, counted: combined(session, recent) };
  };
  const notes: string[] = [];
  const findings: Finding[] = [];
  const byCapability = new Map<string, SkillHistory[]>();
  for (const h of input.histories) {
    if (!h.capability) continue;
    byCapability.set(h.capability, [...(byCapability.get(h.capability) ?? []), h]);
  }
  for (const [capability, reports] of [...byCapability].sort(([a], [b]) => a.localeCompare(b))) {
    findings.push(...capabilityFindings(capability, reports, evidence, input.historyWindow, input.guidelines, notes));
  }
  const specializations = specializationTallies(input.tasks);
  const ratings = input.ratings ?? new Map<string, CompanionRatings>();
  findings.push(...companionWarnings(input.tasks, input.guidelines, input.dismissed, ratings, notes));
  findings.push(...specializationFindings(input.tasks, history, specializations, input.guidelines, notes));
  findings.push(...ratingWarnings(input.tasks, ratings, input.guidelines, input.dismissed, notes));
  for (const t of input.tasks) {
    if (t.failed_skill && !history.has(t.failed_skill))
      notes.push(`${t.failed_skill}: no reliability report (capability and alternatives unknown), so it is not judged.`);
  }
  return { findings, notes: [...new Set(notes)] };
}

function skillFacts(e: SkillEvidence): Record<string, unknown> {
  return {
    session_successes: e.session.successes,
    session_failures: e.session.failures,
    history_successes: e.history.successes,
    history_failures: e.history.failures,
    success_rate: rate(e.counted),
    mean_duration_s: e.session.mean_duration_s,
  };
}

const describe = (e: SkillEvidence) =>
  `${e.skill} ${e.session.successes} of ${e.session.tasks} in this session, ${e.history.successes} of ${uses(e.history)} in recent history`;

/** Rules 1 and 2 for one capability. */
function capabilityFindings(
  capability: string,
  reports: SkillHistory[],
  evidence: (s: string) => SkillEvidence,
  window: string | null,
  g: Guidelines,
  notes: string[],
): Finding[] {
  const failing: SkillEvidence[] = [];
  for (const r of reports) {
    const e = evidence(r.skill);
    if (!e.session.failures) continue;
    if (e.session.failures < RULES.minSessionFailures) {
      notes.push(`${r.skill}: ${e.session.failures} failure in this session; a preference needs ${RULES.minSessionFailures} or more.`);
    } else failing.push(e);
  }
  if (!failing.length) return [];
  const alternatives = [...new Set(reports.flatMap((r) => [r.skill, ...r.alternatives.map((a) => a.skill)]))].sort();
  const p = (b: string, a: SkillEvidence) => asConfidence(probabilityBetter(evidence(b).counted, a.counted));
  const best = (a: SkillEvidence) =>
    alternatives
      .filter((b) => b !== a.skill)
      .map((b) => ({ skill: b, p: p(b, a), mean: posteriorMean(evidence(b).counted) }))
      .sort((x, y) => y.p - x.p || y.mean - x.mean || x.skill.localeCompare(y.skill))[0];
  const candidates = failing.flatMap((a) => {
    const b = best(a);
    if (!b) notes.push(`${a.skill}: no alternative of capability ${capability} in the catalog.`);
    else if (b.p < RULES.threshold)
      notes.push(`${a.skill}: best alternative ${b.skill} is more reliable with P = ${b.p}, below ${RULES.threshold}.`);
    return b && b.p >= RULES.threshold ? [b] : [];
  });
  if (candidates.length) {
    const prefer = candidates.sort((x, y) => y.p - x.p || y.mean - x.mean || x.skill.localeCompare(y.skill))[0]!.skill;
    const avoid = failing.filter((a) => a.skill !== prefer && p(prefer, a) >= RULES.threshold);
    const held = g.skill_preferences[capability];
    if (held && held.prefer === prefer && avoid.every((a) => held.avoid.includes(a.skill))) {
      notes.push(
        `${capability}: the guidelines already prefer ${prefer} over ${avoid.map((a) => a.skill).join(', ')} (revision ${held.since_revision}).`,
      );
      return [];
    }
    const pe = evidence(prefer);
    const confidence = Math.min(...avoid.map((a) => p(prefer, a)));
    return [
      {
        kind: 'skill_preference',
        capability,
        prefer,
        avoid: avoid.map((a) => a.skill),
        confidence,
        reason: `${avoid.map(describe).join('; ')}; ${describe(pe)}. P(${prefer} is more reliable) = ${confidence}.`,
        evidence: {
          capability,
          skills: Object.fromEntries([pe, ...avoid].map((e) => [e.skill, skillFacts(e)])),
          p_prefer_more_reliable: Object.fromEntries(avoid.map((a) => [a.skill, p(prefer, a)])),
          history_window: window,
        },
      },
    ];
  }
  const all = alternatives.map(evidence);
  const below = all.map((e) => probabilityBelow(e.counted, RULES.unreliableBelow));
  const confidence = asConfidence(below.reduce((x, y) => x * y, 1));
  if (confidence < RULES.threshold) return [];
  if (g.warnings.some((w) => w.type === 'no_reliable_skill' && w.capability === capability)) {
    notes.push(`${capability}: the guidelines already warn that it has no reliable skill.`);
    return [];
  }
  return [
    {
      kind: 'warning',
      warning: { type: 'no_reliable_skill', capability, skills: all.map((e) => e.skill) },
      confidence,
      reason: `No reliable skill for ${capability}: ${all.map(describe).join('; ')}. P(every one succeeds less than half the time) = ${confidence}.`,
      evidence: {
        capability,
        skills: Object.fromEntries(all.map((e, i) => [e.skill, { ...skillFacts(e), p_unreliable: asConfidence(below[i]!) }])),
        history_window: window,
      },
    },
  ];
}

/** Rule 3 (its evidence carries the Companion's evaluations when compare_models gave them). */
function companionWarnings(
  tasks: TaskRecord[],
  g: Guidelines,
  dismissed: ReadonlySet<string>,
  ratings: ReadonlyMap<string, CompanionRatings>,
  notes: string[],
): Finding[] {
  const out: Finding[] = [];
  for (const companion of [...new Set(tasks.map((t) => t.companion_id))].sort()) {
    const mine = tasks.filter((t) => t.companion_id === companion && !(t.status === 'failed' && t.failed_skill));
    const own = mine.filter((t) => t.status === 'failed');
    if (own.length < RULES.minCompanionFailures || dismissed.has(companion)) continue;
    const confidence = asConfidence(1 - probabilityBelow({ successes: own.length, failures: mine.length - own.length }, 0.5));
    if (confidence < RULES.threshold) {
      notes.push(
        `Companion ${companion}: ${own.length} of ${mine.length} tasks failed on its own; P(it fails ` +
          `more often than not) = ${confidence}, below ${RULES.threshold}.`,
      );
      continue;
    }
    if (g.warnings.some((w) => w.type === 'companion_failing' && w.companion_id === companion)) {
      notes.push(`Companion ${companion}: the guidelines already warn about it.`);
      continue;
    }
    const specialization = mine[0]?.specialization ?? UNKNOWN_SPECIALIZATION;
    const failedTasks = own.map((t) => t.task_id);
    out.push({
      kind: 'warning',
      warning: { type: 'companion_failing', companion_id: companion, specialization },
      confidence,
      reason:
        `Companion ${companion} (${specialization}) failed ${own.length} of its ${mine.length} tasks without any skill failing; ` +
        `P(it fails more often than not) = ${confidence}. Give its work to another Companion or dismiss it.`,
      evidence: {
        companion_id: companion,
        specialization,
        tasks: mine.length,
        failures: own.length,
        failed_tasks: failedTasks.slice(-5),
        mean_duration_s: tally(mine, (t) => (t.status === 'succeeded' ? 'success' : 'failure')).mean_duration_s,
        ...(ratings.has(companion) ? { evaluations: ratings.get(companion) } : {}),
      },
    });
  }
  return out;
}

/** How a task went as a task of the kind that uses `skill` (rule 4): its own failures count; another skill's failure does not. */
function kindOutcome(t: TaskRecord, skill: string): 'success' | 'failure' | null {
  if (!skillsOf(t).includes(skill)) return null;
  if (t.status === 'succeeded') return 'success';
  return !t.failed_skill || t.failed_skill === skill ? 'failure' : null;
}

/** Rule 4. */
function specializationFindings(
  tasks: TaskRecord[],
  history: Map<string, { capability: string | null }>,
  overall: Map<string, Tally>,
  g: Guidelines,
  notes: string[],
): Finding[] {
  const best = new Map<string, Finding & { kind: 'companion_specialization' }>();
  for (const skill of [...new Set(tasks.flatMap(skillsOf))].sort()) {
    const capability = history.get(skill)?.capability ?? skill;
    const names = [...new Set(tasks.map((t) => t.specialization))].filter((s) => s !== UNKNOWN_SPECIALIZATION).sort();
    if (names.length < 2) continue;
    const by = Object.fromEntries(
      names.map((s) => [
        s,
        tally(
          tasks.filter((t) => t.specialization === s),
          (t) => kindOutcome(t, skill),
        ),
      ]),
    );
    for (const s of names) {
      const mine = by[s]!;
      const rest = tally(
        tasks.filter((t) => t.specialization !== s),
        (t) => kindOutcome(t, skill),
      );
      if (mine.tasks < RULES.minSpecializationTasks || rest.tasks < RULES.minSpecializationTasks) continue;
      const confidence = asConfidence(probabilityBetter(mine, rest));
      if (confidence < RULES.threshold) continue;
      if (
        g.companion_strategy[capability] &&
        (g.companion_strategy[capability] as { prefer_specialization?: unknown }).prefer_specialization === s
      ) {
        notes.push(`${capability}: the guidelines already prefer Companions specialised in ${s}.`);
        continue;
      }
      const held = best.get(capability);
      if (held && held.confidence >= confidence) continue;
      best.set(capability, {
        kind: 'companion_specialization',
        capability,
        specialization: s,
        skill,
        confidence,
        reason:
          `On tasks using ${skill}, Companions specialised in ${s} succeeded ${mine.successes} of ${mine.tasks} (mean ${mine.mean_duration_s} s), ` +
          `the others ${rest.successes} of ${rest.tasks} (mean ${rest.mean_duration_s} s); P(${s} does better) = ${confidence}.`,
        evidence: {
          skill,
          on_this_skill: Object.fromEntries(Object.entries(by).filter(([, t]) => t.tasks > 0)),
          others_on_this_skill: rest,
          all_tasks_by_specialization: Object.fromEntries(overall),
        },
      });
    }
  }
  return [...best.values()].sort((a, b) => a.capability.localeCompare(b.capability));
}

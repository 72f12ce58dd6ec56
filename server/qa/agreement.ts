import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { qaResults } from '../db/schema/index.ts';

/**
 * Calibration between reviewers and the AI: for each rule and each skill version, how many
 * current human decisions there are and how many agree with the AI; for the score, also the mean
 * absolute difference of the overridden scores. A decision counts once (the newest per result
 * and rule), so a reviewer changing their mind does not count twice.
 *
 * `scope` (optional) is a condition on `qa_results` (e.g. server/qa/query.ts qaWhere of a filter):
 * only decisions on the results it matches count — the dashboard's agreement over its calls.
 */
export interface RuleAgreement {
  ruleId: string;
  skill: string | null;
  decisions: number;
  agreed: number;
  overridden: number;
  agreement: number;
}
export interface ScoreAgreement {
  skill: string | null;
  decisions: number;
  agreed: number;
  overridden: number;
  agreement: number;
  meanAbsDiff: number | null;
}
export interface SkillAgreement {
  skill: string;
  decisions: number;
  overridden: number;
  overrideRate: number;
}

const rows = <T>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);
const rate = (agreed: number, n: number) => (n ? Math.round((agreed / n) * 1000) / 1000 : 0);

/** Review actions of one kind on the results in scope (all of them without a scope). */
const actionsOf = (kind: 'rule' | 'score', scope: SQL | undefined) =>
  scope
    ? sql`qa_review_actions a join ${qaResults} on ${qaResults.id} = a.qa_result_id where a.kind = ${kind} and ${scope}`
    : sql`qa_review_actions a where a.kind = ${kind}`;

/** The current decision on each (result, rule): its newest action. */
const currentRuleDecisions = (scope: SQL | undefined) => sql`(select distinct on (a.qa_result_id, a.rule_id)
    a.rule_id, a.skill, a.decision from ${actionsOf('rule', scope)} order by a.qa_result_id, a.rule_id, a.created_at desc) d`;

/** The current decision on each result's score: its newest action. */
const currentScoreDecisions = (scope: SQL | undefined) => sql`(select distinct on (a.qa_result_id)
    a.skill, a.decision, a.human_score, a.ai_score from ${actionsOf('score', scope)} order by a.qa_result_id, a.created_at desc) d`;

export async function ruleAgreement(db: Db, scope?: SQL): Promise<RuleAgreement[]> {
  const r = await db.execute(sql`
    select rule_id, skill, count(*)::int as decisions, count(*) filter (where decision = 'agree')::int as agreed
    from ${currentRuleDecisions(scope)}
    group by rule_id, skill order by rule_id, skill`);
  return rows<{ rule_id: string; skill: string | null; decisions: number; agreed: number }>(r).map((x) => ({
    ruleId: x.rule_id,
    skill: x.skill,
    decisions: x.decisions,
    agreed: x.agreed,
    overridden: x.decisions - x.agreed,
    agreement: rate(x.agreed, x.decisions),
  }));
}

export async function scoreAgreement(db: Db, scope?: SQL): Promise<ScoreAgreement[]> {
  const r = await db.execute(sql`
    select skill, count(*)::int as decisions, count(*) filter (where decision = 'agree')::int as agreed,
           avg(abs(human_score - ai_score)) filter (where decision = 'override')::float8 as mad
    from ${currentScoreDecisions(scope)}
    group by skill order by skill`);
  return rows<{ skill: string | null; decisions: number; agreed: number; mad: number | null }>(r).map((x) => ({
    skill: x.skill,
    decisions: x.decisions,
    agreed: x.agreed,
    overridden: x.decisions - x.agreed,
    agreement: rate(x.agreed, x.decisions),
    meanAbsDiff: x.mad === null ? null : Math.round(x.mad * 10) / 10,
  }));
}

/** Per skill version: every current decision on its output (rules and scores), and how many overrode it. */
export async function skillAgreement(db: Db): Promise<SkillAgreement[]> {
  const [rules, scores] = await Promise.all([ruleAgreement(db), scoreAgreement(db)]);
  const by = new Map<string, SkillAgreement>();
  for (const x of [...rules, ...scores]) {
    if (!x.skill) continue;
    const s = by.get(x.skill) ?? { skill: x.skill, decisions: 0, overridden: 0, overrideRate: 0 };
    s.decisions += x.decisions;
    s.overridden += x.overridden;
    s.overrideRate = rate(s.overridden, s.decisions);
    by.set(x.skill, s);
  }
  return [...by.values()].sort((a, b) => b.overrideRate - a.overrideRate || a.skill.localeCompare(b.skill));
}

export interface AgreementTotals {
  ruleDecisions: number;
  ruleAgreed: number;
  scoreDecisions: number;
  scoreOverridden: number;
  meanAbsDiff: number | null;
}

/** The same current decisions over every rule and skill together: how often reviewers agreed with the AI. */
export async function agreementTotals(db: Db, scope?: SQL): Promise<AgreementTotals> {
  const [rules, scores] = await Promise.all([
    db.execute(sql`select count(*)::int as decisions, count(*) filter (where decision = 'agree')::int as agreed
                   from ${currentRuleDecisions(scope)}`),
    db.execute(sql`select count(*)::int as decisions, count(*) filter (where decision = 'override')::int as overridden,
                          avg(abs(human_score - ai_score)) filter (where decision = 'override')::float8 as mad
                   from ${currentScoreDecisions(scope)}`),
  ]);
  const ru = rows<{ decisions: number; agreed: number }>(rules)[0];
  const sc = rows<{ decisions: number; overridden: number; mad: number | null }>(scores)[0];
  return {
    ruleDecisions: ru?.decisions ?? 0,
    ruleAgreed: ru?.agreed ?? 0,
    scoreDecisions: sc?.decisions ?? 0,
    scoreOverridden: sc?.overridden ?? 0,
    meanAbsDiff: sc?.mad === null || sc?.mad === undefined ? null : Math.round(sc.mad * 10) / 10,
  };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Calibration between reviewers and the AI: for each rule and each skill version, how many
 * current human decisions there are and how many agree with the AI; for the score, also the mean
 * absolute difference of the overridden scores. A decision counts once (the newest per result
 * and rule), so a reviewer changing their mind does not count twice.
 */
export interface RuleAgreement { ruleId: string; skill: string | null; decisions: number; agreed: number; overridden: number; agreement: number }
export interface ScoreAgreement { skill: string | null; decisions: number; agreed: number; overridden: number; agreement: number; meanAbsDiff: number | null }
export interface SkillAgreement { skill: string; decisions: number; overridden: number; overrideRate: number }

const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));
const rate = (agreed: number, n: number) => (n ? Math.round((agreed / n) * 1000) / 1000 : 0);

export async function ruleAgreement(db: Db): Promise<RuleAgreement[]> {
  const r = await db.execute(sql`
    select rule_id, skill, count(*)::int as decisions, count(*) filter (where decision = 'agree')::int as agreed
    from (select distinct on (qa_result_id, rule_id) rule_id, skill, decision from qa_review_actions
          where kind = 'rule' order by qa_result_id, rule_id, created_at desc) d
    group by rule_id, skill order by rule_id, skill`);
  return rows<{ rule_id: string; skill: string | null; decisions: number; agreed: number }>(r).map((x) => ({
    ruleId: x.rule_id, skill: x.skill, decisions: x.decisions, agreed: x.agreed, overridden: x.decisions - x.agreed, agreement: rate(x.agreed, x.decisions),
  }));
}

export async function scoreAgreement(db: Db): Promise<ScoreAgreement[]> {
  const r = await db.execute(sql`
    select skill, count(*)::int as decisions, count(*) filter (where decision = 'agree')::int as agreed,
           avg(abs(human_score - ai_score)) filter (where decision = 'override')::float8 as mad
    from (select distinct on (qa_result_id) skill, decision, human_score, ai_score from qa_review_actions
          where kind = 'score' order by qa_result_id, created_at desc) d
    group by skill order by skill`);
  return rows<{ skill: string | null; decisions: number; agreed: number; mad: number | null }>(r).map((x) => ({
    skill: x.skill, decisions: x.decisions, agreed: x.agreed, overridden: x.decisions - x.agreed, agreement: rate(x.agreed, x.decisions),
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

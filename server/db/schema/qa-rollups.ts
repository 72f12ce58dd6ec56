import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';

/**
 * The dashboard's rollups of `qa_results` (issue 16): per Europe/London day of the call and per
 * advisor, team and product, what the widgets count — so a widget reads a few thousand rollup rows
 * instead of every call of the period (a year of a million calls answers in milliseconds).
 *
 * Only the newest analysis of each call (`latest`) with a call date is counted, as the QA queue
 * lists them. The database keeps them exact, not the application: statement triggers on
 * `qa_results` (migration 0016, function `qa_daily_rollups_statement`) add every inserted,
 * updated or deleted row's contribution with sign +1 / −1 in the same transaction, whoever writes
 * (the projection, a review, a bulk load). Keys hold null as a value (`NULLS NOT DISTINCT`): a
 * call without an advisor is counted under advisor null. Rows whose counts fell back to zero stay.
 */
const count = (name: string) => integer(name).notNull().default(0);
const sum = (name: string) => numeric(name).notNull().default('0');

/** Calls per day, advisor, team and product: scores, failures, customer flags, review states. */
export const qaDailyCalls = pgTable(
  'qa_daily_calls',
  {
    day: date('day', { mode: 'string' }).notNull(),
    advisor: text('advisor'),
    team: text('team'),
    product: text('product'),
    calls: count('calls'),
    /** Calls with a score of record (reviewed, else the AI's), and the sum of those scores (exact: numeric). */
    scored: count('scored'),
    scoreSum: sum('score_sum'),
    /** Calls that failed at least one mandatory rule / at least one rule. */
    failedMandatory: count('failed_mandatory'),
    fails: count('fails'),
    vulnerable: count('vulnerable'),
    confused: count('confused'),
    anxious: count('anxious'),
    /** Calls with any of the three flags, and how many of them were scored, with their sum. */
    flagged: count('flagged'),
    flaggedScored: count('flagged_scored'),
    flaggedScoreSum: sum('flagged_score_sum'),
    /** The vulnerable calls' outcomes (the not-vulnerable ones are the totals minus these). */
    vulnerableScored: count('vulnerable_scored'),
    vulnerableScoreSum: sum('vulnerable_score_sum'),
    vulnerableFailedMandatory: count('vulnerable_failed_mandatory'),
    vulnerableFails: count('vulnerable_fails'),
    /** Calls per review state. */
    unreviewed: count('unreviewed'),
    inReview: count('in_review'),
    awaitingSecondSignoff: count('awaiting_second_signoff'),
    signedOff: count('signed_off'),
  },
  (t) => [
    unique('qa_daily_calls_key').on(t.day, t.advisor, t.team, t.product).nullsNotDistinct(),
    index('qa_daily_calls_advisor_idx').on(sql`lower(${t.advisor})`, t.day),
  ],
);

/**
 * Per (call, rule) the rule applied to (verdict pass or fail, `not_applicable` aside), one count —
 * `failed` when any of its verdicts in the call failed; `mandatory` and `title` as the call's
 * verdicts state them (any verdict mandatory; the greatest text, as summarise_qa_results labels
 * a rule). Kept twice: per advisor (an advisor's compliance), and per team only, which is
 * what every view without an advisor reads (far fewer rows).
 */
const ruleColumns = () => ({
  team: text('team'),
  product: text('product'),
  ruleId: text('rule_id').notNull(),
  mandatory: boolean('mandatory').notNull(),
  title: text('title').notNull(),
  applied: count('applied'),
  failed: count('failed'),
});

export const qaDailyRules = pgTable(
  'qa_daily_rules',
  { day: date('day', { mode: 'string' }).notNull(), advisor: text('advisor'), ...ruleColumns() },
  (t) => [
    unique('qa_daily_rules_key').on(t.day, t.advisor, t.team, t.product, t.ruleId, t.mandatory, t.title).nullsNotDistinct(),
    index('qa_daily_rules_advisor_idx').on(sql`lower(${t.advisor})`, t.day),
  ],
);

export const qaDailyTeamRules = pgTable(
  'qa_daily_team_rules',
  { day: date('day', { mode: 'string' }).notNull(), ...ruleColumns() },
  (t) => [unique('qa_daily_team_rules_key').on(t.day, t.team, t.product, t.ruleId, t.mandatory, t.title).nullsNotDistinct()],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { QaFilter } from '../../qa/filter.ts';
import type { QaProvenance, QaScoreDetail, QaSentiment, QaTranscript, QaVerdict } from '../../qa/record.ts';
import { users } from './users.ts';

/**
 * QA review (issue 13): one row per analysed call per run, projected from the run's output when
 * the run ends (server/qa/project.ts). The AI's result is never rewritten by a review: human
 * decisions live in `qa_review_actions`, and `review_status`, `overridden` and `human_score` are
 * their summary, kept here so the queue can filter and sort on them.
 */
export const qaResults = pgTable(
  'qa_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: text('run_id').notNull(),
    /** The recording id (`REC-…`): the call. */
    callId: text('call_id').notNull(),
    applicationId: text('application_id'),
    advisor: text('advisor'),
    team: text('team'),
    customer: text('customer'),
    product: text('product'),
    /** When the call was recorded (the recording's `recorded_at`: the data's clock, not the console's). */
    callAt: timestamp('call_at', { withTimezone: true, mode: 'string' }),
    durationS: real('duration_s'),
    workflowId: text('workflow_id').notNull(),
    workflowName: text('workflow_name').notNull(),
    workflowVersion: text('workflow_version').notNull(),
    runFinishedAt: timestamp('run_finished_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The scoring skill's `score` exactly as it returned it; null when the workflow scores nothing. */
    score: real('score'),
    maxScore: real('max_score'),
    scoreDetail: jsonb('score_detail').$type<QaScoreDetail>(),
    verdicts: jsonb('verdicts').$type<QaVerdict[]>().notNull(),
    failedRuleIds: text('failed_rule_ids').array().notNull().default(sql`'{}'::text[]`),
    failedMandatory: integer('failed_mandatory').notNull(),
    rulesPassed: integer('rules_passed').notNull(),
    rulesFailed: integer('rules_failed').notNull(),
    sentiment: jsonb('sentiment').$type<QaSentiment>(),
    vulnerable: boolean('vulnerable').notNull(),
    confused: boolean('confused').notNull(),
    anxious: boolean('anxious').notNull(),
    transcript: jsonb('transcript').$type<QaTranscript>().notNull(),
    provenance: jsonb('provenance').$type<QaProvenance>().notNull(),
    /** True for the newest analysis of the call (by run end); earlier ones stay as history. */
    latest: boolean('latest').notNull().default(true),
    reviewStatus: text('review_status').$type<QaReviewStatus>().notNull().default('unreviewed'),
    /** Some current decision disagrees with the AI (a rule verdict or the score). */
    overridden: boolean('overridden').notNull().default(false),
    /** The reviewer's score when they overrode it; the AI's `score` stays beside it. */
    humanScore: real('human_score'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qa_results_run_call_unique').on(t.runId, t.callId),
    check('qa_results_review_status_check', sql`${t.reviewStatus} in ('unreviewed', 'in_review', 'awaiting_second_signoff', 'signed_off')`),
    // The queue's orders, both directions with NULLS LAST (a backward scan would give NULLS FIRST).
    index('qa_results_queue_call_at_idx').on(t.latest, t.callAt, t.id),
    index('qa_results_queue_call_at_desc_idx').on(t.latest, t.callAt.desc().nullsLast(), t.id.desc()),
    index('qa_results_queue_score_idx').on(t.latest, t.score, t.id),
    index('qa_results_queue_score_desc_idx').on(t.latest, t.score.desc().nullsLast(), t.id.desc()),
    // The advisor filter compares case-insensitively.
    index('qa_results_advisor_lower_idx').on(sql`lower(${t.advisor})`, t.callAt.desc().nullsLast(), t.id.desc()),
    index('qa_results_call_idx').on(t.callId),
    index('qa_results_advisor_idx').on(t.advisor, t.callAt),
    index('qa_results_status_idx').on(t.reviewStatus, t.callAt),
    index('qa_results_failed_rules_idx').using('gin', t.failedRuleIds),
  ],
);
export type QaResultRow = typeof qaResults.$inferSelect;
export type QaReviewStatus = 'unreviewed' | 'in_review' | 'awaiting_second_signoff' | 'signed_off';

/**
 * Every human review action on a QA result, append-only: a decision on a rule verdict or on the
 * score (agree / override, with a reason), a comment, a sign-off. The current decision on a rule
 * is its newest action. The AI's verdict and the skill version that produced it are copied in, so
 * agreement statistics stay true after the result is re-analysed.
 */
export const qaReviewActions = pgTable(
  'qa_review_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    qaResultId: uuid('qa_result_id')
      .notNull()
      .references(() => qaResults.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userLabel: text('user_label').notNull(),
    role: text('role').notNull(),
    kind: text('kind').$type<'rule' | 'score' | 'comment' | 'sign_off'>().notNull(),
    ruleId: text('rule_id'),
    mandatory: boolean('mandatory').notNull().default(false),
    decision: text('decision').$type<'agree' | 'override'>(),
    aiVerdict: text('ai_verdict'),
    humanVerdict: text('human_verdict'),
    aiScore: real('ai_score'),
    humanScore: real('human_score'),
    /** The skill (uri with version) whose output the decision judges. */
    skill: text('skill'),
    reason: text('reason'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('qa_review_actions_kind_check', sql`${t.kind} in ('rule', 'score', 'comment', 'sign_off')`),
    index('qa_review_actions_result_idx').on(t.qaResultId, t.createdAt),
    index('qa_review_actions_rule_idx').on(t.ruleId, t.skill),
  ],
);
export type QaReviewActionRow = typeof qaReviewActions.$inferSelect;

/** Named QA-queue filters per user; a name is unique per user and saving it again replaces it. */
export const savedQaFilters = pgTable(
  'saved_qa_filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<QaFilter>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_qa_filters_user_name_unique').on(t.userId, t.name)],
);

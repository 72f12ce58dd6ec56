import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CalibrationAnswerValue, CalibrationRule, CalibrationSample } from '../../../lib/calibration/session.ts';
import { qaResults } from './qa.ts';
import { users } from './users.ts';

/**
 * Calibration sessions (issue 34, migration 0028): a lead picks a sample of calls and the rule set
 * in force, several reviewers answer every rule of every call blind, and the session's agreement
 * (server/calibration/results.ts) ends in notes attached to the rules. The sample, the rules and
 * the seed are stored as chosen, so a session reads the same later whatever the queue holds then.
 */
export const calibrationSessions = pgTable(
  'calibration_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    /** How the calls were chosen: the queue filter, newest or a random sample with its seed. */
    sample: jsonb('sample').$type<CalibrationSample>().notNull(),
    ruleSetId: text('rule_set_id'),
    /** The rules in force, in the order the calls' analyses list them (what each reviewer answers). */
    rules: jsonb('rules').$type<CalibrationRule[]>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByLabel: text('created_by_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    closedByLabel: text('closed_by_label'),
    /** `all_submitted`: closed by the last submission; `lead`: closed by the lead (some reviews may be missing). */
    closedHow: text('closed_how').$type<'all_submitted' | 'lead'>(),
  },
  (t) => [
    check('calibration_sessions_status_check', sql`${t.status} in ('open', 'closed')`),
    index('calibration_sessions_created_idx').on(t.createdAt),
  ],
);
export type CalibrationSessionRow = typeof calibrationSessions.$inferSelect;

/** The session's calls in review order. The QA result is the analysis the AI comparison reads. */
export const calibrationCalls = pgTable(
  'calibration_calls',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    qaResultId: uuid('qa_result_id')
      .notNull()
      .references(() => qaResults.id),
    callId: text('call_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.position] }), uniqueIndex('calibration_calls_result_unique').on(t.sessionId, t.qaResultId)],
);
export type CalibrationCallRow = typeof calibrationCalls.$inferSelect;

/** The session's reviewers; `submitted_at` is set once, when the reviewer submits (never cleared). */
export const calibrationReviewers = pgTable(
  'calibration_reviewers',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    userLabel: text('user_label').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('calibration_reviewers_user_idx').on(t.userId)],
);
export type CalibrationReviewerRow = typeof calibrationReviewers.$inferSelect;

/**
 * A reviewer's answer on one rule of one call. Version 1 is the answer as saved and submitted: it
 * is rewritten while the reviewer works (a draft) and frozen by the submission. A change after the
 * submission is a new version with its reason, who and when (an amendment, audited like a QA
 * override); the current answer is the highest version.
 */
export const calibrationAnswers = pgTable(
  'calibration_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    qaResultId: uuid('qa_result_id')
      .notNull()
      .references(() => qaResults.id),
    ruleId: text('rule_id').notNull(),
    version: integer('version').notNull().default(1),
    answer: text('answer').$type<CalibrationAnswerValue>().notNull(),
    reason: text('reason'),
    /** Set on versions after the first: why the submitted answer was changed. */
    amendmentReason: text('amendment_reason'),
    authorLabel: text('author_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('calibration_answers_answer_check', sql`${t.answer} in ('pass', 'fail', 'not_applicable')`),
    uniqueIndex('calibration_answers_version_unique').on(t.sessionId, t.reviewerId, t.qaResultId, t.ruleId, t.version),
  ],
);
export type CalibrationAnswerRow = typeof calibrationAnswers.$inferSelect;

/** What the team agreed about a rule in a session, written by the lead; append-only (the newest per session and rule stands). */
export const calibrationNotes = pgTable(
  'calibration_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    note: text('note').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorLabel: text('author_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('calibration_notes_rule_idx').on(t.ruleId, t.createdAt)],
);
export type CalibrationNoteRow = typeof calibrationNotes.$inferSelect;

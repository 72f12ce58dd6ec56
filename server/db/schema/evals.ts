import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Agent evaluations (issue 30, migration 0025): one row per run of a dataset (evals/datasets/<name>.json)
 * against a brain, and one row per case of it. `dataset_digest` is the SHA-256 of the dataset file
 * the run read, so two runs are known to have asked the same questions; `score` is the mean of the
 * cases' scores (null until the run has finished). Written only by server/evals/runner.ts.
 */
export const evalRuns = pgTable(
  'eval_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dataset: text('dataset').notNull(),
    datasetDigest: text('dataset_digest').notNull(),
    world: text('world').notNull(),
    /** deterministic | openai | letta */
    brain: text('brain').notNull(),
    /** The model behind the brain when it has one (OPENAI_MODEL; Letta's agents' model is theirs). */
    model: text('model'),
    /**
     * running | finished | failed (the runner stopped on an error before every case was scored) |
     * abandoned (the process running it stopped: its heartbeat went stale, server/evals/liveness.ts).
     */
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    score: real('score'),
    casesTotal: integer('cases_total').notNull(),
    casesPassed: integer('cases_passed').notNull().default(0),
    /** Who started it: `cli:<user>`, `user:<id>`, … (the audit writer's form). */
    startedBy: text('started_by').notNull(),
    error: text('error'),
    /** Touched by the running process while the run works (migration 0026). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('eval_runs_started_idx').on(t.startedAt),
    index('eval_runs_dataset_idx').on(t.dataset, t.startedAt),
    index('eval_runs_status_idx').on(t.status, t.dataset),
  ],
);
export type EvalRunRow = typeof evalRuns.$inferSelect;

/** One case's outcome in a run: each expectation with pass/fail and what was seen, and a short transcript. */
export const evalCaseResults = pgTable(
  'eval_case_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => evalRuns.id, { onDelete: 'cascade' }),
    caseId: text('case_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    role: text('role').notNull(),
    score: real('score').notNull(),
    passed: integer('passed').notNull(),
    total: integer('total').notNull(),
    expectations: jsonb('expectations').notNull(),
    transcript: jsonb('transcript').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('eval_case_results_run_idx').on(t.runId, t.position)],
);
export type EvalCaseResultRow = typeof evalCaseResults.$inferSelect;

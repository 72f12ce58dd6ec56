import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The knowledge graph kept in the app database (the embedded default of the graph port,
 * server/graph/postgres). Nodes are tables (skills, workflow versions, executions, delegated
 * tasks, Graphiti episodes), edges are rows (lineage edges, skill uses). The Neo4j adapter stores the same facts as labelled nodes;
 * both pass one contract suite (server/graph/contract.ts).
 */

/** `:Skill` — one version of a skill, with the spec's reliability counters (§4.3, §4.4). */
export const graphSkills = pgTable('graph_skills', {
  /** `skill://name@version`. */
  uri: text('uri').primaryKey(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  capability: text('capability'),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Successful uses, all time (incremented once per recorded episode, never recomputed). */
  nSuccess: integer('n_success').notNull().default(0),
  /** The skill's own failed uses (errors, timeouts), all time. */
  nFailures: integer('n_failures').notNull().default(0),
  /**
   * Uses that failed because of their caller's input (lib/failure-cause.ts), all time: kept apart
   * from n_failures, never counted against the skill (migration 0015 moved the earlier ones here).
   */
  nCallerErrors: integer('n_caller_errors').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * `:Workflow` — one node per workflow version. A row created only because an edge or an
 * execution named it is a placeholder (name = workflow id) until upsertWorkflowVersion fills it.
 */
export const graphWorkflows = pgTable(
  'graph_workflows',
  {
    workflowId: text('workflow_id').notNull(),
    version: text('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Skill URIs bound by the version's Task states (what workflowsUsingSkill searches). */
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    author: text('author'),
  },
  (t) => [
    primaryKey({ name: 'graph_workflows_pk', columns: [t.workflowId, t.version] }),
    index('graph_workflows_skills_idx').using('gin', t.skills),
  ],
);

/** `VERSION_OF` / `REFINEMENT_OF`: child (newer or derived version) → parent. */
export const graphEdges = pgTable(
  'graph_edges',
  {
    kind: text('kind').notNull(),
    childWorkflowId: text('child_workflow_id').notNull(),
    childVersion: text('child_version').notNull(),
    parentWorkflowId: text('parent_workflow_id').notNull(),
    parentVersion: text('parent_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'graph_edges_pk', columns: [t.kind, t.childWorkflowId, t.childVersion, t.parentWorkflowId, t.parentVersion] }),
    check('graph_edges_kind_check', sql`${t.kind} in ('VERSION_OF', 'REFINEMENT_OF')`),
    foreignKey({
      name: 'graph_edges_child_fk',
      columns: [t.childWorkflowId, t.childVersion],
      foreignColumns: [graphWorkflows.workflowId, graphWorkflows.version],
    }),
    foreignKey({
      name: 'graph_edges_parent_fk',
      columns: [t.parentWorkflowId, t.parentVersion],
      foreignColumns: [graphWorkflows.workflowId, graphWorkflows.version],
    }),
    index('graph_edges_parent_idx').on(t.parentWorkflowId, t.parentVersion),
  ],
);

/** `:WorkflowExecution` plus its `:Episodic` record (Graphiti's episode: uuid and JSON content). */
export const graphExecutions = pgTable(
  'graph_executions',
  {
    runId: text('run_id').primaryKey(),
    workflowId: text('workflow_id').notNull(),
    workflowVersion: text('workflow_version').notNull(),
    workflowName: text('workflow_name').notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** The Episodic node's uuid (derived from run_id, so a replay names the same episode). */
    episodeUuid: uuid('episode_uuid').notNull().unique(),
    /** The episode as recorded (Episodic.content). */
    episode: jsonb('episode').$type<Record<string, unknown>>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('graph_executions_status_check', sql`${t.status} in ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED')`),
    foreignKey({
      name: 'graph_executions_workflow_fk',
      columns: [t.workflowId, t.workflowVersion],
      foreignColumns: [graphWorkflows.workflowId, graphWorkflows.version],
    }),
    index('graph_executions_workflow_idx').on(t.workflowId, t.workflowVersion, t.startedAt),
  ],
);

/**
 * `:Episodic` — Graphiti's episode node, one row per episode of any kind: a workflow execution
 * (group `dcf`, uuid = graph_executions.episode_uuid), a delegated task (group = its session id,
 * uuid = graph_tasks.episode_uuid) or a Strategist's pattern (add_memory). One uuid space, as in
 * Graphiti. No foreign keys point here: each record method claims its own row first (the
 * execution or task row) and writes the episode after it, in one transaction.
 */
export const graphEpisodes = pgTable(
  'graph_episodes',
  {
    uuid: uuid('uuid').primaryKey(),
    name: text('name').notNull(),
    groupId: text('group_id').notNull(),
    /** Graphiti's EpisodeType. */
    source: text('source').notNull(),
    sourceDescription: text('source_description').notNull(),
    content: text('content').notNull(),
    validAt: timestamp('valid_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('graph_episodes_source_check', sql`${t.source} in ('text', 'json', 'message')`),
    index('graph_episodes_group_valid_at_idx').on(t.groupId, t.validAt),
    index('graph_episodes_valid_at_idx').on(t.validAt),
  ],
);

/** `:DelegatedTask` — a finished task of a delegated session (dcf-plus), whose uses count like a run's. */
export const graphTasks = pgTable(
  'graph_tasks',
  {
    sessionId: text('session_id').notNull(),
    taskId: text('task_id').notNull(),
    companionId: text('companion_id').notNull(),
    status: text('status').notNull(),
    durationS: doublePrecision('duration_s').notNull(),
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    /** The Episodic node's uuid (derived from the task's key, so a replay names the same episode). */
    episodeUuid: uuid('episode_uuid').notNull().unique(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'graph_tasks_pk', columns: [t.sessionId, t.taskId] }),
    check('graph_tasks_status_check', sql`${t.status} in ('succeeded', 'failed')`),
  ],
);

/**
 * `USED_SKILL` — one row per skill use: of a state in an execution (run_id = the run, seq = index
 * in the episode) or of a delegated task (run_id = `task:<session_id>/<task_id>`, state = the plan
 * step, seq = index in the task's uses). run_id names either parent, so it has no foreign key
 * (migration 0011 dropped the one to graph_executions); each record method writes its parent row
 * and its uses in one transaction, so no use is ever without its parent.
 */
export const graphSkillUses = pgTable(
  'graph_skill_uses',
  {
    runId: text('run_id').notNull(),
    seq: integer('seq').notNull(),
    state: text('state').notNull(),
    skill: text('skill')
      .notNull()
      .references(() => graphSkills.uri),
    /** `success`, `failure` (the skill's own fault) or `caller_error` (the caller's input: lib/failure-cause.ts). */
    outcome: text('outcome').notNull(),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    attempts: integer('attempts').notNull(),
    swappedFrom: text('swapped_from'),
    /**
     * The explore/exploit strategy of a live split (DCF_POLICY_SPLIT) that chose the skill, or null
     * (issue 17: the policy comparison's live split reads it).
     */
    strategy: text('strategy'),
    /** When the use happened (the episode's finished_at, the task's completed_at): what reliability windows filter on. */
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'graph_skill_uses_pk', columns: [t.runId, t.seq] }),
    check('graph_skill_uses_outcome_check', sql`${t.outcome} in ('success', 'failure', 'caller_error')`),
    index('graph_skill_uses_skill_at_idx').on(t.skill, t.at),
  ],
);

/**
 * Graph writes waiting to be applied (server/graph/outbox.ts): enqueued in the app database,
 * replayed in id order, so a graph outage (Neo4j down) delays writes but never loses them.
 */
export const graphOutbox = pgTable(
  'graph_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while pending. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    check('graph_outbox_kind_check', sql`${t.kind} in ('episode', 'workflow_version', 'link', 'skill', 'task_episode', 'pattern_episode')`),
    index('graph_outbox_pending_idx')
      .on(t.id)
      .where(sql`${t.appliedAt} is null`),
  ],
);

export type GraphOutboxRow = typeof graphOutbox.$inferSelect;

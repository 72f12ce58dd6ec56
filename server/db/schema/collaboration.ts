import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Collaboration (issue 18, collaboration-tools.md; server/collaboration/README.md): sessions of
 * agents with their threads, every message sent in them (assistance requests, delegations, plan
 * updates, invitations), the subtasks delegated and their outcomes, assignments, evaluations,
 * decompositions and the external agents `spawn_agent` issued tokens for. The agents themselves
 * live on the agent platform; these tables are the record the figures of `compare_models` and
 * the assignment's reliability are measured from.
 */
export const collaborationSessions = pgTable(
  'collaboration_sessions',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    coordinatorId: text('coordinator_id').notNull(),
    participantIds: jsonb('participant_ids').$type<string[]>().notNull(),
    status: text('status').$type<'active' | 'completed' | 'cancelled'>().notNull().default('active'),
    /** The session's main thread, created with it. */
    mainThreadId: text('main_thread_id').notNull(),
    /** Who called the tool: an agent id, or `user:<id>` / `system:<id>`. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('collaboration_sessions_status_check', sql`${t.status} in ('active', 'completed', 'cancelled')`),
    index('collaboration_sessions_coordinator_idx').on(t.coordinatorId, t.createdAt),
  ],
);
export type CollaborationSessionRow = typeof collaborationSessions.$inferSelect;

export const collaborationThreads = pgTable(
  'collaboration_threads',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => collaborationSessions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collaboration_threads_session_idx').on(t.sessionId)],
);
export type CollaborationThreadRow = typeof collaborationThreads.$inferSelect;

/** Delivery of one message to one recipient through the agent platform. */
export type CollaborationDelivery = { agent_id: string; status: 'sent' | 'failed'; error?: string };

export const collaborationMessages = pgTable(
  'collaboration_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').references(() => collaborationSessions.id, { onDelete: 'set null' }),
    threadId: text('thread_id').references(() => collaborationThreads.id, { onDelete: 'set null' }),
    /** session_invite | assistance_request | subtask_delegation | plan_update */
    kind: text('kind').notNull(),
    senderId: text('sender_id').notNull(),
    recipientIds: jsonb('recipient_ids').$type<string[]>().notNull(),
    /** The message as sent (the JSON document the recipients received). */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    delivery: jsonb('delivery').$type<CollaborationDelivery[]>().notNull(),
    /** A subtask or task id the message is about. */
    relatedRef: text('related_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collaboration_messages_session_idx').on(t.sessionId, t.createdAt),
    index('collaboration_messages_thread_idx').on(t.threadId, t.createdAt),
    index('collaboration_messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);
export type CollaborationMessageRow = typeof collaborationMessages.$inferSelect;

export const collaborationSubtasks = pgTable(
  'collaboration_subtasks',
  {
    /** The spec's `subtask_id`: unique across the console. */
    id: text('id').primaryKey(),
    sessionId: text('session_id').references(() => collaborationSessions.id, { onDelete: 'set null' }),
    parentTaskId: text('parent_task_id'),
    coordinatorId: text('coordinator_id').notNull(),
    assigneeId: text('assignee_id').notNull(),
    description: text('description').notNull(),
    requiredCapabilities: jsonb('required_capabilities').$type<string[]>().notNull().default([]),
    deadline: timestamp('deadline', { withTimezone: true }),
    contextualData: jsonb('contextual_data').$type<unknown>(),
    status: text('status').$type<'delegated' | 'in_progress' | 'done' | 'failed'>().notNull(),
    messageId: text('message_id'),
    delegatedAt: timestamp('delegated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    resultContent: text('result_content'),
    failureReason: text('failure_reason'),
  },
  (t) => [
    check('collaboration_subtasks_status_check', sql`${t.status} in ('delegated', 'in_progress', 'done', 'failed')`),
    index('collaboration_subtasks_assignee_idx').on(t.assigneeId, t.status),
    index('collaboration_subtasks_session_idx').on(t.sessionId),
  ],
);
export type CollaborationSubtaskRow = typeof collaborationSubtasks.$inferSelect;

export const collaborationAssignments = pgTable(
  'collaboration_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subtaskRef: text('subtask_ref').notNull(),
    description: text('description').notNull(),
    requiredCapabilities: jsonb('required_capabilities').$type<string[]>().notNull(),
    /** Null: unassigned (see `reason`). */
    assignedAgentId: text('assigned_agent_id'),
    matchedCapabilities: jsonb('matched_capabilities').$type<string[]>().notNull(),
    reliability: doublePrecision('reliability'),
    reason: text('reason').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collaboration_assignments_subtask_idx').on(t.subtaskRef, t.createdAt)],
);

export const collaborationEvaluations = pgTable(
  'collaboration_evaluations',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').references(() => collaborationSessions.id, { onDelete: 'set null' }),
    evaluatorId: text('evaluator_id').notNull(),
    contributorId: text('contributor_id').notNull(),
    contributionRef: text('contribution_ref').notNull(),
    /** Set when `contribution_ref` names a recorded subtask. */
    subtaskId: text('subtask_id'),
    clarity: doublePrecision('clarity'),
    relevance: doublePrecision('relevance'),
    completeness: doublePrecision('completeness'),
    actionability: doublePrecision('actionability'),
    comments: text('comments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'collaboration_evaluations_ratings_check',
      sql`coalesce(${t.clarity}, 3) between 1 and 5 and
      coalesce(${t.relevance}, 3) between 1 and 5 and coalesce(${t.completeness}, 3) between 1 and 5 and
      coalesce(${t.actionability}, 3) between 1 and 5`,
    ),
    index('collaboration_evaluations_contributor_idx').on(t.contributorId, t.createdAt),
  ],
);
export type CollaborationEvaluationRow = typeof collaborationEvaluations.$inferSelect;

export const collaborationDecompositions = pgTable('collaboration_decompositions', {
  id: uuid('id').primaryKey().defaultRandom(),
  task: text('task').notNull(),
  /** `model` or `deterministic`. */
  method: text('method').notNull(),
  subtasks: jsonb('subtasks').$type<unknown[]>().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Agents outside the platform that `spawn_agent` proposed and issued an MCP token to. */
export const collaborationExternalAgents = pgTable('collaboration_external_agents', {
  id: text('id').primaryKey(),
  agentType: text('agent_type').notNull(),
  role: text('role').notNull(),
  capabilities: jsonb('capabilities').$type<string[]>().notNull(),
  systemPrompt: text('system_prompt').notNull(),
  tokenId: uuid('token_id').notNull(),
  requestedBy: text('requested_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CollaborationExternalAgentRow = typeof collaborationExternalAgents.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { users } from './users.ts';

/**
 * Delegated mode (dcf-plus-delegated-execution-tools.md): sessions of a Conductor with its pool
 * of Companions and its Strategist, the tasks delegated in them, and everything that happened
 * (the session's activity). The agents and their memory blocks live on the agent platform (local
 * runtime or Letta); these tables are the console's record of a session, which outlives the
 * agents (finalize_session deletes the Companions and archives the record).
 */
export const delegationSessions = pgTable(
  'delegation_sessions',
  {
    /** The spec's `session_id` (tags `session:<id>`). */
    id: text('id').primaryKey(),
    conductorId: text('conductor_id').notNull(),
    /** The session's Strategist (created with the session context); null once deleted. */
    strategistId: text('strategist_id'),
    /** The console user whose Conductor conversation this is; null for sessions made by scripts. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id'),
    /** `local` or `letta`: where its agents and blocks live. */
    platform: text('platform').notNull(),
    status: text('status').$type<'active' | 'finalized'>().notNull().default('active'),
    sessionContextBlockId: text('session_context_block_id').notNull(),
    delegationLogBlockId: text('delegation_log_block_id').notNull(),
    guidelinesBlockId: text('guidelines_block_id').notNull(),
    /** Most Companions the session may hold at once (DCF_COMPANION_POOL_MAX when created). */
    poolMax: integer('pool_max').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    /** Where finalize_session wrote the archive. */
    archivePath: text('archive_path'),
  },
  (t) => [
    check('delegation_sessions_status_check', sql`${t.status} in ('active', 'finalized')`),
    index('delegation_sessions_owner_idx').on(t.ownerUserId, t.updatedAt),
    index('delegation_sessions_conductor_idx').on(t.conductorId),
  ],
);
export type DelegationSessionRow = typeof delegationSessions.$inferSelect;

/** The life of a delegated task (one `task_delegation` and the `task_result` that answers it). */
export const TASK_STATUSES = ['offered', 'delegated', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const delegationTasks = pgTable(
  'delegation_tasks',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => delegationSessions.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    /** Null while a broadcast task is offered and nobody has claimed it. */
    companionId: text('companion_id'),
    description: text('description').notNull(),
    skillsRequired: jsonb('skills_required').$type<string[]>().notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    priority: text('priority').$type<'low' | 'normal' | 'high'>().notNull().default('normal'),
    broadcast: boolean('broadcast').notNull().default(false),
    status: text('status').$type<TaskStatus>().notNull(),
    progressPct: integer('progress_pct'),
    statusMessage: text('status_message'),
    output: jsonb('output').$type<Record<string, unknown>>(),
    metrics: jsonb('metrics').$type<Record<string, unknown>>(),
    error: text('error'),
    delegatedAt: timestamp('delegated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'delegation_tasks_pk', columns: [t.sessionId, t.taskId] }),
    check('delegation_tasks_status_check', sql`${t.status} in ('offered', 'delegated', 'succeeded', 'failed', 'cancelled')`),
    index('delegation_tasks_companion_idx').on(t.companionId, t.status),
  ],
);
export type DelegationTaskRow = typeof delegationTasks.$inferSelect;

/**
 * A session's activity, append-only: delegations, progress, results, advice, companions made
 * and dismissed, status changes, guideline revisions, rejected messages. The Companions page's
 * timeline, read_session_activity and the archive read it.
 */
export const delegationEvents = pgTable(
  'delegation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => delegationSessions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    /** Who acted or sent (an agent id, or `user:<id>` / `system:<name>` for the host). */
    actor: text('actor'),
    /** The agent a message went to, or the agent acted upon. */
    subject: text('subject'),
    taskId: text('task_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('delegation_events_session_idx').on(t.sessionId, t.id)],
);
export type DelegationEventRow = typeof delegationEvents.$inferSelect;

/**
 * Every value a memory block had, written by the host (the delegated-mode tools, an admin's edit
 * in the Agents view): the revision history the Companions page shows. Block ids are the
 * platform's (local or Letta), so there is no foreign key.
 */
export const blockRevisions = pgTable(
  'block_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    blockId: text('block_id').notNull(),
    label: text('label').notNull(),
    /** 1 for the value the block was created with, then +1 per write. */
    revision: integer('revision').notNull(),
    value: text('value').notNull(),
    /** Who wrote it: an agent id, `user:<id>` or `system:<name>`. */
    writer: text('writer').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('block_revisions_block_revision_unique').on(t.blockId, t.revision)],
);
export type BlockRevisionRow = typeof blockRevisions.$inferSelect;

/**
 * Messages waiting for a local agent (the local runtime's durable delivery of
 * `send_message_to_agent_async` and host messages): written before the sender is told "queued",
 * claimed by one process at a time per agent, delivered as a turn of the agent after the turns
 * before it, marked delivered when the turn ends. A console restart loses none: rows still
 * queued, or claimed by a process that died, are delivered again.
 */
export const INBOX_STATUSES = ['queued', 'delivering', 'delivered', 'rejected'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const agentInbox = pgTable(
  'agent_inbox',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    senderAgentId: text('sender_agent_id'),
    role: text('role').$type<'user' | 'system'>().notNull(),
    content: text('content').notNull(),
    status: text('status').$type<InboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The process delivering it, and until when its claim holds (renewed while the turn runs). */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Why it was rejected (an invalid protocol message). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('agent_inbox_status_check', sql`${t.status} in ('queued', 'delivering', 'delivered', 'rejected')`),
    index('agent_inbox_pending_idx')
      .on(t.agentId, t.seq)
      .where(sql`${t.status} in ('queued', 'delivering')`),
  ],
);
export type AgentInboxRow = typeof agentInbox.$inferSelect;

import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local agent runtime (server/agents/local/): agents made from `.af` templates, their memory
 * blocks, tags, tools and message history, shaped like Letta's objects so the two adapters of
 * the agent-platform port are interchangeable. Archival passages are not here: they are rows of
 * `memories` (workflow-store.ts) whose `agent_id` names the agent.
 */
export const agents = pgTable('agents', {
  /** `agent-<uuid>`, as Letta spells its ids. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Template reference it was made from, e.g. `worker@1.0.0`. */
  template: text('template'),
  /** The template agent it was made from (`worker`, `worker-sleeptime`): picks its deterministic brain. */
  role: text('role').notNull(),
  agentType: text('agent_type').notNull(),
  system: text('system').notNull(),
  description: text('description'),
  /** Letta tool rules of the template (`exit_loop`, `continue_loop`, …). */
  toolRules: jsonb('tool_rules').$type<Array<Record<string, unknown>>>().notNull().default([]),
  /** Its sleep-time companion, when enabled, and how many turns pass between its wake-ups. */
  sleeptimeAgentId: text('sleeptime_agent_id'),
  sleeptimeFrequency: integer('sleeptime_frequency'),
  /** For a sleep-time companion: the agent it serves. */
  parentAgentId: text('parent_agent_id'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AgentRow = typeof agents.$inferSelect;

/** Memory blocks (Letta `Block`). One block attached to several agents is their shared memory. */
export const memoryBlocks = pgTable('memory_blocks', {
  /** `block-<uuid>`. */
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  value: text('value').notNull(),
  limit: integer('limit').notNull(),
  description: text('description'),
  readOnly: boolean('read_only').notNull().default(false),
  /** The agent it was created for (template or spec blocks); deleted with it unless another agent holds it. Null: created by the host. */
  ownerAgentId: text('owner_agent_id'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MemoryBlockRow = typeof memoryBlocks.$inferSelect;

/** Which blocks are in which agent's core memory, in attachment order. */
export const agentBlocks = pgTable(
  'agent_blocks',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    blockId: text('block_id')
      .notNull()
      .references(() => memoryBlocks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.blockId] }), index('agent_blocks_block_idx').on(t.blockId)],
);

export const agentTags = pgTable(
  'agent_tags',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.tag] }), index('agent_tags_tag_idx').on(t.tag)],
);

/** Tools attached to an agent, by name (the tool registry's or the runtime's own). */
export const agentTools = pgTable(
  'agent_tools',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    toolName: text('tool_name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.toolName] })],
);

/**
 * An agent's history: one row per user/system message and per event of its reactions
 * (reasoning, tool call, tool return, assistant message, error), in `seq` order. `step_id` groups
 * the events of one model step (its tool calls go back to the model as one assistant message).
 */
export const agentMessages = pgTable(
  'agent_messages',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `message-<uuid>`. */
    id: text('id').notNull().unique(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    stepId: text('step_id'),
    messageType: text('message_type').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_messages_agent_seq_idx').on(t.agentId, t.seq)],
);
export type AgentMessageRow = typeof agentMessages.$inferSelect;

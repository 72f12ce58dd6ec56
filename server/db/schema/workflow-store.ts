import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Saved workflow versions (the Planner's and designers' catalog, spec §2.3/§3.3/§4.4). A version
 * is immutable once saved: a change is a new version (VERSION_OF its predecessor) or a new
 * workflow derived from another (REFINEMENT_OF). `workflows/*.json` are seeded into it.
 */
export const workflowDocuments = pgTable(
  'workflow_documents',
  {
    workflowId: text('workflow_id').notNull(),
    version: text('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** skill:// URIs bound anywhere in the workflow. */
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    /** State names of the workflow (for "closest cousin" coverage). */
    states: jsonb('states').$type<string[]>().notNull().default([]),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    author: text('author'),
    note: text('note'),
    /** The version this one was made from, and how: VERSION_OF (same workflow) or REFINEMENT_OF (derived). */
    parentWorkflowId: text('parent_workflow_id'),
    parentVersion: text('parent_version'),
    relation: text('relation').$type<'VERSION_OF' | 'REFINEMENT_OF'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.version] }), index('workflow_documents_created_idx').on(t.createdAt)],
);
export type WorkflowDocumentRow = typeof workflowDocuments.$inferSelect;

/**
 * Proposals of check_workflow_health (spec §4.4): a new patch version that swaps an unreliable
 * skill for a better alternative. Nothing is saved until a separate, audited acceptance.
 */
export const workflowProposals = pgTable('workflow_proposals', {
  id: uuid('id').primaryKey(),
  workflowId: text('workflow_id').notNull(),
  baseVersion: text('base_version').notNull(),
  newVersion: text('new_version').notNull(),
  document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  findings: jsonb('findings').$type<unknown[]>().notNull(),
  reason: text('reason').notNull(),
  status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: text('decided_by'),
});
export type WorkflowProposalRow = typeof workflowProposals.$inferSelect;

/**
 * Archival memory (store_memory, spec §2.2/§4.3): insights and blocks such as `capability_gap`
 * and `workflow_update`, searchable by full text and trigram similarity.
 */
export const memories = pgTable(
  'memories',
  {
    id: uuid('id').primaryKey(),
    agentId: text('agent_id'),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memories_kind_idx').on(t.kind), index('memories_created_idx').on(t.createdAt)],
);
export type MemoryRow = typeof memories.$inferSelect;

/**
 * The skill catalog mirrored for search (search_embeddings over skill manifests, spec §2.2);
 * refreshed from the catalog directory at start.
 */
export const skillIndex = pgTable('skill_index', {
  uri: text('uri').primaryKey(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  capability: text('capability'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  text: text('text').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

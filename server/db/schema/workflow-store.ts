import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A version's lifecycle (issue 28, migration 0023): saved as a `draft`; `published` makes it the
 * version in use (at most one per workflow: what every start by workflow id runs); publishing a
 * newer one, or retiring it, makes it `retired`. Drafts and retired versions run only as test runs.
 */
export const WORKFLOW_VERSION_STATUSES = ['draft', 'published', 'retired'] as const;
export type WorkflowVersionStatus = (typeof WORKFLOW_VERSION_STATUSES)[number];

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
    /** The document's own `created_at` (as written in it); not when it was saved (`savedAt`). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<WorkflowVersionStatus>().notNull().default('draft'),
    /** When the row was inserted, and by whom (the audit actor's id and label). */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: text('saved_by').notNull().default('system'),
    savedByLabel: text('saved_by_label').notNull().default('system'),
    /** The person responsible for the save: the user, or the user behind the agent; null for the system (four eyes). */
    savedForUser: text('saved_for_user'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: text('published_by'),
    publishedByLabel: text('published_by_label'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    retiredBy: text('retired_by'),
    retiredByLabel: text('retired_by_label'),
    /** The version whose publication retired this one (null: retired by hand, or never retired). */
    supersededBy: text('superseded_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workflowId, t.version] }),
    index('workflow_documents_created_idx').on(t.createdAt),
    uniqueIndex('workflow_documents_one_published_idx')
      .on(t.workflowId)
      .where(sql`${t.status} = 'published'`),
    check('workflow_documents_status_check', sql`${t.status} in ('draft', 'published', 'retired')`),
  ],
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

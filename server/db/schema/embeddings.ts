import { integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Vectors for semantic search (search_embeddings with an embedding endpoint configured): one row
 * per searchable document (a saved workflow version, a skill, a memory) and embedding model.
 * Stored as `real[]` so the table exists on any PostgreSQL; where pgvector is installed (PGlite
 * always loads it) the distance is computed by pgvector (`embedding::vector <=> query`), else in
 * process. `content_hash` detects a document whose text changed since it was embedded.
 */
export const embeddings = pgTable(
  'embeddings',
  {
    kind: text('kind').$type<'workflow' | 'skill' | 'memory'>().notNull(),
    key: text('key').notNull(),
    model: text('model').notNull(),
    contentHash: text('content_hash').notNull(),
    dimensions: integer('dimensions').notNull(),
    embedding: real('embedding').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.model] })],
);
export type EmbeddingRow = typeof embeddings.$inferSelect;

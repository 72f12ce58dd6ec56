/** The whole Drizzle schema; drizzle-kit reads this file to generate db/migrations. */
export * from './users.ts';
export * from './sessions.ts';
export * from './audit.ts';
export * from './graph.ts';
export * from './workflow-store.ts';
export * from './embeddings.ts';
export * from './agents.ts';
export * from './chat.ts';
export * from './api-tokens.ts';
export * from './workflow-drafts.ts';
export * from './saved-run-filters.ts';
export * from './delegation.ts';
export * from './qa.ts';
export * from './qa-rollups.ts';
export * from './planning.ts';

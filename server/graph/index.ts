/**
 * The knowledge-graph port and its adapters (docs/ARCHITECTURE.md "Ports and adapters"). Entry points:
 * `createKnowledgeGraph` (adapter chosen by configuration), the outbox (`enqueueGraphWrite`,
 * `replayGraphOutbox`), and the port's types.
 */
export type * from './port.ts';
export { createKnowledgeGraph } from './factory.ts';
export { enqueueGraphWrite, replayGraphOutbox, pendingGraphWrites, type ReplayResult } from './outbox.ts';
export { applyGraphWrite } from './apply-write.ts';
export { createPostgresGraph } from './postgres/index.ts';
export { createNeo4jGraph } from './neo4j/index.ts';
export * from './schemas.ts';

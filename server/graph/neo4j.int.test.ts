import neo4j from 'neo4j-driver';
import { describe } from 'vitest';
import { defineKnowledgeGraphContract } from './contract.ts';
import { createNeo4jGraph } from './neo4j/index.ts';

/**
 * The same contract on a real Neo4j, when NEO4J_URI (and NEO4J_USER / NEO4J_PASSWORD) point to
 * one. This is the one skipped suite of the project, on purpose: no Neo4j server can run on these
 * machines (docs/ARCHITECTURE.md), so here the adapter is checked by statements.test.ts (every
 * statement parsed by Neo4j's Cypher parser) and adapter.test.ts (a recording fake driver).
 * The suite writes uniquely tagged nodes and leaves them: point it at a disposable database.
 */
describe.skipIf(!process.env.NEO4J_URI)('neo4j (NEO4J_URI)', () => {
  defineKnowledgeGraphContract('neo4j adapter', async ({ now }) => {
    const uri = process.env.NEO4J_URI!;
    const password = process.env.NEO4J_PASSWORD;
    const driver = neo4j.driver(uri, password === undefined ? undefined : neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', password));
    const graph = createNeo4jGraph(driver, {
      now,
      ownsDriver: true,
      ...(process.env.NEO4J_DATABASE ? { database: process.env.NEO4J_DATABASE } : {}),
    });
    return { graph, dispose: () => graph.close() };
  });
});

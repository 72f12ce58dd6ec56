import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { defineKnowledgeGraphContract } from './contract.ts';
import { createPostgresGraph } from './postgres/index.ts';

/** The embedded knowledge graph (tables in the app database), on PGlite and on PostgreSQL. */
defineKnowledgeGraphContract(`postgres adapter on ${testDbKind()}`, async ({ now }) => {
  const db = await createTestDatabase();
  const graph = createPostgresGraph(db.db, { now });
  return {
    graph,
    dispose: async () => {
      await graph.close();
      await db.dispose();
    },
  };
});

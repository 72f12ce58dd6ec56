import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const NOT_HERE = ['node_modules/**', 'e2e/**', '.next/**'];

/** The integration suite on one database adapter (`DCF_TEST_DB` selects it; see server/testing). */
const integration = (db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: { name: `int-${db}`, include: ['**/*.int.test.ts'], exclude: [...NOT_HERE, ...NO_DATABASE, NEO4J_CONTRACT], env: { DCF_TEST_DB: db }, testTimeout: 30_000, hookTimeout: 60_000 },
});

/**
 * Integration tests that use no database of the tier's (real Redis, MCP servers, worker processes,
 * or a database they open themselves: the embedded database's host and share, PostgreSQL's
 * statement limit), so they run once.
 */
const NO_DATABASE = [
  'server/controlplane/**', 'server/execution/**', 'server/skills/**', 'cli/**/*.int.test.ts', 'server/agents/letta/**/*.int.test.ts',
  'server/db/pglite-host.int.test.ts', 'server/db/pglite-share.int.test.ts', 'server/db/statement-timeout.int.test.ts',
];

/**
 * The graph contract on a real Neo4j runs only when NEO4J_URI names one: no Neo4j server can run
 * on these machines, where the adapter is checked by parsing every Cypher statement and by a
 * recording fake driver (server/graph/neo4j/*.test.ts) instead.
 */
const NEO4J_CONTRACT = 'server/graph/neo4j.int.test.ts';
if (process.env.NEO4J_URI) NO_DATABASE.push(NEO4J_CONTRACT);

/**
 * Test tiers by file name (docs/ARCHITECTURE.md): `*.test.ts` are pure and fast; `*.int.test.ts` use
 * real services (Redis, PGlite, PostgreSQL). The integration suite runs twice, once on PGlite and
 * once on PostgreSQL: the same tests on both adapters.
 */
export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.test.ts'], exclude: ['**/*.int.test.ts', ...NOT_HERE] } },
      integration('pglite'),
      integration('postgres'),
      { extends: true, test: { name: 'int-services', include: NO_DATABASE.map((g) => (g.endsWith('.ts') ? g : `${g}/*.int.test.ts`)), exclude: NOT_HERE, testTimeout: 60_000, hookTimeout: 60_000 } },
    ],
  },
});

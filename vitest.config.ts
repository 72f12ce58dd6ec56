import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { LongestFirstSequencer } from './scripts/vitest/sequencer.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const NOT_HERE = ['node_modules/**', 'e2e/**', '.next/**'];

/**
 * The integration suite on one database adapter (`DCF_TEST_DB` selects it; see server/testing):
 * PostgreSQL runs every integration test that uses a database; PGlite runs the contract subset —
 * the database adapter itself and the stores whose SQL is the product's figures and records
 * (PGLITE_CONTRACTS) — and everything else when DCF_PGLITE_FULL=1 (for a change to the embedded
 * adapter). The console's embedded default also runs under Playwright, which serves PGlite.
 *
 * Files share their worker's module graph (isolate: false: int-postgres measured 231 s → 91 s, its
 * imports 259 s → 21 s), except those that change state the whole process keeps (PROCESS_STATE), which
 * run in `int-<db>-isolated`.
 */
const integration = (db: 'pglite' | 'postgres') => {
  const include = db === 'pglite' && process.env.DCF_PGLITE_FULL !== '1' ? PGLITE_CONTRACTS : ['**/*.int.test.ts'];
  const test = {
    exclude: [...NOT_HERE, ...NO_DATABASE, NEO4J_CONTRACT, ...CLUSTER_ONLY],
    env: { DCF_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    { extends: true as const, test: { ...test, name: `int-${db}`, include, exclude: [...test.exclude, ...PROCESS_STATE], isolate: false } },
    { extends: true as const, test: { ...test, name: `int-${db}-isolated`, include: PROCESS_STATE.filter((f) => matchesAny(f, include)) } },
  ];
};

/** Whether `file` is one of `globs`: exact paths, or globs whose part before `**` is a folder's path (or empty). */
export const matchesAny = (file: string, globs: string[]) =>
  globs.some((g) => (g.includes('**') ? file.startsWith(g.slice(0, g.indexOf('**'))) : g === file));

/**
 * Integration files (of the database tiers) that change what the whole process keeps, and so would
 * leak into the files after them in a shared module graph: the in-process demo skills server starts
 * once per process with the first caller's faults and world (server/skills/invoke/in-process-demo.ts),
 * which `set_demo_faults` changes for everyone; and replaced modules (vi.mock). They run isolated;
 * scripts/vitest-isolation.test.ts keeps this list whole.
 */
export const PROCESS_STATE = [
  'server/agents/brains/planner/planner-seeded-catalog.int.test.ts',
  'server/app/worker-plans.int.test.ts',
  'server/delegation/feed/session-events-route.int.test.ts',
  'server/delegation/strategist-loop.int.test.ts',
  'server/evals/conductor-eval.int.test.ts',
  'server/evals/start.int.test.ts',
  'server/learning/learning-loop.int.test.ts',
  'server/learning/policy-compare/compare-policies.int.test.ts',
  'server/qa/exports.int.test.ts',
];

/**
 * What must hold on both databases: the adapter (migrations, locks, the PGlite host), the audit
 * chain, sessions and sign-in, the QA store and its figures (queue, summaries, exports, reviews),
 * the dashboard's queries, the knowledge graph's Postgres adapter, search and learning, the plan
 * tracker's store, the agents' inbox claim, and the Planner's answers from stored figures.
 */
const PGLITE_CONTRACTS = [
  'server/db/**/*.int.test.ts',
  'server/audit/**/*.int.test.ts',
  'server/auth/**/*.int.test.ts',
  'server/qa/**/*.int.test.ts',
  'server/dashboard/**/*.int.test.ts',
  'server/graph/**/*.int.test.ts',
  'server/learning/**/*.int.test.ts',
  'server/planning/**/*.int.test.ts',
  'server/agents/local/inbox.int.test.ts',
  'server/agents/brains/planner/planner-figures.int.test.ts',
  'server/health/**/*.int.test.ts',
];

/** Settings → Health's reads of Redis alone (issue 34), also run on a Redis Cluster: its memory is per node. */
const HEALTH_ON_REDIS = [
  'server/health/workers.int.test.ts',
  'server/health/queues.int.test.ts',
  'server/health/stream-lag.int.test.ts',
  'server/health/redis-memory.int.test.ts',
];

/**
 * Integration tests that use no database of the tier's (real Redis, MCP servers, worker processes,
 * or a database they open themselves: the embedded database's host and share, PostgreSQL's
 * statement limit), so they run once.
 */
export const NO_DATABASE = [
  'server/controlplane/**',
  'server/execution/**',
  'server/skills/**',
  'server/learning/accuracy/**',
  'cli/**/*.int.test.ts',
  'server/agents/letta/**/*.int.test.ts',
  'server/db/pglite-host.int.test.ts',
  'server/db/pglite-share.int.test.ts',
  'server/db/statement-timeout.int.test.ts',
  'server/db/migration-lock.int.test.ts',
  'server/agent-memory/atomic-crash.int.test.ts',
  'server/shutdown.int.test.ts',
  'scripts/**/*.int.test.ts',
  ...HEALTH_ON_REDIS,
];

/**
 * The control plane and the example workflows on a Redis Cluster (issue 32, `int-cluster`): the files
 * whose runs exercise every multi-key command (run creation's MULTI, leases and commits in Lua, Map
 * fan-out, dead letters, the run list's reads over many runs, redrive, the sweeper), so a command whose
 * keys leave one slot fails here with CROSSSLOT. A cluster has database 0 only, so the files take turns
 * (one worker) and each starts on a flushed cluster (server/testing/test-database.ts isolatedRedis).
 * npm test starts the cluster (scripts/lib.sh start_redis_cluster) and sets TEST_REDIS_CLUSTER_NODES;
 * without it the tier is left out.
 */
/** Files that assert a cluster's behaviour (CROSSSLOT) and so run in `int-cluster` only. */
export const CLUSTER_ONLY = ['server/redis/cluster-slots.int.test.ts'];
export const ON_REDIS_CLUSTER = [
  'server/execution/run-basics.int.test.ts',
  'server/execution/example-workflows.int.test.ts',
  'server/execution/idempotency.int.test.ts',
  'server/execution/map-batches.int.test.ts',
  'server/execution/redrive.int.test.ts',
  'server/execution/run-list.int.test.ts',
  'server/execution/sweeper.int.test.ts',
  ...HEALTH_ON_REDIS,
  ...CLUSTER_ONLY,
];

/**
 * The graph contract on a real Neo4j runs only when NEO4J_URI names one: no Neo4j server can run
 * on these machines, where the adapter is checked by parsing every Cypher statement and by a
 * recording fake driver (server/graph/neo4j/*.test.ts) instead.
 */
const NEO4J_CONTRACT = 'server/graph/neo4j.int.test.ts';
if (process.env.NEO4J_URI) NO_DATABASE.push(NEO4J_CONTRACT);

/**
 * Unit test files that replace modules with vi.mock/vi.doMock or stub globals: a module graph shared
 * with other files would carry the replacement into them (scripts/vitest-isolation.test.ts keeps
 * this list whole).
 */
export const REPLACES_MODULES = [
  'server/qa/generic-store.test.ts',
  'lib/analysis/results.test.ts',
  'components/editor/canvas/input-idle.test.ts',
];

/**
 * Test tiers by file name (docs/ARCHITECTURE.md): `*.test.ts` are pure and fast (no process spawned,
 * no service); `*.int.test.ts` use real services (Redis, PGlite, PostgreSQL, processes). Test files
 * run in parallel (DCF_TEST_WORKERS, default 3 — on two cores most integration files wait on Redis,
 * databases and child processes); each file has its own database and Redis database.
 */
export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    maxWorkers: Number(process.env.DCF_TEST_WORKERS) || 3,
    // The longest files start first (scripts/vitest/sequencer.ts), so no long file starts last.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // A unit test's budget is 20 s, not 5: the tiers share two cores, and scrypt or a parse of the whole tree is slow then.
      // Unit files share their worker's module graph (isolate: false; it cut the tier's imports from 151 s to 55 s),
      // except those that replace modules (vi.mock), which get a graph of their own.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: ['**/*.int.test.ts', ...NOT_HERE, ...REPLACES_MODULES],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: REPLACES_MODULES, exclude: NOT_HERE, testTimeout: 20_000 } },
      ...integration('pglite'),
      ...integration('postgres'),
      {
        extends: true,
        test: {
          name: 'int-services',
          include: NO_DATABASE.map((g) => (g.endsWith('.ts') ? g : `${g}/*.int.test.ts`)),
          exclude: NOT_HERE,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_REDIS_CLUSTER_NODES
        ? [
            {
              extends: true as const,
              test: {
                name: 'int-cluster',
                include: ON_REDIS_CLUSTER,
                exclude: NOT_HERE,
                env: { DCF_TEST_REDIS: 'cluster' },
                maxWorkers: 1,
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});

/**
 * The layering of docs/ARCHITECTURE.md "Boundaries checked in CI", checked by dependency-cruiser
 * (`npm run check:boundaries`, part of `npm test`). Type-only imports are not followed
 * (tsPreCompilationDeps: false): a component may name a server type, never run server code that
 * does I/O. Test files and test harnesses are left out: a test may wire anything together.
 */

/** Modules that do I/O: the file system, network, processes, and every database/queue/network client. */
const IO_CORE = ['fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'tls', 'dgram', 'dns', 'child_process', 'cluster', 'worker_threads'];
const IO_PACKAGES = [
  'ioredis',
  'pg',
  'pg-[a-z-]+',
  'drizzle-orm',
  '@electric-sql',
  'bullmq',
  'neo4j-driver',
  '@letta-ai',
  '@modelcontextprotocol',
  'pino',
  'pdfkit',
  'rate-limiter-flexible',
  'next/headers',
  'next/server',
  'server-only',
].map((p) => `node_modules/${p}(/|$)`);

module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'server/engine is the pure Letta-ASL core: no I/O, no adapter, nothing outside engine, lib, schemas and validation.',
      severity: 'error',
      from: { path: '^server/engine/' },
      to: {
        pathNot: [
          '^server/engine/',
          '^lib/',
          '^(node:)?crypto$',
          '^server/schemas/',
          '^server/validation/',
          '^node_modules/(re2js|ajv|ajv-formats|jsonata|zod)(/|$)',
        ],
      },
    },
    {
      name: 'engine-no-io-core',
      severity: 'error',
      from: { path: '^server/engine/' },
      to: { dependencyTypes: ['core'], path: `^(node:)?(${IO_CORE.join('|')})$` },
    },
    {
      name: 'components-reach-no-io',
      comment: 'Components run in the browser (or render on the server): they reach pure modules only, at any depth.',
      severity: 'error',
      from: { path: '^components/' },
      to: { reachable: true, path: [...IO_PACKAGES, `^(node:)?(${IO_CORE.join('|')})$`] },
    },
    {
      name: 'lib-is-shared-and-pure',
      comment: 'lib/ is shared by the browser and the server: it imports no server module and no I/O.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: ['^server/', '^components/', '^app/', ...IO_PACKAGES] },
    },
    {
      name: 'composition-root-on-top',
      comment:
        "server/app is the composition root: it builds the process's services and hands them to tRPC, MCP and the routes; " +
        'nothing under server/ reaches back up for them (issue 31: no service locator).',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/app/' },
      to: { path: '^server/app/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.next/', '\\.test\\.tsx?$', '\\.bench\\.ts$', '/testing/', '__fixtures__', '^e2e/', '^bench/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};

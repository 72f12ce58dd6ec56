/**
 * The layering of docs/ARCHITECTURE.md "Boundaries checked in CI", checked by dependency-cruiser
 * (`npm run check:boundaries`, part of `npm test`). Type-only imports are not followed
 * (tsPreCompilationDeps: true): a component may name a server type, never run server code that
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

/** The layers of LAYERS.md by folder. */
const DOMAIN =
  '^server/(execution|qa|learning|delegation|planning|collaboration|orchestration|schedules|notifications|dashboard|chat|workflows|' +
  'agent-memory)/';
const ADAPTERS = '^server/(controlplane|db|graph|redis|skills|auth|audit|http|cache)/';
const TOOLS = '^server/tools/';
const AGENTS = '^server/agents/';
const CONTRACTS = '^server/contracts/';
const ENGINE = '^server/(engine|validation|schemas)/';
const TRANSPORTS = ['^app/api/', '^server/trpc/', '^server/mcp/', '^cli/', '^instrumentation\\.ts$'];
/** The lib layer's files that live under server/: configuration, logging, the tool envelope. */
const LIB_IN_SERVER = '^server/(config[a-z-]*|log|tool-result)\\.ts$';

/**
 * @typedef {{ rule: string, from: string, to: string, why: string }} BoundaryException
 * @type {BoundaryException[]}
 */
const EXCEPTIONS = [];

module.exports = {
  /** Rules over every import, type-only imports included (tsPreCompilationDeps: true). */
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
    // The layer table of docs/ARCHITECTURE.md "Boundaries checked in CI" (design: LAYERS.md), one rule per layer's "may not import",
    // type imports counted. From the top: web, transports, composition root, brains, agent runtime, tools, domain,
    // contracts, adapters, engine, lib. EXCEPTIONS below lists, by path pair, what is not yet moved.
    {
      name: 'web-not-server-internals',
      comment:
        'Web (app/ pages, components/) may not import server domain or adapter modules: ' +
        '"share pure code through lib/" — what a page needs from the server comes through tRPC or the composition root.',
      severity: 'error',
      from: { path: ['^components/', '^app/'], pathNot: ['^app/api/'] },
      to: { path: [DOMAIN, ADAPTERS, TOOLS, AGENTS] },
    },
    {
      name: 'transports-receive-services',
      comment:
        'Transports (app/api/, server/trpc, server/mcp, cli/, instrumentation.ts) may not use "the composition root as a locator: ' +
        'services are handed in". A route asks server/app for a handler that is built from the services; it never imports services.ts.',
      severity: 'error',
      from: { path: TRANSPORTS },
      to: { path: '^server/app/services\\.ts$' },
    },
    {
      name: 'brains-not-transports',
      comment: 'Brains (server/agents/brains) may not import transports: a brain works through tools, never through tRPC, MCP or a route.',
      severity: 'error',
      from: { path: '^server/agents/brains/' },
      to: { path: TRANSPORTS },
    },
    {
      name: 'agent-runtime-not-brain-internals',
      comment:
        "The agent runtime (server/agents outside brains) may not import brains' internals: it picks a brain through " +
        "brains/select.ts and speaks to it through brains/brain.ts, never into a role's folder.",
      severity: 'error',
      from: { path: '^server/agents/', pathNot: '^server/agents/brains/' },
      to: { path: '^server/agents/brains/', pathNot: '^server/agents/brains/(brain|select)\\.ts$' },
    },
    {
      name: 'tools-not-above',
      comment: 'Tools (server/tools) may not import brains, transports or the composition root: the tool layer is served by them.',
      severity: 'error',
      from: { path: TOOLS },
      to: { path: ['^server/agents/brains/', '^server/app/', ...TRANSPORTS] },
    },
    {
      name: 'domain-not-above',
      comment:
        'Domain modules may not import tools, brains, agent platforms or transports: the ports they need ' +
        '(agent platform, tool services, graph, planning, audit actor) live in server/contracts.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: [TOOLS, AGENTS, '^server/app/', ...TRANSPORTS] },
    },
    {
      name: 'contracts-not-above',
      comment: 'Contracts (server/contracts: the ports and the types they carry) may not import anything above them.',
      severity: 'error',
      from: { path: CONTRACTS },
      to: { path: [DOMAIN, TOOLS, AGENTS, '^server/app/', ...TRANSPORTS, '^components/', '^app/'] },
    },
    {
      name: 'adapters-not-above',
      comment:
        'Adapters (controlplane, db, graph, redis, skills, auth, audit, http) may not import domain, tools or agents: ' +
        "a table or a client never holds a domain module's types. The tables' jsonb shapes live in lib/: server/contracts names " +
        'server/db and server/skills, so their imports back into it are refused as a typed subsystem cycle (scripts/check-boundaries.ts).',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: [DOMAIN, TOOLS, AGENTS, '^server/app/', ...TRANSPORTS] },
    },
    {
      name: 'engine-layer-no-io',
      comment: 'Engine (server/engine, validation, schemas) may not import "anything with I/O".',
      severity: 'error',
      from: { path: ENGINE },
      to: { path: [...IO_PACKAGES, `^(node:)?(${IO_CORE.join('|')})$`, DOMAIN, ADAPTERS, TOOLS, AGENTS, CONTRACTS] },
    },
    {
      name: 'lib-layer-not-server',
      comment: 'Lib (lib/, server config, logging, tool results) may not import "anything in server/" outside that layer.',
      severity: 'error',
      from: { path: LIB_IN_SERVER },
      to: { path: '^server/', pathNot: LIB_IN_SERVER },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  /**
   * Rules over what runs: checked on a second cruise that follows value imports only (type-only imports are erased
   * when compiled, so they cannot bring I/O into the browser bundle).
   */
  runtimeForbidden: [
    {
      name: 'components-reach-no-io',
      comment: 'Components run in the browser (or render on the server): they reach pure modules only, at any depth.',
      severity: 'error',
      from: { path: '^components/' },
      to: { reachable: true, path: [...IO_PACKAGES, `^(node:)?(${IO_CORE.join('|')})$`] },
    },
  ],
  /**
   * Violations not yet fixed, each by exact path pair and reason (scripts/check-boundaries.ts drops them and prints
   * how many). Never a pattern: a new import that breaks a rule is
   * reported, and an exception that no longer matches fails the check (stale).
   */
  exceptions: EXCEPTIONS,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.next/', '\\.test\\.tsx?$', '\\.bench\\.ts$', '/testing/', '__fixtures__', '^e2e/', '^bench/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};

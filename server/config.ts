import path from 'node:path';
import { z } from 'zod';
import { optionalUrl } from './config-url.ts';
import { parseSkillEndpoints, type SkillEndpoint } from './config-skill-endpoints.ts';
import { NOTIFICATION_ENV, notificationsConfig, type NotificationsConfig } from './config-notifications.ts';
import { auditAnchorConfig, DURABILITY_ENV, streamsConfig, type AuditAnchorConfig, type StreamsConfig } from './config-durability.ts';
import { GUARD_ENV, guardsConfig, type GuardsConfig } from './config-guards.ts';
import { isCostTable, isJsonObject, isTaskBudget, policySplitOf, type SplitStrategy, type TaskBudget } from './config-planning.ts';

/**
 * The one configuration module (docs/ARCHITECTURE.md "Conventions"). Every setting the server, the
 * worker and the CLI read comes from here, validated once with zod. A bad or missing setting is
 * reported by name with what was expected, all at once, so an operator fixes them in one pass.
 *
 * Embedded defaults: with nothing set, data lives under `.data/` (PGlite, Redis AOF, session
 * secret) and the run script starts a local `redis-server` and exports REDIS_URL.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Root folder for embedded data (PGlite, Redis AOF, generated secrets). */
  DCF_DATA_DIR: z.string().min(1).default('.data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'PostgreSQL'),
  /** PostgreSQL cuts a statement that runs longer than this (ms; 0: no limit). PGlite cannot enforce one. */
  DCF_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Redis connection string; the run script sets it to the local redis-server it starts. */
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'Redis'),
  /** Neo4j Bolt URL; when unset the knowledge graph lives in Postgres tables. */
  NEO4J_URI: optionalUrl(['bolt:', 'bolt+s:', 'bolt+ssc:', 'neo4j:', 'neo4j+s:', 'neo4j+ssc:'], 'Neo4j'),
  NEO4J_USER: z.string().default('neo4j'),
  NEO4J_PASSWORD: z.string().optional(),
  /** Letta server base URL; when unset the local in-process agent runtime is used. */
  LETTA_BASE_URL: optionalUrl(['http:', 'https:'], 'HTTP'),
  LETTA_API_KEY: z.string().optional(),
  /**
   * Who serves a run's Task states: `in-process` workers, or `platform` agents (Letta or local, from
   * agents/templates/worker.af); `auto` = platform with Letta, else in-process.
   */
  DCF_WORKER_AGENTS: z.enum(['auto', 'in-process', 'platform']).default('auto'),
  /** Bearer token Letta presents to this console's MCP endpoint (create one with write scope in Settings → API tokens). */
  LETTA_MCP_TOKEN: z.string().optional(),
  /** Secret for signing session cookies, at least 32 characters. Generated under DCF_DATA_DIR when unset. */
  SESSION_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  /** Session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** Directory of skill manifests that forms the skill catalog. */
  DCF_SKILLS_DIR: z.string().min(1).default('skills'),
  /** Directory of example/seed workflows. */
  DCF_WORKFLOWS_DIR: z.string().min(1).default('workflows'),
  /** Seed one demo user per role (embedded default; never enable in production). */
  DCF_DEMO_USERS: booleanFlag,
  /** First admin for a fresh production database: created at start when no admin exists yet. */
  DCF_ADMIN_EMAIL: z.string().trim().email().optional(),
  DCF_ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 12, { message: 'must be at least 12 characters' }),
  /** Public base URL of the console (callback URLs handed to skills, e.g. a run's webhook); default http://localhost:PORT. */
  DCF_PUBLIC_URL: optionalUrl(['http:', 'https:'], 'HTTP'),
  /**
   * Lease TTL in seconds for a state being worked on. Short, because a dead holder's state runs
   * again only once its lease lapses; the holder renews it every TTL/3 while it works, and BullMQ's
   * stall detection and the sweeper are timed from it too (execution/lease-timing.ts).
   */
  DCF_LEASE_TTL_S: z.coerce.number().int().min(1).max(86_400).default(15),
  /** How long one skill tool call may take before it fails with TimeoutError (spec §4.1: 120 s). */
  DCF_SKILL_TIMEOUT_S: z.coerce.number().min(0.05).max(86_400).default(120),
  /** Jobs one worker process runs at once (the console's embedded workers and `dcf worker`). */
  DCF_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** Whether the console server runs workers itself (the embedded default); `false` leaves it to `dcf worker` processes. */
  DCF_EMBEDDED_WORKERS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1' || v === 'yes'),
  /** How a worker chooses among alternative skills after a failure (tool-call-planning-drr ExploitExplorePolicy). */
  DCF_SKILL_POLICY: z.enum(['Greedy', 'EpsilonGreedy', 'UCB', 'ThompsonSampling']).default('ThompsonSampling'),
  /**
   * A live split of the swap decisions between two strategies (issue 17, compare_policies), e.g.
   * `UCB,ThompsonSampling`: each decision goes to one by a hash of its run and state; empty = off.
   */
  DCF_POLICY_SPLIT: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === '' || policySplitOf(v) !== null, {
      message:
        'must be two different strategies separated by a comma or a colon (Greedy, EpsilonGreedy, UCB, ' +
        'ThompsonSampling), e.g. UCB,ThompsonSampling, or empty for no split',
    })
    .transform((v) => (v === undefined || v.trim() === '' ? null : policySplitOf(v))),
  /**
   * Base URL that skill manifests' MCP endpoints (e.g. `ws://mcp-server:8765`) resolve to; unset = the demo skills
   * server started in-process.
   */
  DCF_MCP_BASE_URL: optionalUrl(['http:', 'https:'], 'HTTP'),
  /** MCP servers per skill or group, `key=url,…` (config-skill-endpoints.ts); DCF_MCP_BASE_URL serves the rest. */
  DCF_MCP_ENDPOINTS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const r = parseSkillEndpoints(v);
      if (!r.ok)
        ctx.addIssue({ code: 'custom', message: `must be key=url pairs separated by commas (e.g. crm=http://a:9001/mcp): ${r.error}` });
    })
    .transform((v) => {
      const r = parseSkillEndpoints(v);
      return r.ok ? r.endpoints : [];
    }),
  /** The lender's world the in-process demo skills server serves (server/skills/demo/worlds): `demo` or `second-lender`. */
  // An unknown id fails the demo server's start, naming the known worlds (worlds/index.ts).
  DCF_DEMO_WORLD: z.string().trim().min(1).optional(),
  /** Demo skill fault injection: JSON keyed by skill name, e.g. `{"whisper-transcribe":{"failure_rate":0.2}}`. */
  DCF_DEMO_FAULTS: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === '' || isJsonObject(v), { message: 'must be a JSON object keyed by skill name' })
    .transform((v) => (v === undefined || v.trim() === '' ? {} : (JSON.parse(v) as Record<string, unknown>))),
  /** Seed of the demo skills' pseudo-random fault draws (same seed, same sequence). */
  DCF_DEMO_SEED: z.coerce.number().int().default(1),
  /** Base URL of an OpenAI-compatible embeddings API (`POST {url}/embeddings`); with DCF_EMBEDDING_MODEL it turns on semantic search. */
  DCF_EMBEDDING_URL: optionalUrl(['http:', 'https:'], 'HTTP'),
  /** Embedding model name sent to DCF_EMBEDDING_URL, e.g. `text-embedding-3-small`. */
  DCF_EMBEDDING_MODEL: z.string().trim().min(1).optional(),
  /** Bearer token for DCF_EMBEDDING_URL (optional for local endpoints). */
  DCF_EMBEDDING_API_KEY: z.string().optional(),
  /**
   * Base URL of an OpenAI-compatible chat-completions API for the local agent runtime's `openai` brain; default
   * https://api.openai.com/v1.
   */
  OPENAI_BASE_URL: optionalUrl(['http:', 'https:'], 'HTTP'),
  /** Bearer token for OPENAI_BASE_URL (optional for local endpoints). */
  OPENAI_API_KEY: z.string().optional(),
  /**
   * Chat model for the local agent runtime; when set, local agents think with it (function calling), else with the
   * deterministic brains.
   */
  OPENAI_MODEL: z.string().trim().min(1).optional(),
  /**
   * Decisions (model requests) a local agent may take in one turn; at the limit the turn ends with a final answer of
   * what was done and what is left.
   */
  DCF_AGENT_MAX_STEPS: z.coerce.number().int().min(1).max(200).default(24),
  /**
   * The date the Planner takes as today for "last week" etc. (ISO date or date-time); unset = the real clock.
   * `npm start` pins it to the demo dataset (2024-07-08).
   */
  DCF_CLOCK: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || (/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v))), {
      message: 'must be an ISO date (2024-07-08) or date-time',
    })
    .transform((v) => (v ? v : undefined)),
  /**
   * Seed the example workflows of workflows/catalog.json at start (their lineage included); `false` starts with an
   * empty catalog, as in the spec's scenario 1.
   */
  DCF_SEED_WORKFLOWS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1' || v === 'yes'),
  /**
   * Fill the demo history (the demo dataset's calls analysed by real runs) at start when the QA store is empty;
   * `npm start` turns it on.
   */
  DCF_DEMO_HISTORY: booleanFlag,
  /**
   * Four eyes on workflow versions (issue 28): when on, whoever publishes a version must not be who saved it (an
   * agent counts as the user behind it). Default off.
   */
  DCF_PUBLISH_FOUR_EYES: booleanFlag,
  /** Most Companions one delegated-mode session may hold at once; the Conductor reuses idle ones before it creates more. */
  DCF_COMPANION_POOL_MAX: z.coerce.number().int().min(1).max(64).default(4),
  /** How long send_message_to_agent_and_wait_for_reply waits for the other agent's reply (seconds). */
  DCF_AGENT_REPLY_TIMEOUT_S: z.coerce.number().min(1).max(3600).default(120),
  // Agent memory files (issue 18, spec §4): server/agent-memory/.
  /** Bytes all of one agent's memory files may take together (DCF_DATA_DIR/agent-memory/<agent id>/); default 32 MiB. */
  DCF_AGENT_MEMORY_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 ** 4)
    .default(32 * 1024 * 1024),
  /** Bytes one agent memory file may hold (a write or an append over it is refused); default 1 MiB. */
  DCF_AGENT_MEMORY_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 ** 3)
    .default(1024 * 1024),
  /**
   * Most live tokens spawn_agent may mint under one root token (issue 29, server/auth/token-lineage.ts); a caller
   * without a token (a user's console, an in-process agent, the CLI) may hold this many spawned roots. Default 20.
   */
  DCF_SPAWN_MAX_PER_ROOT: z.coerce.number().int().min(0).max(10_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Map limits (issue 14): one Map must not block Redis, whatever its input.
  /** Most items one Map state iterates over; more fails the state with States.Runtime. */
  DCF_MAP_MAX_ITEMS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Most Map iterations started by one control-plane commit (one Lua call); the rest follow in further commits. */
  DCF_MAP_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  // Sign-in throttling and request sources (issue 14): server/auth/sign-in-throttle.ts, server/http/.
  /** Failed sign-ins one email may have per window before further attempts are refused until the window ends. */
  DCF_SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed sign-ins one source address (an IPv6 /64) may have per window, across all emails. */
  DCF_SIGNIN_MAX_FAILURES_PER_SOURCE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** The sign-in throttle's window in minutes: counting starts at a first failure and ends this long after it. */
  DCF_SIGNIN_WINDOW_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * Days a successful sign-in of an account from a source is remembered: that account may still sign
   * in from there once the source's failures are used up (issue 29).
   */
  DCF_SIGNIN_KNOWN_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Reverse proxies in front that append to X-Forwarded-For; 0 = none (the header is the client's claim: ignored). */
  DCF_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  // Tool-call planning (issue 17): server/planning/.
  /** The sentinel's mode where an agent's template sets none: `report` findings, or `enforce` budgets by refusing calls. */
  DCF_SENTINEL_MODE: z.enum(['report', 'enforce']).default('report'),
  /**
   * The budget a Conductor hands each Companion task unless the Strategist has set one: a JSON
   * ResourceBudget, e.g. `{"maxToolCalls":40,"maxLatency":600000,"maxCost":200}`; unset, sized from the task.
   */
  DCF_COMPANION_TASK_BUDGET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === '' || isTaskBudget(v), {
      message:
        'must be a JSON object with any of maxToolCalls, maxLatency (ms; whole numbers ≥ 0), maxCost ' +
        '(units ≥ 0) and scaleFactor (> 0), and nothing else',
    })
    .transform((v) => (v === undefined || v.trim() === '' ? null : (JSON.parse(v) as TaskBudget))),
  /**
   * Cost units per call: JSON keyed by tool name, `skill:<skill name>`, `default` (any tool, 1) or `skill:default`
   * (any skill, 1), e.g. `{"invoke_skill_tool":2,"skill:whisper-transcribe":10}`.
   */
  DCF_TOOL_COSTS: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === '' || isCostTable(v), {
      message: 'must be a JSON object of tool names, skill:<name>, default or skill:default to cost units (numbers ≥ 0)',
    })
    .transform((v) => (v === undefined || v.trim() === '' ? {} : (JSON.parse(v) as Record<string, number>))),
  ...DURABILITY_ENV,
  ...NOTIFICATION_ENV,
  ...GUARD_ENV,
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Absolute path of the project root (where package.json lives); relative settings resolve from it. */
  rootDir: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; statementTimeoutMs: number };
  redisUrl: string | undefined;
  graph: { kind: 'postgres' } | { kind: 'neo4j'; uri: string; user: string; password: string | undefined };
  agentRuntime: { kind: 'local' } | { kind: 'letta'; baseUrl: string; apiKey: string | undefined; mcpToken: string | undefined };
  sessionSecret: string | undefined;
  sessionTtlHours: number;
  skillsDir: string;
  workflowsDir: string;
  demoUsers: boolean;
  bootstrapAdmin: { email: string; password: string } | undefined;
  /** Workflow execution (issue 3): leases, skill-call timeout, worker processes, who serves Task states. */
  execution: {
    leaseTtlS: number;
    skillTimeoutS: number;
    workerConcurrency: number;
    embeddedWorkers: boolean;
    publicUrl: string;
    workerAgents: 'in-process' | 'platform';
    /** Map limits: items per Map state, iterations started per commit. */
    mapMaxItems: number;
    mapBatchSize: number;
  };
  /** Skill transports: where MCP endpoints resolve, demo fault injection. */
  skillTransport: {
    mcpBaseUrl: string | undefined;
    endpoints: SkillEndpoint[];
    demoFaults: Record<string, unknown>;
    demoSeed: number;
    demoWorld: string | undefined;
  };
  /** The explore/exploit strategy workers use to pick an alternative skill. */
  skillPolicy: 'Greedy' | 'EpsilonGreedy' | 'UCB' | 'ThompsonSampling';
  /** DCF_POLICY_SPLIT: the two strategies a live split shares the swap decisions between, or null (off). */
  policySplit: readonly [SplitStrategy, SplitStrategy] | null;
  /** Semantic search (search_embeddings): an OpenAI-compatible embeddings endpoint, or lexical search only when unset. */
  embeddings: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  /** The local agent runtime's brain: an OpenAI-compatible chat-completions endpoint, or the deterministic brains per role. */
  agentBrain: { kind: 'openai'; baseUrl: string; model: string; apiKey: string | undefined } | { kind: 'deterministic' };
  /** Decisions a local agent may take in one turn (DCF_AGENT_MAX_STEPS) before the loop asks for its final answer. */
  agentMaxSteps: number;
  /** Pinned "today" for relative dates (DCF_CLOCK), or undefined for the real clock. */
  clock: string | undefined;
  seedWorkflows: boolean;
  /** Fill the demo history at start (scripts/setup.ts) when the QA store is empty. */
  demoHistory: boolean;
  /** DCF_PUBLISH_FOUR_EYES: a workflow version is published by someone other than who saved it. */
  publishFourEyes: boolean;
  /** Delegated mode: the Companion pool's size per session, and how long an agent waits for another's reply. */
  /** `taskBudget`: DCF_COMPANION_TASK_BUDGET, seeded into each session's companion_strategy.task_budget. */
  delegation: { poolMax: number; replyTimeoutS: number; taskBudget: TaskBudget | null };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Sign-in throttling: failures per email and per source in a window (server/auth/sign-in-throttle.ts). */
  signIn: { accountFailures: number; sourceFailures: number; windowSeconds: number; knownSeconds: number };
  /** HTTP: how many trusted reverse proxies append to X-Forwarded-For (server/http/request-source.ts). */
  http: { trustedProxies: number };
  /** Tool-call planning: the deployment's sentinel mode and the cost units of tools and skills (DCF_TOOL_COSTS). */
  planning: { sentinelMode: 'report' | 'enforce'; toolCosts: Record<string, number> };
  /** Agent memory files (issue 18, server/agent-memory/): the per-agent quota and the per-file limit in bytes. */
  agentMemory: { quotaBytes: number; maxFileBytes: number };
  /** Most live spawned tokens per lineage origin (DCF_SPAWN_MAX_PER_ROOT, issue 29, server/auth/token-lineage.ts). */
  spawnMaxPerRoot: number;
  /** Audit chain anchors (issue 28, server/audit/anchor-*.ts): the anchor file, the period of the periodic anchor. */
  audit: AuditAnchorConfig;
  /** Durable streams (issue 28): when an idle entry is claimed, after how many deliveries a failing one is dead-lettered. */
  streams: StreamsConfig;
  /** Notifications (issue 18): SMTP for EMAIL, the Telegram Bot API for TELEGRAM, retries (server/notifications/). */
  notifications: NotificationsConfig;
  /** Issue 29: schedule interval and per-owner cap, the notification rate, the MCP endpoint's host names. */
  guards: GuardsConfig;
};

/** Thrown when the environment is invalid; `problems` has one line per bad setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment into an AppConfig. Pure: pass `env` explicitly in tests.
 * `rootDir` anchors relative paths (defaults to the current working directory).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, rootDir = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? '(environment)');
        const value = env[name];
        const shown =
          value === undefined ? 'unset' : name.match(/SECRET|PASSWORD|KEY|SMTP_URL|BOT_TOKEN/) ? 'hidden' : JSON.stringify(value);
        return `${name} (${shown}): ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  if (!!e.DCF_EMBEDDING_URL !== !!e.DCF_EMBEDDING_MODEL) {
    throw new ConfigError([
      `${e.DCF_EMBEDDING_URL ? 'DCF_EMBEDDING_MODEL' : 'DCF_EMBEDDING_URL'} (unset): DCF_EMBEDDING_URL and DCF_EMBEDDING_MODEL go together`,
    ]);
  }
  if (e.OPENAI_BASE_URL && !e.OPENAI_MODEL) {
    throw new ConfigError(['OPENAI_MODEL (unset): OPENAI_BASE_URL needs OPENAI_MODEL (the chat model the local agents use)']);
  }
  if (!!e.DCF_ADMIN_EMAIL !== !!e.DCF_ADMIN_PASSWORD) {
    throw new ConfigError([
      `${e.DCF_ADMIN_EMAIL ? 'DCF_ADMIN_PASSWORD' : 'DCF_ADMIN_EMAIL'} (unset): DCF_ADMIN_EMAIL and DCF_ADMIN_PASSWORD go together`,
    ]);
  }
  if (e.DCF_AGENT_MEMORY_MAX_FILE_BYTES > e.DCF_AGENT_MEMORY_QUOTA_BYTES) {
    throw new ConfigError([
      `DCF_AGENT_MEMORY_MAX_FILE_BYTES ("${e.DCF_AGENT_MEMORY_MAX_FILE_BYTES}"): must not exceed ` +
        `DCF_AGENT_MEMORY_QUOTA_BYTES (${e.DCF_AGENT_MEMORY_QUOTA_BYTES})`,
    ]);
  }
  // Runtime paths from configuration: not bundle inputs, so Turbopack must not trace them.
  const abs = (p: string) => (path.isAbsolute(p) ? p : path.join(/*turbopackIgnore: true*/ rootDir, p));
  const dataDir = abs(e.DCF_DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    rootDir,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, statementTimeoutMs: e.DCF_STATEMENT_TIMEOUT_MS }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL,
    graph: e.NEO4J_URI ? { kind: 'neo4j', uri: e.NEO4J_URI, user: e.NEO4J_USER, password: e.NEO4J_PASSWORD } : { kind: 'postgres' },
    agentRuntime: e.LETTA_BASE_URL
      ? { kind: 'letta', baseUrl: e.LETTA_BASE_URL, apiKey: e.LETTA_API_KEY, mcpToken: e.LETTA_MCP_TOKEN }
      : { kind: 'local' },
    sessionSecret: e.SESSION_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    skillsDir: abs(e.DCF_SKILLS_DIR),
    workflowsDir: abs(e.DCF_WORKFLOWS_DIR),
    demoUsers: e.DCF_DEMO_USERS,
    bootstrapAdmin: e.DCF_ADMIN_EMAIL && e.DCF_ADMIN_PASSWORD ? { email: e.DCF_ADMIN_EMAIL, password: e.DCF_ADMIN_PASSWORD } : undefined,
    execution: {
      leaseTtlS: e.DCF_LEASE_TTL_S,
      skillTimeoutS: e.DCF_SKILL_TIMEOUT_S,
      workerConcurrency: e.DCF_WORKER_CONCURRENCY,
      embeddedWorkers: e.DCF_EMBEDDED_WORKERS,
      publicUrl: (e.DCF_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      workerAgents: e.DCF_WORKER_AGENTS === 'auto' ? (e.LETTA_BASE_URL ? 'platform' : 'in-process') : e.DCF_WORKER_AGENTS,
      mapMaxItems: e.DCF_MAP_MAX_ITEMS,
      mapBatchSize: e.DCF_MAP_BATCH_SIZE,
    },
    skillTransport: {
      mcpBaseUrl: e.DCF_MCP_BASE_URL,
      endpoints: e.DCF_MCP_ENDPOINTS,
      demoFaults: e.DCF_DEMO_FAULTS,
      demoSeed: e.DCF_DEMO_SEED,
      demoWorld: e.DCF_DEMO_WORLD,
    },
    skillPolicy: e.DCF_SKILL_POLICY,
    policySplit: e.DCF_POLICY_SPLIT,
    embeddings:
      e.DCF_EMBEDDING_URL && e.DCF_EMBEDDING_MODEL
        ? { baseUrl: e.DCF_EMBEDDING_URL.replace(/\/+$/, ''), model: e.DCF_EMBEDDING_MODEL, apiKey: e.DCF_EMBEDDING_API_KEY }
        : undefined,
    agentBrain: e.OPENAI_MODEL
      ? {
          kind: 'openai',
          baseUrl: (e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
          model: e.OPENAI_MODEL,
          apiKey: e.OPENAI_API_KEY,
        }
      : { kind: 'deterministic' },
    agentMaxSteps: e.DCF_AGENT_MAX_STEPS,
    clock: e.DCF_CLOCK,
    seedWorkflows: e.DCF_SEED_WORKFLOWS,
    demoHistory: e.DCF_DEMO_HISTORY,
    publishFourEyes: e.DCF_PUBLISH_FOUR_EYES,
    delegation: {
      poolMax: e.DCF_COMPANION_POOL_MAX,
      replyTimeoutS: e.DCF_AGENT_REPLY_TIMEOUT_S,
      taskBudget: e.DCF_COMPANION_TASK_BUDGET,
    },
    logLevel: e.LOG_LEVEL,
    signIn: {
      accountFailures: e.DCF_SIGNIN_MAX_FAILURES,
      sourceFailures: e.DCF_SIGNIN_MAX_FAILURES_PER_SOURCE,
      windowSeconds: e.DCF_SIGNIN_WINDOW_MIN * 60,
      knownSeconds: e.DCF_SIGNIN_KNOWN_DAYS * 86_400,
    },
    http: { trustedProxies: e.DCF_TRUSTED_PROXIES },
    planning: { sentinelMode: e.DCF_SENTINEL_MODE, toolCosts: e.DCF_TOOL_COSTS },
    agentMemory: { quotaBytes: e.DCF_AGENT_MEMORY_QUOTA_BYTES, maxFileBytes: e.DCF_AGENT_MEMORY_MAX_FILE_BYTES },
    spawnMaxPerRoot: e.DCF_SPAWN_MAX_PER_ROOT,
    audit: auditAnchorConfig(e, dataDir, abs),
    streams: streamsConfig(e),
    notifications: notificationsConfig(e),
    guards: guardsConfig(e),
  };
}

let cached: AppConfig | undefined;

/** The process-wide configuration, parsed on first use. */
export function config(): AppConfig {
  cached ??= loadConfig();
  return cached;
}

/** Every variable the schema reads: docs/configuration.md documents exactly these (scripts/readme.test.ts). */
export const CONFIG_KEYS = Object.keys(envSchema.shape);

import { z } from 'zod';
import { optionalUrl } from './config-url.ts';
import { parseClusterNodes } from './config-redis.ts';
import { parseSkillEndpoints } from './config-skill-endpoints.ts';
import { NOTIFICATION_ENV } from './config-notifications.ts';
import { DURABILITY_ENV } from './config-durability.ts';
import { GUARD_ENV } from './config-guards.ts';
import { isCostTable, isJsonObject, isTaskBudget, policySplitOf, type TaskBudget } from './config-planning.ts';

/**
 * The environment variables the configuration reads, each validated with what it expects
 * (server/config.ts turns the parsed environment into AppConfig). docs/configuration.md documents
 * exactly these keys (scripts/readme.test.ts).
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
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
  /**
   * A Redis Cluster instead of one server (issue 32): seed nodes `host:port,host:port,…`, each may be
   * written `redis://[user:password@]host:port` (`rediss://` for TLS) to give the cluster's credentials.
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .superRefine((v, ctx) => {
      const r = v === undefined ? null : parseClusterNodes(v);
      if (r && 'error' in r) ctx.addIssue({ code: 'custom', message: r.error });
    }),
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
   * Skill URIs (comma-separated) the console does not calibrate in the background (server/learning/accuracy): tests and
   * e2e servers skip pocketsphinx, whose calibration recognises minutes of audio; `dcf calibrate-accuracy --skill`
   * still measures them. Default: none skipped.
   */
  DCF_CALIBRATION_SKIP: z
    .string()
    .max(4000)
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(500)).max(50)),
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

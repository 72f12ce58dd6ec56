import path from 'node:path';
import type { z } from 'zod';
import { envSchema } from './config-env.ts';
import { parseClusterNodes, type RedisTarget } from './config-redis.ts';
import type { SkillEndpoint } from './config-skill-endpoints.ts';
import { notificationsConfig, type NotificationsConfig } from './config-notifications.ts';
import { auditAnchorConfig, streamsConfig, type AuditAnchorConfig, type StreamsConfig } from './config-durability.ts';
import { guardsConfig, type GuardsConfig } from './config-guards.ts';
import type { SplitStrategy, TaskBudget } from './config-planning.ts';

/**
 * The one configuration module (docs/ARCHITECTURE.md "Conventions"). Every setting the server, the
 * worker and the CLI read comes from here, validated once with zod. A bad or missing setting is
 * reported by name with what was expected, all at once, so an operator fixes them in one pass.
 *
 * Embedded defaults: with nothing set, data lives under `.data/` (PGlite, Redis AOF, session
 * secret) and the run script starts a local `redis-server` and exports REDIS_URL.
 */

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Absolute path of the project root (where package.json lives); relative settings resolve from it. */
  rootDir: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; statementTimeoutMs: number };
  /** REDIS_URL or REDIS_CLUSTER_NODES (config-redis.ts); undefined: no Redis (the run script starts one and sets REDIS_URL). */
  redis: RedisTarget | undefined;
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
  /** DCF_CALIBRATION_SKIP: skills the background calibration leaves unmeasured (server/learning/accuracy/background.ts). */
  calibrationSkip: readonly string[];
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
          value === undefined
            ? 'unset'
            : name.match(/SECRET|PASSWORD|KEY|SMTP_URL|BOT_TOKEN|REDIS_CLUSTER_NODES/)
              ? 'hidden'
              : JSON.stringify(value);
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
  if (e.REDIS_URL && e.REDIS_CLUSTER_NODES) {
    throw new ConfigError(['REDIS_CLUSTER_NODES (set): REDIS_URL and REDIS_CLUSTER_NODES name two Redis deployments; set one']);
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
    redis: redisTargetOf(e.REDIS_URL, e.REDIS_CLUSTER_NODES),
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
    calibrationSkip: e.DCF_CALIBRATION_SKIP,
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

/** The Redis the settings name (their syntax was checked by envSchema). */
function redisTargetOf(url: string | undefined, clusterNodes: string | undefined): RedisTarget | undefined {
  if (url) return { kind: 'single', url };
  if (!clusterNodes) return undefined;
  const cluster = parseClusterNodes(clusterNodes);
  if ('error' in cluster) throw new ConfigError([`REDIS_CLUSTER_NODES: ${cluster.error}`]);
  return cluster;
}

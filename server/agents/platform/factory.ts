import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import type { AgentPlatform } from '../../contracts/agent-platform.ts';

/** How this process takes part (local runtime only). */
export interface AgentPlatformOptions {
  /** Whether this process delivers messages other processes queued (default true; see LocalAgentPlatformOptions.sweepInbox). */
  sweepInbox?: boolean;
}

/**
 * The agent platform configuration asks for: Letta when LETTA_BASE_URL is set (our MCP endpoint
 * registered with it, so its agents call our tools), else the local runtime on the app database
 * (brains from OPENAI_* or the deterministic ones) with delegated mode's message gate and, when
 * REDIS_URL is set, each agent's cross-process turn lease on a Redis connection of its own. Adapters
 * are imported on demand so a process only loads the one it uses.
 */
export async function createAgentPlatform(
  config: AppConfig,
  db: Db,
  toolServices: ToolServices,
  log?: Logger,
  opts: AgentPlatformOptions = {},
): Promise<AgentPlatform> {
  const runtime = config.agentRuntime;
  if (runtime.kind === 'letta') {
    const [{ connectLettaPlatform }, { loadAgentTemplate }, path] = await Promise.all([
      import('../letta/letta-platform.ts'),
      import('../templates/load-template.ts'),
      import('node:path'),
    ]);
    if (!runtime.mcpToken) log?.warn('LETTA_MCP_TOKEN is unset: Letta agents will be refused by /api/mcp until a token is configured');
    const dir = path.join(config.rootDir, 'agents', 'templates');
    return connectLettaPlatform({
      baseUrl: runtime.baseUrl,
      apiKey: runtime.apiKey,
      publicUrl: config.execution.publicUrl,
      mcpToken: runtime.mcpToken,
      loadTemplate: async (name) => (await loadAgentTemplate(name, { dir })).file,
    });
  }
  const [{ createLocalAgentPlatform }, { delegationGate }, { delegationHub }, { redisAgentTurnLease }, { createRedis }] = await Promise.all(
    [
      import('../local/index.ts'),
      import('../../delegation/message-gate.ts'),
      import('../../delegation/connect.ts'),
      import('../local/turn-lease.ts'),
      import('../../redis/client.ts'),
    ],
  );
  // Delegated mode checks and records the messages its agents exchange (server/delegation/message-gate.ts).
  const gate = delegationGate(async () => delegationHub(platform, db, toolServices, log));
  const platform: AgentPlatform = createLocalAgentPlatform(config, db, toolServices, {
    ...(log ? { log } : {}),
    gate,
    replyTimeoutMs: config.delegation.replyTimeoutS * 1000,
    ...(opts.sweepInbox === undefined ? {} : { sweepInbox: opts.sweepInbox }),
    // The process's tool-call plan tracker (issue 17): turns declare, attribute and end plans with it.
    ...(toolServices.planning ? { tracker: toolServices.planning } : {}),
    // Issue 32: with Redis, an agent's turns are one at a time across every console and worker on it (turn-lease.ts).
    ...(config.redis ? { turnLease: redisAgentTurnLease(createRedis(config.redis), { ownsConnection: true }) } : {}),
  });
  return platform;
}

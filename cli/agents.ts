import type { AgentPlatform } from '../server/contracts/agent-platform.ts';
import type { AppConfig } from '../server/config.ts';
import { sharedByAnother } from '../server/db/pglite-share.ts';
import { logger } from '../server/log.ts';

let platform: Promise<AgentPlatform> | undefined;

/**
 * Whether a console may be serving this deployment's agents. On the embedded default it is
 * certain: the console owns the PGlite data directory and shares it over a socket while it runs.
 * On PostgreSQL the database does not say, so the CLI assumes one may be (the safe side: it then
 * never takes other processes' queued agent messages).
 */
export async function consoleMayBeRunning(config: AppConfig): Promise<boolean> {
  if (config.database.kind === 'postgres') return true;
  // This process's own share (a CLI that opened the directory serves it in turn) is not a console.
  return sharedByAnother(config.database.dataDir);
}

/**
 * The CLI's agent platform, created on first use with the same factory, database, Redis and tool
 * services as the console (Letta when LETTA_BASE_URL is set, else the local runtime with the
 * delegation message gate). While a console may be running, the local runtime here does not sweep
 * the durable inbox: it delivers only the messages it queues itself (and those `dcf chat` asks it
 * to deliver for the agents of its conversation), never other users' work.
 */
export function cliAgentPlatform(config: AppConfig): Promise<AgentPlatform> {
  platform ??= (async () => {
    const [{ createAgentPlatform }, { cliDatabase }, { cliToolContext, cliPlanTracker }] = await Promise.all([
      import('../server/agents/platform/factory.ts'),
      import('./database.ts'),
      import('./context.ts'),
    ]);
    const sweepInbox = !(await consoleMayBeRunning(config));
    const { db } = await cliDatabase(config);
    // The agents' calls are attributed to their plans by the CLI's tracker (issue 17).
    const services = { ...cliToolContext().services, planning: cliPlanTracker(config) };
    return createAgentPlatform(config, db, services, logger().child({ component: 'agents' }), { sweepInbox });
  })();
  return platform;
}

/**
 * Closes the platform if one was made (it stops taking messages and waits for the turns it runs),
 * then the plan tracker — also when a command made its own platform and only used the tracker
 * (`dcf eval`): the tracker's subscriber would keep the process alive.
 */
export async function closeCliAgents(): Promise<void> {
  const made = platform;
  platform = undefined;
  if (made) await (await made.catch(() => null))?.close();
  await (await import('./context.ts')).closeCliPlanning();
}

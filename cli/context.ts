import os from 'node:os';
import { loadConfig } from '../server/config.ts';
import { systemActor } from '../server/contracts/audit-actor.ts';
import type { AppConfig } from '../server/config.ts';
import { logger } from '../server/log.ts';
import { projectRoot } from '../server/project-root.ts';
import { processTracker } from '../server/planning/process-tracker.ts';
import type { PlanTrackerService } from '../server/planning/tracker/plan-tracker.ts';
import type { ToolContext } from '../server/contracts/tool-services.ts';

/** The project root (where package.json is): the CLI resolves `skills/` and `file://` imports from here. */
export const PROJECT_ROOT = projectRoot(import.meta.url);

/**
 * Tool context for CLI calls: the actor is the system user running the command. The services are
 * the console's: execution (Redis), the database (the console's shared PGlite when it runs) and
 * the agent platform (cli/agents.ts), each opened on first use.
 */
export function cliToolContext(): ToolContext {
  const config = loadConfig(process.env, PROJECT_ROOT);
  return {
    actor: systemActor(`cli:${os.userInfo().username}`),
    services: {
      config,
      execution: async () => (await (await import('./execution.ts')).cliExecution(config)).x,
      db: async () => (await (await import('./database.ts')).cliDatabase(config)).db,
      agents: async () => (await import('./agents.ts')).cliAgentPlatform(config),
    },
  };
}

let tracker: PlanTrackerService | undefined;

/**
 * The CLI's tool-call plan tracker (issue 17), made with the CLI's agent platform (cli/agents.ts):
 * the CLI's own calls are the system's and belong to no plan, so a command that runs no agent
 * never opens the database for it. Flushed by closeCliPlanning when the command ends.
 */
export function cliPlanTracker(config: AppConfig): PlanTrackerService {
  tracker ??= processTracker(config, {
    db: async () => (await (await import('./database.ts')).cliDatabase(config)).db,
    execution: async () => (await (await import('./execution.ts')).cliExecution(config)).x,
    onError: (err) => logger().error({ err }, 'plan tracker'),
  });
  return tracker;
}

/** Writes what the tracker still queues (before the database closes) and closes its subscriber, so the process can exit. */
export async function closeCliPlanning(): Promise<void> {
  const t = tracker;
  tracker = undefined;
  await t?.close();
}

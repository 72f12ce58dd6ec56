import type { ToolServices } from '../contracts/tool-services.ts';
import { logger } from '../log.ts';
import { BackgroundJobs } from './background-jobs.ts';

const KEY = Symbol.for('dcf.backgroundJobs');
const holder = globalThis as { [KEY]?: BackgroundJobs };

/**
 * The background jobs a tool call uses: the process's own, registered by the composition root
 * (server/app/services.ts, with its trigger worker) or a test; else a transient one made from
 * the tool services (REDIS_URL, the database, the agent platform) — a queue only, which the
 * caller closes after the call (`transient`), so a CLI process is not kept alive by it. Null when
 * the context has no Redis, database or agent platform.
 */
export function backgroundJobsOf(services: ToolServices): { jobs: BackgroundJobs; transient: boolean } | null {
  const registered = holder[KEY];
  if (registered) return { jobs: registered, transient: false };
  const url = services.config.redis;
  if (!url || !services.db || !services.agents) return null;
  const jobs = new BackgroundJobs({
    redis: url,
    db: services.db,
    platform: services.agents,
    log: logger().child({ component: 'schedules' }),
  });
  return { jobs, transient: true };
}

/** Makes `jobs` the process's background jobs (composition root, tests); undefined unregisters. */
export function registerBackgroundJobs(jobs: BackgroundJobs | undefined): void {
  holder[KEY] = jobs;
}

import { singleRedis } from '../../../config-redis.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { deterministicBrains } from '../../../agents/brains/select.ts';
import type { LocalAgentPlatform } from '../../../agents/local/local-platform.ts';
import { testPlatform } from '../../../agents/local/testing/platform-harness.ts';
import { systemActor, type Actor } from '../../../contracts/audit-actor.ts';
import { answeringBrains } from '../../../orchestration/testing/answering-brains.ts';
import { BackgroundJobs } from '../../../schedules/background-jobs.ts';
import { registerBackgroundJobs } from '../../../schedules/service.ts';
import { logger } from '../../../log.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { createTestDatabase, isolatedRedisUrl } from '../../../testing/test-database.ts';
import type { ToolServices } from '../../../contracts/tool-services.ts';
import { invokeTool } from '../../invoke.ts';
import { findTool } from '../../registry.ts';

/** Exactly the spec's output fields of each orchestration tool (agent-memory-and-orchestration-tools.md 5.1–5.3). */
const SPEC_FIELDS: Record<string, string[]> = {
  create_new_agent_instance: ['agent_id', 'agent_type_template', 'agent_name_label', 'instance_status'],
  dispatch_task_to_agent: ['target_agent_id', 'dispatched_task_id', 'dispatch_status'],
  schedule_background_job: ['internal_job_id', 'job_name', 'job_status', 'next_run_time_utc_iso'],
  list_background_jobs: ['jobs', 'count'],
  pause_background_job: ['internal_job_id', 'job_name', 'job_status'],
  resume_background_job: ['internal_job_id', 'job_name', 'job_status', 'next_run_time_utc_iso'],
  delete_background_job: ['internal_job_id', 'job_name', 'deleted'],
  run_background_job_now: ['internal_job_id', 'job_name', 'outcome', 'dispatched_task_id', 'failure'],
  update_background_job: ['internal_job_id', 'job_name', 'job_status', 'next_run_time_utc_iso', 'changed'],
};

/**
 * The orchestration tools' test set-up (orchestration-tools-*.int.test.ts), registered in the
 * calling describe: a fresh database, its own Redis database, the local runtime with agents whose
 * brains answer (so dispatches are really delivered, acknowledged and answered), and the
 * background jobs registered with no worker (these tests schedule and read; scheduler.int.test.ts
 * fires). `okCall` checks the answer has exactly the spec's fields; `failCall` the error code.
 */
export function orchestrationToolsHarness() {
  const system = systemActor('test');
  const t = {
    handle: undefined as unknown as Awaited<ReturnType<typeof createTestDatabase>>,
    platform: undefined as unknown as LocalAgentPlatform,
    services: undefined as unknown as ToolServices,
    jobs: undefined as unknown as BackgroundJobs,
    system,
    call: async (name: string, args: Record<string, unknown>, actor: Actor = system) =>
      (await invokeTool(findTool(name)!, args, { actor, services: t.services })) as Record<string, unknown>,
    okCall: async (name: string, args: Record<string, unknown>, actor: Actor = system) => {
      const r = await t.call(name, args, actor);
      if (r.status !== 'ok') throw new Error(`${name}: ${String(r.error)}`);
      expect(Object.keys(r).sort(), name).toEqual(['status', 'error', ...SPEC_FIELDS[name]!].sort());
      return r;
    },
    failCall: async (name: string, args: Record<string, unknown>, code: string, actor: Actor = system) => {
      const r = await t.call(name, args, actor);
      expect(r.status, `${name} ${JSON.stringify(args)}`).toBe('error');
      expect(r.error_code).toBe(code);
      return String(r.error);
    },
  };

  beforeAll(async () => {
    t.handle = await createTestDatabase();
    const redisUrl = await isolatedRedisUrl();
    t.services = { config: { ...testConfig(), redis: singleRedis(redisUrl) }, db: async () => t.handle.db };
    t.platform = testPlatform(t.handle.db, deterministicBrains(answeringBrains().brains), {
      audit: null,
      toolServices: t.services,
      inboxSweepMs: 100,
    });
    t.services.agents = async () => t.platform;
    t.jobs = new BackgroundJobs({ redis: singleRedis(redisUrl), db: t.services.db!, platform: t.services.agents, log: logger() });
    registerBackgroundJobs(t.jobs);
  });
  afterAll(async () => {
    registerBackgroundJobs(undefined);
    await t.jobs.close();
    await t.platform.close();
    await t.handle.dispose();
  });
  return t;
}

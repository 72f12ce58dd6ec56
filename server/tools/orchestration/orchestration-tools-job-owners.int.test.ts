import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor } from '../../contracts/audit-actor.ts';
import { createUser, type PublicUser } from '../../auth/users.ts';
import { conversations } from '../../db/schema/chat.ts';
import { orchestrationToolsHarness } from './testing/orchestration-tools-harness.ts';

/**
 * Contract tests of the orchestration tools (agent-memory-and-orchestration-tools.md 5.1–5.3 and
 * the job tools beside them) on the local runtime (orchestration-tools-harness.ts): who owns a background
 * job (server/schedules/job-owner.ts) — users, their agents, admins and the system — and the cap
 * on one owner's jobs.
 */
describe('the orchestration tools', () => {
  const harness = orchestrationToolsHarness();
  const { system, call, okCall, failCall } = harness;

  describe('schedule_background_job and the job tools', () => {
    describe('ownership (server/schedules/job-owner.ts)', () => {
      const people = new Map<string, PublicUser>();
      const asUser = (u: PublicUser): Actor => ({ kind: 'user', id: u.id, label: u.email, role: u.role });
      const asAgent = (id: string): Actor => ({ kind: 'agent', id, label: id });
      const agentsOf = new Map<string, string>();
      let target: string;
      const schedule = (name: string, actor: Actor) =>
        okCall(
          'schedule_background_job',
          {
            job_name: name,
            job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
            cron_expression: '0 9 * * 1',
            target_agent_id_on_trigger: target,
            task_type_on_trigger: 'QA_REVIEW',
            task_payload_on_trigger_json: '{}',
          },
          actor,
        );
      const names = async (actor: Actor) =>
        ((await okCall('list_background_jobs', {}, actor)).jobs as Array<{ job_name: string }>).map((j) => j.job_name).sort();

      beforeAll(async () => {
        for (const [key, role] of [
          ['casey', 'compliance_manager'],
          ['morgan', 'compliance_manager'],
          ['avery', 'admin'],
        ] as const) {
          const r = await createUser(harness.handle.db, {
            email: `${key}-${randomUUID()}@owner.test`,
            displayName: key,
            role,
            password: 'x'.repeat(12),
          });
          if (!r.ok) throw new Error(key);
          people.set(key, r.user);
        }
        // Each manager's Planner serves their chat (how notifications find an agent's user, too).
        for (const [agent, user] of [
          ['casey-planner', 'casey'],
          ['casey-other', 'casey'],
          ['morgan-planner', 'morgan'],
        ] as const) {
          const a = await harness.platform.createAgent({ template: 'planner', name: agent });
          agentsOf.set(agent, a.id);
          await harness.handle.db.insert(conversations).values({
            id: randomUUID(),
            userId: people.get(user)!.id,
            mode: 'planner',
            agentId: a.id,
            platform: 'local',
            title: agent,
          });
        }
        agentsOf.set('orphan', (await harness.platform.createAgent({ template: 'worker', name: 'orphan' })).id);
        target = (await harness.platform.createAgent({ template: 'worker', name: 'owned-target' })).id;
        await schedule('casey_weekly', asAgent(agentsOf.get('casey-planner')!));
        await schedule('morgan_own', asUser(people.get('morgan')!));
        await schedule('orphan_job', asAgent(agentsOf.get('orphan')!));
        await schedule('weekly_qa_review', system); // a job of nobody's: the system scheduled it
      });

      it('a job belongs to its user creator, or to the user behind its agent creator; list shows it', async () => {
        const all = (await okCall('list_background_jobs', {})).jobs as Array<{ job_name: string; owner: unknown }>;
        const owner = (name: string) => all.find((j) => j.job_name === name)!.owner;
        const casey = people.get('casey')!;
        expect(owner('casey_weekly')).toEqual({ user_id: casey.id, display_name: 'casey', email: casey.email });
        expect(owner('morgan_own')).toMatchObject({ user_id: people.get('morgan')!.id });
        expect(owner('orphan_job')).toBeNull();
        expect(owner('weekly_qa_review')).toBeNull(); // scheduled by the system
      });

      it('agents manage the jobs they created or that belong to their user; others are forbidden', async () => {
        const morganPlanner = asAgent(agentsOf.get('morgan-planner')!);
        for (const tool of ['pause_background_job', 'resume_background_job', 'delete_background_job']) {
          expect(await failCall(tool, { job_name: 'casey_weekly' }, 'forbidden', morganPlanner)).toMatch(/belongs to casey/);
        }
        const refused = await call('pause_background_job', { job_name: 'casey_weekly' }, morganPlanner);
        expect(refused.details).toMatchObject({ job_name: 'casey_weekly', owner_user_id: people.get('casey')!.id });
        const [job] = (await okCall('list_background_jobs', { job_name: 'casey_weekly' })).jobs as Array<{
          internal_job_id: string;
        }>;
        const id = job!.internal_job_id;
        // Still scheduled: the refusals changed nothing.
        expect(await harness.jobs.queue.getJobScheduler(id)).toBeDefined();
        await failCall('pause_background_job', { job_name: 'casey_weekly' }, 'forbidden', asAgent(agentsOf.get('orphan')!));

        // Another agent of the same user, and the creator itself.
        const other = asAgent(agentsOf.get('casey-other')!);
        expect(await okCall('pause_background_job', { internal_job_id: id }, other)).toMatchObject({
          job_status: 'SCHEDULED_BUT_DISABLED',
        });
        expect(await harness.jobs.queue.getJobScheduler(id)).toBeUndefined();
        await okCall('resume_background_job', { job_name: 'casey_weekly' }, asAgent(agentsOf.get('casey-planner')!));
        // An agent working for nobody manages only what it created; nobody else's agent may touch that.
        await okCall('pause_background_job', { job_name: 'orphan_job' }, asAgent(agentsOf.get('orphan')!));
        await failCall('resume_background_job', { job_name: 'orphan_job' }, 'forbidden', other);
      });

      it("users manage their own jobs, admins and the system any; list shows the caller's jobs only", async () => {
        const casey = asUser(people.get('casey')!);
        await failCall('pause_background_job', { job_name: 'morgan_own' }, 'forbidden', casey);
        await failCall('delete_background_job', { job_name: 'orphan_job' }, 'forbidden', casey);
        await failCall('pause_background_job', { job_name: 'weekly_qa_review' }, 'forbidden', casey);
        await okCall('pause_background_job', { job_name: 'casey_weekly' }, casey);
        await okCall('resume_background_job', { job_name: 'casey_weekly' }, casey);
        await okCall('pause_background_job', { job_name: 'morgan_own' }, asUser(people.get('avery')!));
        await okCall('resume_background_job', { job_name: 'morgan_own' }, system);

        expect(await names(casey)).toEqual(['casey_weekly']);
        expect(await names(asAgent(agentsOf.get('casey-other')!))).toEqual(['casey_weekly']);
        expect(await names(asAgent(agentsOf.get('morgan-planner')!))).toEqual(['morgan_own']);
        expect(await names(asAgent(agentsOf.get('orphan')!))).toEqual(['orphan_job']);
        expect((await okCall('list_background_jobs', { job_name: 'morgan_own' }, casey)).count).toBe(0);
        const everyone = await names(asUser(people.get('avery')!));
        expect(everyone).toEqual(expect.arrayContaining(['casey_weekly', 'morgan_own', 'orphan_job', 'weekly_qa_review']));
        expect(await names(system)).toEqual(everyone);

        await okCall('delete_background_job', { job_name: 'casey_weekly' }, casey);
        expect(await names(casey)).toEqual([]);
      });

      it('caps the jobs of one owner (DCF_SCHEDULE_MAX_PER_OWNER): a user and their agents together; not the system', async () => {
        const saved = harness.services;
        const guards = { ...saved.config.guards, schedules: { minIntervalS: 300, maxPerOwner: 3 } };
        harness.services = { ...saved, config: { ...saved.config, guards } };
        try {
          const morgan = asUser(people.get('morgan')!);
          const planner = asAgent(agentsOf.get('morgan-planner')!);
          // morgan_own is one; the Planner of Morgan's chat adds one for Morgan, Morgan a third.
          await schedule('morgan_2', planner);
          await schedule('morgan_3', morgan);
          for (const actor of [morgan, planner]) {
            const r = await call(
              'schedule_background_job',
              {
                job_name: 'morgan_4',
                job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
                cron_expression: '0 9 * * 1',
                target_agent_id_on_trigger: target,
                task_type_on_trigger: 'QA_REVIEW',
                task_payload_on_trigger_json: '{}',
              },
              actor,
            );
            expect(r).toMatchObject({
              status: 'error',
              error_code: 'limit_exceeded',
              error: expect.stringMatching(/already has 3 background jobs.*DCF_SCHEDULE_MAX_PER_OWNER = 3/),
              details: { max_jobs_per_owner: 3, jobs: 3 },
            });
          }
          // Other owners are not affected, the system is never capped; a deleted job frees a place.
          await schedule('casey_again', asUser(people.get('casey')!));
          await schedule('orphan_2', asAgent(agentsOf.get('orphan')!));
          for (const n of [1, 2, 3]) await schedule(`system_${n}`, system);
          await okCall('delete_background_job', { job_name: 'morgan_3' }, morgan);
          await schedule('morgan_4', planner);
        } finally {
          harness.services = saved;
        }
      });
    });
  });
});

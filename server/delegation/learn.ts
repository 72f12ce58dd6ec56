import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { delegationTasks } from '../db/schema/index.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import { enqueueGraphWrite, replayGraphOutbox } from '../graph/outbox.ts';
import type { SkillNode, TaskEpisode, TaskSkillUse } from '../graph/port.ts';
import { publishSkillStats } from '../learning/skill-stats.ts';
import { logger } from '../log.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { learning, skillDirectory } from '../learning/services.ts';
import type { TaskOutcome } from './hub.ts';
import { isFailure } from '../tool-result.ts';

/**
 * A finished delegated task into the knowledge graph, so skill reliability learns from delegated
 * work as it does from workflow runs: the same USED_SKILL evidence that get_skill_reliability,
 * the Planner's checks and the workers' skill choice read.
 *
 * Which use is a failure: a failed task's `failed_skill` (the skill whose tool failed, as the
 * Companion reports it) is one failure; every other skill the task used did its part and is a
 * success. A failed task that names no skill failed for another reason and blames none. A
 * succeeded task's uses are all successes.
 *
 * Latency: null for every use. The task's duration_s spans the Companion's whole turn (model
 * calls, loading and unloading skills, reporting), not the skill's own work, so it is no skill
 * latency; counted as one it would inflate the p50/p95 the workers weigh skills by. The duration
 * stays in the episode's content, where the Strategist reads it.
 */

export interface TaskLearning {
  uses: TaskSkillUse[];
  /** Outbox rows applied by the replay (this task's and any older ones still pending). */
  applied: number;
  /** Rows still pending: the graph was unreachable; the consolidation job replays them later. */
  pending: number;
}

/** Each skill's plan step names (nested map steps included), in plan order, from a task's `context.plan`. */
export function planSteps(plan: unknown): Map<string, string[]> {
  const steps = new Map<string, string[]>();
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const s of list) {
      if (typeof s !== 'object' || s === null) continue;
      const { step, skill, steps: inner } = s as { step?: unknown; skill?: unknown; steps?: unknown };
      if (typeof step === 'string' && typeof skill === 'string') {
        const names = steps.get(skill) ?? [];
        if (!names.includes(step)) steps.set(skill, [...names, step]);
      }
      walk(inner);
    }
  };
  walk(plan);
  return steps;
}

/** The task's uses by the rule above; `steps` names the plan step(s) of each skill. */
export function taskSkillUses(o: TaskOutcome, steps: Map<string, string[]>): TaskSkillUse[] {
  const failed = o.status === 'failed' ? o.failed_skill : null;
  const skills = [...new Set(o.skills_used)];
  if (failed && !skills.includes(failed)) skills.push(failed);
  return skills.map((skill) => {
    const failure = skill === failed;
    return {
      skill,
      step: steps.get(skill)?.join(', ') ?? null,
      outcome: failure ? 'failure' : 'success',
      latency_ms: null,
      error: failure ? (o.error ?? 'failed') : null,
      at: o.completed_at,
    };
  });
}

/** A catalogued skill as a `:Skill` node: capability = the manifest's first tag (as workflow mode has it). */
function skillNode(dir: SkillDirectory, uri: string): SkillNode | null {
  const m = dir.get(uri);
  return m ? { uri, name: m.skillName, version: m.skillVersion, capability: m.tags[0] ?? null, tags: m.tags } : null;
}

async function taskPlan(db: Db, o: TaskOutcome): Promise<unknown> {
  const [row] = await db
    .select({ context: delegationTasks.context })
    .from(delegationTasks)
    .where(and(eq(delegationTasks.sessionId, o.session_id), eq(delegationTasks.taskId, o.task_id)));
  return row?.context.plan;
}

/**
 * Enqueues the task's skill nodes and its episode in one transaction of the graph outbox, then
 * replays the outbox (a graph that is down keeps them pending: nothing is lost) and republishes
 * the workers' skill statistics. Throws when there is no database to learn into.
 */
export async function recordTaskOutcome(services: ToolServices, outcome: TaskOutcome): Promise<TaskLearning> {
  const l = await learning(services);
  if (isFailure(l)) throw new Error(`task ${outcome.task_id} not learnt: ${l.error}`);
  const dir = await skillDirectory(services);
  const uses = taskSkillUses(outcome, planSteps(await taskPlan(l.db, outcome)));
  const episode: TaskEpisode = {
    session_id: outcome.session_id,
    task_id: outcome.task_id,
    companion_id: outcome.companion_id,
    status: outcome.status,
    duration_s: outcome.duration_s,
    error: outcome.error,
    completed_at: outcome.completed_at,
    uses,
  };
  await l.db.transaction(async (tx) => {
    for (const u of uses) {
      const node = skillNode(dir, u.skill);
      if (node) await enqueueGraphWrite(tx, { kind: 'skill', payload: node });
    }
    await enqueueGraphWrite(tx, { kind: 'task_episode', payload: episode });
  });
  const replay = await replayGraphOutbox(l.db, l.graph);
  if (replay.applied > 0 && services.execution) {
    try {
      await publishSkillStats((await services.execution()).redis, l.graph);
    } catch (err) {
      // The task is in the graph; the workers' copy catches up at the next consolidation pass.
      logger().warn({ err, task: outcome.task_id }, 'skill statistics not republished after a delegated task');
    }
  }
  return { uses, applied: replay.applied, pending: replay.pending };
}

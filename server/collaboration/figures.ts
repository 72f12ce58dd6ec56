import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { collaborationEvaluations, collaborationSubtasks } from '../db/schema/index.ts';
import type { Reliability } from './assign.ts';

export const CRITERIA = ['clarity', 'relevance', 'completeness', 'actionability'] as const;
export type Criterion = (typeof CRITERIA)[number];

/** A mean with the number of values it is the mean of (null mean when there are none). */
export interface Measured {
  mean: number | null;
  count: number;
}

/**
 * An agent's measured record in collaborations (./README.md "Measured figures"): subtasks
 * delegated to it and their outcomes, the latency from delegation to result, and the ratings
 * other agents gave its contributions. A subtask counts as failed when it was recorded failed or
 * its deadline passed without a result.
 */
export interface AgentFigures {
  agent_id: string;
  tasks_delegated: number;
  tasks_done: number;
  tasks_failed: number;
  tasks_open: number;
  /** done / (done + failed); null when nothing finished. */
  success_rate: number | null;
  latency_ms: Measured;
  ratings: Record<Criterion, Measured>;
  /** Every rating of every criterion together. */
  overall_rating: Measured;
  /**
   * Evaluations with at least one rating, and how many of them averaged below the scale's
   * midpoint (3 of 1–5): the counts the Strategist's rating rule judges (one evaluation, one vote).
   */
  evaluations: { rated: number; below_midpoint: number };
}

/** The middle of the 1–5 rating scale: an evaluation whose mean rating is below it is a poor one. */
export const RATING_MIDPOINT = 3;

const mean = (xs: number[]): Measured => ({ mean: xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null, count: xs.length });

/**
 * The figures of each agent, read from the recorded subtasks and evaluations. Exported for the
 * Strategist (server/agents/brains/strategist/ may call it with the hub's database) and used by
 * compare_models and assign_subtasks.
 */
export async function collaborationFigures(db: Db, agentIds: readonly string[], now = new Date()): Promise<Map<string, AgentFigures>> {
  const ids = [...new Set(agentIds)];
  const out = new Map<string, AgentFigures>();
  if (ids.length === 0) return out;
  const subtasks = await db
    .select({
      assignee: collaborationSubtasks.assigneeId,
      status: collaborationSubtasks.status,
      delegatedAt: collaborationSubtasks.delegatedAt,
      completedAt: collaborationSubtasks.completedAt,
      deadline: collaborationSubtasks.deadline,
    })
    .from(collaborationSubtasks)
    .where(inArray(collaborationSubtasks.assigneeId, ids));
  const evals = await db.select().from(collaborationEvaluations).where(inArray(collaborationEvaluations.contributorId, ids));
  const subtasksOf = groupBy(subtasks, (s) => s.assignee);
  const evalsOf = groupBy(evals, (e) => e.contributorId);
  for (const id of ids) {
    const mine = subtasksOf.get(id) ?? [];
    const overdue = (s: (typeof mine)[number]) =>
      (s.status === 'delegated' || s.status === 'in_progress') && s.deadline !== null && s.deadline < now;
    const done = mine.filter((s) => s.status === 'done');
    const failed = mine.filter((s) => s.status === 'failed' || overdue(s)).length;
    const latencies = done.filter((s) => s.completedAt).map((s) => s.completedAt!.getTime() - s.delegatedAt.getTime());
    const myEvals = evalsOf.get(id) ?? [];
    const ratingsOf = (c: Criterion) => myEvals.map((e) => e[c]).filter((v): v is number => v !== null);
    const ratings = Object.fromEntries(CRITERIA.map((c) => [c, mean(ratingsOf(c))])) as Record<Criterion, Measured>;
    const perEval = myEvals.map((e) => mean(CRITERIA.map((c) => e[c]).filter((v): v is number => v !== null)));
    const rated = perEval.filter((m) => m.mean !== null);
    const all = myEvals.flatMap((e) => CRITERIA.map((c) => e[c]).filter((v): v is number => v !== null));
    out.set(id, {
      agent_id: id,
      tasks_delegated: mine.length,
      tasks_done: done.length,
      tasks_failed: failed,
      tasks_open: mine.length - done.length - failed,
      success_rate: done.length + failed > 0 ? done.length / (done.length + failed) : null,
      latency_ms: mean(latencies),
      ratings,
      overall_rating: mean(all),
      evaluations: { rated: rated.length, below_midpoint: rated.filter((m) => m.mean! < RATING_MIDPOINT).length },
    });
  }
  return out;
}

/** The part of the figures assignment breaks ties with. */
export function reliabilityOf(f: AgentFigures): Reliability {
  return { done: f.tasks_done, failed: f.tasks_failed, mean_rating: f.overall_rating.mean, open: f.tasks_open };
}

/** The items by key, in their order (Map.groupBy needs Node 21). */
function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) {
    const list = out.get(key(t));
    if (list) list.push(t);
    else out.set(key(t), [t]);
  }
  return out;
}

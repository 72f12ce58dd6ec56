import { sql } from 'drizzle-orm';
import { graphEdges, graphEpisodes, graphExecutions, graphSkills, graphSkillUses, graphWorkflows } from '../../db/schema/index.ts';
import { episodicFields, placeholderSkill, skillCounts, skillUses, type SkillUse } from '../episode-facts.ts';
import type { Episode, LinkKind, SkillNode, WorkflowRef, WorkflowVersionNode } from '../port.ts';
import type { Db } from '../../db/client.ts';
import type { Executor } from './db.ts';

/**
 * The Postgres adapter's writes. Every write is idempotent (upserts, `on conflict do nothing`),
 * which is what lets the outbox replay a write whose acknowledgement was lost.
 */

export async function upsertSkill(db: Db, s: SkillNode, now: Date): Promise<void> {
  await db
    .insert(graphSkills)
    .values({ uri: s.uri, name: s.name, version: s.version, capability: s.capability, tags: s.tags, updatedAt: now })
    .onConflictDoUpdate({
      target: graphSkills.uri,
      set: { name: s.name, version: s.version, capability: s.capability, tags: s.tags, updatedAt: now },
    });
}

export async function upsertWorkflowVersion(db: Db, w: WorkflowVersionNode): Promise<void> {
  const fields = {
    name: w.name,
    description: w.description,
    tags: w.tags,
    skills: w.skills,
    createdAt: new Date(w.created_at),
    author: w.author,
  };
  await db
    .insert(graphWorkflows)
    .values({ workflowId: w.workflow_id, version: w.version, ...fields })
    .onConflictDoUpdate({ target: [graphWorkflows.workflowId, graphWorkflows.version], set: fields });
}

/** A placeholder `:Workflow` for a version named before it was upserted; an existing row is kept. */
async function ensureWorkflow(ex: Executor, ref: WorkflowRef, name: string, now: Date): Promise<void> {
  await ex.insert(graphWorkflows).values({ workflowId: ref.workflow_id, version: ref.version, name, createdAt: now }).onConflictDoNothing();
}

export async function link(db: Db, kind: LinkKind, child: WorkflowRef, parent: WorkflowRef, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureWorkflow(tx, child, child.workflow_id, now);
    await ensureWorkflow(tx, parent, parent.workflow_id, now);
    await tx
      .insert(graphEdges)
      .values({
        kind,
        childWorkflowId: child.workflow_id,
        childVersion: child.version,
        parentWorkflowId: parent.workflow_id,
        parentVersion: parent.version,
      })
      .onConflictDoNothing();
  });
}

/**
 * One transaction. The execution row is the idempotency key: when its insert does nothing the
 * run was recorded before and nothing else is written (so counters are never bumped twice). A
 * concurrent second call blocks on the primary key until the first commits, then does nothing.
 */
export async function recordEpisode(db: Db, e: Episode, now: Date): Promise<void> {
  const episodic = episodicFields(e);
  await db.transaction(async (tx) => {
    await ensureWorkflow(tx, { workflow_id: e.workflow_id, version: e.workflow_version }, e.workflow_name, now);
    const claimed = await tx
      .insert(graphExecutions)
      .values({
        runId: e.run_id,
        workflowId: e.workflow_id,
        workflowVersion: e.workflow_version,
        workflowName: e.workflow_name,
        status: e.status,
        startedAt: new Date(e.started_at),
        finishedAt: new Date(e.finished_at),
        episodeUuid: episodic.uuid,
        episode: e as unknown as Record<string, unknown>,
        recordedAt: now,
      })
      .onConflictDoNothing()
      .returning({ runId: graphExecutions.runId });
    if (claimed.length === 0) return;
    await insertEpisodic(tx, episodic, now);
    const at = e.finished_at;
    await recordUses(
      tx,
      e.run_id,
      skillUses(e).map((u) => ({ ...u, at })),
    );
  });
}

type EpisodicFields = ReturnType<typeof episodicFields>;

/** The `:Episodic` row of a run or task just claimed (a uuid already taken keeps its episode). */
export async function insertEpisodic(ex: Executor, f: EpisodicFields, now: Date): Promise<void> {
  await ex
    .insert(graphEpisodes)
    .values({
      uuid: f.uuid,
      name: f.name,
      groupId: f.group_id,
      source: f.source,
      sourceDescription: f.source_description,
      content: f.content,
      validAt: new Date(f.valid_at),
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * USED_SKILL rows of one claimed run or task, and the skills' counters (placeholder skills for
 * unknown URIs); a caller error bumps n_caller_errors, never n_failures.
 */
export async function recordUses(ex: Executor, runId: string, uses: Array<SkillUse & { at: string }>): Promise<void> {
  const counts = skillCounts(uses);
  if (counts.length === 0) return;
  await ex
    .insert(graphSkills)
    .values(
      counts.map((c) => ({
        uri: c.uri,
        ...placeholderSkill(c.uri),
        nSuccess: c.n_success,
        nFailures: c.n_failures,
        nCallerErrors: c.n_caller_errors,
      })),
    )
    .onConflictDoUpdate({
      target: graphSkills.uri,
      set: {
        nSuccess: sql`${graphSkills.nSuccess} + excluded.n_success`,
        nFailures: sql`${graphSkills.nFailures} + excluded.n_failures`,
        nCallerErrors: sql`${graphSkills.nCallerErrors} + excluded.n_caller_errors`,
      },
    });
  await ex.insert(graphSkillUses).values(
    uses.map((u) => ({
      runId,
      seq: u.seq,
      state: u.state,
      skill: u.skill,
      outcome: u.outcome,
      latencyMs: u.latency_ms,
      error: u.error,
      attempts: u.attempts,
      swappedFrom: u.swapped_from,
      strategy: u.strategy,
      at: new Date(u.at),
    })),
  );
}

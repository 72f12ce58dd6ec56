import { randomUUID } from 'node:crypto';
import { episodicFields, skillCounts, skillUses } from '../episode-facts.ts';
import type { Episode, LinkKind, SkillNode, WorkflowRef, WorkflowVersionNode } from '../port.ts';
import type { CypherClient } from './client.ts';
import {
  BUMP_SKILL_COUNTERS,
  CLAIM_EXECUTION,
  LINK_REFINEMENT_OF,
  LINK_VERSION_OF,
  RECORD_EXECUTION,
  RECORD_SKILL_USES,
  UPSERT_SKILL,
  UPSERT_WORKFLOW_VERSION,
} from './statements.ts';
import { counterParams, episodeParams, skillUseParams } from './values.ts';

/** The Neo4j adapter's writes; each is idempotent, like the Postgres adapter's. */

export async function upsertSkill(c: CypherClient, s: SkillNode, now: Date): Promise<void> {
  await c.write(async (tx) => {
    await tx.run(UPSERT_SKILL, {
      uri: s.uri,
      name: s.name,
      version: s.version,
      capability: s.capability,
      tags: s.tags,
      now: now.toISOString(),
    });
  });
}

export async function upsertWorkflowVersion(c: CypherClient, w: WorkflowVersionNode): Promise<void> {
  await c.write(async (tx) => {
    await tx.run(UPSERT_WORKFLOW_VERSION, {
      workflow_id: w.workflow_id,
      version: w.version,
      name: w.name,
      description: w.description,
      tags: w.tags,
      skills: w.skills,
      created_at: w.created_at,
      author: w.author,
    });
  });
}

/** Relationship types cannot be parameters: one statement per kind, chosen here. */
const LINK_STATEMENTS: Record<LinkKind, string> = { VERSION_OF: LINK_VERSION_OF, REFINEMENT_OF: LINK_REFINEMENT_OF };

export async function link(c: CypherClient, kind: LinkKind, child: WorkflowRef, parent: WorkflowRef, now: Date): Promise<void> {
  await c.write(async (tx) => {
    await tx.run(LINK_STATEMENTS[kind], {
      child_workflow_id: child.workflow_id,
      child_version: child.version,
      parent_workflow_id: parent.workflow_id,
      parent_version: parent.version,
      now: now.toISOString(),
    });
  });
}

/** One write transaction; CLAIM_EXECUTION makes a second call for the same run a no-op. */
export async function recordEpisode(c: CypherClient, e: Episode, now: Date): Promise<void> {
  const episodic = episodicFields(e);
  const uses = skillUses(e);
  const counts = skillCounts(uses);
  await c.write(async (tx) => {
    const claim = await tx.run(CLAIM_EXECUTION, { run_id: e.run_id, write_id: randomUUID() });
    if (claim.records[0]?.toObject().claimed !== true) return;
    await tx.run(RECORD_EXECUTION, {
      run_id: e.run_id,
      workflow_id: e.workflow_id,
      workflow_version: e.workflow_version,
      workflow_name: e.workflow_name,
      status: e.status,
      started_at: e.started_at,
      finished_at: e.finished_at,
      now: now.toISOString(),
      ...episodeParams(episodic),
    });
    if (uses.length === 0) return;
    await tx.run(RECORD_SKILL_USES, {
      run_id: e.run_id,
      at: e.finished_at,
      uses: uses.map(skillUseParams),
    });
    await tx.run(BUMP_SKILL_COUNTERS, { counts: counts.map(counterParams) });
  });
}

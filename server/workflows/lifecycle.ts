import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { workflowDocuments, type WorkflowDocumentRow, type WorkflowVersionStatus } from '../db/schema/workflow-store.ts';
import type { VersionActor, VersionKey } from './store.ts';

/**
 * The lifecycle of saved workflow versions (issue 28), in the spirit of Step Functions' versions
 * and aliases: a version is saved as a `draft`; publishing makes it the one version in use of its
 * workflow (what the Planner, schedules, `dcf backfill` and every start by workflow id run);
 * publishing another retires it (`supersededBy` the new one); retiring the published version
 * leaves the workflow with none. A retired version may be published again (a roll-back).
 *
 * Who may publish or retire, and the four-eyes rule, are the tools' business
 * (server/tools/learning/workflow-version-access.ts); these functions only change the rows, each in
 * one transaction that locks every version of the workflow, so two publications of one workflow
 * are serialised and the partial unique index (at most one published) is never violated.
 */
export type LifecycleResult =
  | { ok: true; row: WorkflowDocumentRow; retired: WorkflowDocumentRow | null; previousStatus: WorkflowVersionStatus }
  | { ok: false; reason: 'not_found' | 'already_published' | 'already_retired'; row?: WorkflowDocumentRow };

export async function publishWorkflowVersion(db: Db, key: VersionKey, by: VersionActor, now = new Date()): Promise<LifecycleResult> {
  return db.transaction(async (tx) => {
    const rows = await lockVersions(tx, key.workflow_id);
    const target = rows.find((r) => r.version === key.version);
    if (!target) return { ok: false, reason: 'not_found' };
    if (target.status === 'published') return { ok: false, reason: 'already_published', row: target };
    const previous = rows.find((r) => r.status === 'published') ?? null;
    let retired: WorkflowDocumentRow | null = null;
    if (previous) {
      [retired = null] = await tx
        .update(workflowDocuments)
        .set({ status: 'retired', retiredAt: now, retiredBy: by.id, retiredByLabel: by.label, supersededBy: key.version })
        .where(versionIs({ workflow_id: key.workflow_id, version: previous.version }))
        .returning();
    }
    const [row] = await tx
      .update(workflowDocuments)
      .set({
        status: 'published',
        publishedAt: now,
        publishedBy: by.id,
        publishedByLabel: by.label,
        retiredAt: null,
        retiredBy: null,
        retiredByLabel: null,
        supersededBy: null,
      })
      .where(versionIs(key))
      .returning();
    return { ok: true, row: row!, retired: retired ?? null, previousStatus: target.status };
  });
}

/** Retires a draft or the published version (then the workflow has no version in use). */
export async function retireWorkflowVersion(db: Db, key: VersionKey, by: VersionActor, now = new Date()): Promise<LifecycleResult> {
  return db.transaction(async (tx) => {
    const rows = await lockVersions(tx, key.workflow_id);
    const target = rows.find((r) => r.version === key.version);
    if (!target) return { ok: false, reason: 'not_found' };
    if (target.status === 'retired') return { ok: false, reason: 'already_retired', row: target };
    const [row] = await tx
      .update(workflowDocuments)
      .set({ status: 'retired', retiredAt: now, retiredBy: by.id, retiredByLabel: by.label, supersededBy: null })
      .where(versionIs(key))
      .returning();
    return { ok: true, row: row!, retired: row!, previousStatus: target.status };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const versionIs = (key: VersionKey) => and(eq(workflowDocuments.workflowId, key.workflow_id), eq(workflowDocuments.version, key.version));

/** Every version of the workflow, locked until the transaction ends. */
function lockVersions(tx: Tx, workflowId: string): Promise<WorkflowDocumentRow[]> {
  return tx.select().from(workflowDocuments).where(eq(workflowDocuments.workflowId, workflowId)).for('update');
}

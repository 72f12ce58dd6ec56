import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workflowDocuments } from '../../db/schema/workflow-store.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';

/**
 * The failure of a start or read by workflow id when the workflow has no published version (issue
 * 28): `not_found`, saying which — no such workflow at all, or only drafts and retired versions —
 * and what to do, with the versions that exist (newest saved first, at most 20) in `details`.
 */
export async function noPublishedVersion(db: Db, workflowId: string): Promise<ToolFailure> {
  const versions = await db
    .select({ version: workflowDocuments.version, status: workflowDocuments.status })
    .from(workflowDocuments)
    .where(eq(workflowDocuments.workflowId, workflowId));
  if (!versions.length) return fail('not_found', `no saved workflow ${workflowId}`);
  return fail('not_found', `workflow ${workflowId} has no published version; publish one in the editor, or test-run a version explicitly`, {
    reason: 'no_published_version',
    workflow_id: workflowId,
    versions: versions.slice(0, 20),
  });
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { workflowProposals } from '../db/schema/workflow-store.ts';
import type { ValidationIssue } from '../validation/issue.ts';
import { saveWorkflowVersion, type VersionActor } from '../workflows/store.ts';
import { getProposal } from './health.ts';
import { storeMemory } from './search.ts';
import { enqueueWorkflowVersion } from './workflow-catalog.ts';

export type AcceptResult =
  | { ok: true; workflow_id: string; version: string; parent_version: string; memory_id: string; workflow_update: Record<string, unknown> }
  | { ok: false; reason: 'not_found' | 'not_pending' | 'invalid' | 'exists'; issues?: ValidationIssue[] };

/**
 * Accepting a check_workflow_health proposal (a separate, audited call): the proposed document
 * must validate; it is saved as a new version VERSION_OF its base (never over an existing one),
 * the graph gets the node and edge (through the outbox), and the `workflow_update` archival
 * block of spec §4.3 is stored. The new version is a draft (issue 28): accepting is not publishing.
 */
export async function acceptWorkflowUpdate(
  db: Db,
  proposalId: string,
  saver: VersionActor,
  validate: (doc: unknown) => Promise<{ valid: boolean; errors: ValidationIssue[] }>,
): Promise<AcceptResult> {
  const p = await getProposal(db, proposalId);
  if (!p) return { ok: false, reason: 'not_found' };
  if (p.status !== 'pending') return { ok: false, reason: 'not_pending' };
  const report = await validate(p.document);
  if (!report.valid) return { ok: false, reason: 'invalid', issues: report.errors };
  const by = saver.label;
  const saved = await saveWorkflowVersion(db, p.document, {
    author: by,
    note: p.reason,
    parent: { workflow_id: p.workflowId, version: p.baseVersion, relation: 'VERSION_OF' },
    savedBy: saver,
  });
  if (!saved.ok) return { ok: false, reason: 'exists' };
  await enqueueWorkflowVersion(db, saved.row);
  const block = {
    type: 'workflow_update',
    workflow_id: p.workflowId,
    version: p.newVersion,
    reason: p.reason,
    timestamp: new Date().toISOString(),
  };
  const memory = await storeMemory(db, {
    kind: 'workflow_update',
    text: `${p.workflowId} ${p.newVersion}: ${p.reason}`,
    tags: ['workflow_update'],
    metadata: block,
  });
  await db
    .update(workflowProposals)
    .set({ status: 'accepted', decidedAt: new Date(), decidedBy: by })
    .where(and(eq(workflowProposals.id, proposalId), eq(workflowProposals.status, 'pending')));
  return {
    ok: true,
    workflow_id: p.workflowId,
    version: p.newVersion,
    parent_version: p.baseVersion,
    memory_id: memory.id,
    workflow_update: block,
  };
}

import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { workflowProposals, type WorkflowDocumentRow } from '../../db/schema/workflow-store.ts';
import { acceptWorkflowUpdateTool } from '../../tools/learning/accept-workflow-update.ts';
import { checkWorkflowHealthTool } from '../../tools/learning/check-workflow-health.ts';
import { findClosestWorkflowTool } from '../../tools/learning/find-closest-workflow.ts';
import { getSkillReliabilityTool } from '../../tools/learning/get-skill-reliability.ts';
import { getWorkflowLineageTool } from '../../tools/learning/get-workflow-lineage.ts';
import { searchEmbeddingsTool } from '../../tools/learning/search-embeddings.ts';
import { getWorkflowVersion, listWorkflowVersions } from '../../workflows/store.ts';
import { ALL_ROLES, EDITORS, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

/** A saved version for the console: its instants as ISO strings (the lifecycle of issue 28 included). */
function savedVersionOut(row: Omit<WorkflowDocumentRow, 'document'>) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    savedAt: row.savedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    retiredAt: iso(row.retiredAt),
  };
}

const versionKey = z.object({ workflow_id: z.string().min(1), version: z.string().min(1) });

/** The learning loop in the console: reliability, lineage, search, health proposals. */
export const graphRouter = router({
  reliability: toolQuery(getSkillReliabilityTool, ALL_ROLES),
  lineage: toolQuery(getWorkflowLineageTool, ALL_ROLES),
  closest: toolQuery(findClosestWorkflowTool, ALL_ROLES),
  search: toolQuery(searchEmbeddingsTool, ALL_ROLES),
  checkHealth: toolMutation(checkWorkflowHealthTool, EDITORS),
  acceptUpdate: toolMutation(acceptWorkflowUpdateTool, EDITORS),

  /** Saved workflow versions (without their documents) with their lifecycle, most recently saved first. */
  savedWorkflows: procedure
    .meta({ access: ALL_ROLES })
    .query(async ({ ctx }) => (await listWorkflowVersions(ctx.db)).map(({ document: _d, ...row }) => savedVersionOut(row))),

  /** One saved version with its document (and its parent's, for a diff). */
  savedWorkflow: procedure
    .meta({ access: ALL_ROLES })
    .input(versionKey)
    .query(async ({ ctx, input }) => {
      const row = await getWorkflowVersion(ctx.db, input.workflow_id, input.version);
      if (!row) return null;
      const parent =
        row.parentWorkflowId && row.parentVersion ? await getWorkflowVersion(ctx.db, row.parentWorkflowId, row.parentVersion) : null;
      const { document, ...rest } = row;
      return { ...savedVersionOut(rest), document, parentDocument: parent?.document ?? null };
    }),

  /** Rejects a pending proposal (audited as a mutation); an accepted one cannot be rejected. */
  rejectProposal: procedure
    .meta({ access: EDITORS })
    .input(z.object({ proposal_id: z.string().uuid() }))
    .mutation(async ({ ctx, input }) => {
      const rows = await ctx.db
        .update(workflowProposals)
        .set({ status: 'rejected', decidedAt: new Date(), decidedBy: ctx.user?.email ?? null })
        .where(and(eq(workflowProposals.id, input.proposal_id), eq(workflowProposals.status, 'pending')))
        .returning();
      return { rejected: rows.length === 1 };
    }),

  /** Proposals of check_workflow_health, pending first (newest first within each). */
  proposals: procedure
    .meta({ access: ALL_ROLES })
    .input(z.object({ status: z.enum(['pending', 'accepted', 'rejected']).optional() }))
    .query(async ({ ctx, input }) => {
      const q = ctx.db.select().from(workflowProposals);
      const rows = await (input.status ? q.where(eq(workflowProposals.status, input.status)) : q).orderBy(
        desc(workflowProposals.createdAt),
      );
      rows.sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null }));
    }),
});

import { z } from 'zod';
import type { WorkflowDocumentRow } from '../../db/schema/workflow-store.ts';
import { WORKFLOW_VERSION_STATUSES } from '../../db/schema/workflow-store.ts';

/** Bounded names of a saved version, as every workflow-version tool takes them. */
export const workflowIdIn = z.string().min(1).max(200);
export const versionIn = z.string().min(1).max(64);

/**
 * A version's lifecycle as tools report it (issue 28): its status, and when and by whom it was
 * saved, published and retired (ISO instants; "by" is the audit actor's label).
 */
export const lifecycleOut = z.object({
  /** Named apart from the envelope's `status` (ok | error). */
  version_status: z.enum(WORKFLOW_VERSION_STATUSES),
  saved_at: z.string(),
  saved_by: z.string(),
  published_at: z.string().nullable(),
  published_by: z.string().nullable(),
  retired_at: z.string().nullable(),
  retired_by: z.string().nullable(),
  superseded_by: z.string().nullable(),
});
export type LifecycleOut = z.infer<typeof lifecycleOut>;

export function lifecycleOf(row: WorkflowDocumentRow): LifecycleOut {
  return {
    version_status: row.status,
    saved_at: row.savedAt.toISOString(),
    saved_by: row.savedByLabel,
    published_at: row.publishedAt?.toISOString() ?? null,
    published_by: row.publishedByLabel,
    retired_at: row.retiredAt?.toISOString() ?? null,
    retired_by: row.retiredByLabel,
    superseded_by: row.supersededBy,
  };
}

import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { workflowDrafts, type WorkflowDraftRow } from '../db/schema/workflow-drafts.ts';

/** The saved version a draft was opened from. */
export const draftBaseSchema = z.object({ workflow_id: z.string().min(1).max(200), version: z.string().min(1).max(100) });

/**
 * What the editor saves: the document as typed (any text, up to 5 MB: a 500-state workflow is
 * well under 1 MB), a title, and optionally the id of the draft to overwrite. A client may mint
 * the id itself (autosave before the first answer); an id that is not yet used creates the draft.
 */
export const draftInputSchema = z.object({
  id: z.string().uuid().optional(),
  title: z.string().trim().max(200).default(''),
  text: z.string().max(5_000_000),
  base: draftBaseSchema.nullable().default(null),
});
export type DraftInput = z.output<typeof draftInputSchema>;

/** A draft as the console sees it; `text` only where asked for (the list leaves it out). */
export interface DraftView {
  id: string;
  title: string;
  base: { workflow_id: string; version: string } | null;
  updatedAt: string;
}

export function draftView(r: WorkflowDraftRow): DraftView {
  return {
    id: r.id,
    title: r.title,
    base: r.baseWorkflowId && r.baseVersion ? { workflow_id: r.baseWorkflowId, version: r.baseVersion } : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The user's drafts, most recently edited first (without their text). */
export async function listDrafts(db: Db, userId: string): Promise<DraftView[]> {
  const rows = await db.select().from(workflowDrafts).where(eq(workflowDrafts.userId, userId)).orderBy(desc(workflowDrafts.updatedAt));
  return rows.map(draftView);
}

/** One of the user's drafts with its text; null when it does not exist or is someone else's. */
export async function getDraft(db: Db, userId: string, id: string): Promise<(DraftView & { text: string }) | null> {
  const [row] = await db
    .select()
    .from(workflowDrafts)
    .where(and(eq(workflowDrafts.id, id), eq(workflowDrafts.userId, userId)));
  return row ? { ...draftView(row), text: row.text } : null;
}

/**
 * Creates or overwrites a draft of the user (upsert by id). A draft id that belongs to another
 * user is never overwritten: the conflicting row is left alone and null is returned.
 */
export async function saveDraft(db: Db, userId: string, input: DraftInput): Promise<(DraftView & { text: string }) | null> {
  const fields = {
    title: input.title,
    text: input.text,
    baseWorkflowId: input.base?.workflow_id ?? null,
    baseVersion: input.base?.version ?? null,
    updatedAt: new Date(),
  };
  const rows = await db
    .insert(workflowDrafts)
    .values({ ...(input.id ? { id: input.id } : {}), userId, ...fields })
    .onConflictDoUpdate({ target: workflowDrafts.id, set: fields, setWhere: sql`${workflowDrafts.userId} = ${userId}` })
    .returning();
  const row = rows[0];
  return row ? { ...draftView(row), text: row.text } : null;
}

/** Deletes one of the user's drafts; false when there was none of theirs with that id. */
export async function deleteDraft(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(workflowDrafts)
    .where(and(eq(workflowDrafts.id, id), eq(workflowDrafts.userId, userId)))
    .returning({ id: workflowDrafts.id });
  return rows.length === 1;
}

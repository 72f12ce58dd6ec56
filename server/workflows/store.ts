import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { workflowDocuments, type WorkflowDocumentRow } from '../db/schema/workflow-store.ts';
import { collectStateTree } from '../engine/asl/state-tree.ts';
import { isObject } from '../engine/json.ts';
import { compareVersions } from '../../lib/semver.ts';

export type Relation = 'VERSION_OF' | 'REFINEMENT_OF';
export interface VersionKey {
  workflow_id: string;
  version: string;
}

/** What the catalog indexes of a workflow document: bound skills and state names, everywhere in it. */
export function describeWorkflow(doc: Record<string, unknown>) {
  const asl = isObject(doc.asl) ? doc.asl : {};
  const tree = collectStateTree(asl, '/asl');
  const skills = new Set<string>();
  for (const n of tree.states) {
    const b = isObject(n.value) && isObject(n.value.AgentBinding) ? n.value.AgentBinding : null;
    for (const s of Array.isArray(b?.skills) ? b.skills : []) if (typeof s === 'string') skills.add(s);
  }
  return { skills: [...skills], states: tree.states.map((n) => n.name) };
}

export type SaveResult = { ok: true; row: WorkflowDocumentRow } | { ok: false; reason: 'exists' | 'parent_missing' };

/**
 * Who saved (or publishes, or retires) a version: the audit actor's id and label, and the person
 * responsible — the user, or the user behind an agent; null for the system (issue 28, four eyes).
 */
export interface VersionActor {
  id: string;
  label: string;
  userId: string | null;
}
export const SYSTEM_SAVER: VersionActor = { id: 'system', label: 'system', userId: null };

/**
 * Saves a new workflow version. A saved version is never overwritten: saving an existing
 * (workflow_id, version) is refused. `parent` records where it came from (VERSION_OF: the same
 * workflow's previous version; REFINEMENT_OF: the workflow it was derived from). A new version is a
 * `draft`: nothing starts it by workflow id until it is published (lifecycle.ts); `savedAt` is the
 * real insert time, `createdAt` whatever the document says.
 */
export async function saveWorkflowVersion(
  db: Db,
  doc: Record<string, unknown>,
  opts: { author?: string | null; note?: string | null; parent?: VersionKey & { relation: Relation }; savedBy?: VersionActor },
): Promise<SaveResult> {
  const by = opts.savedBy ?? SYSTEM_SAVER;
  if (opts.parent && !(await getWorkflowVersion(db, opts.parent.workflow_id, opts.parent.version)))
    return { ok: false, reason: 'parent_missing' };
  const { skills, states } = describeWorkflow(doc);
  const rows = await db
    .insert(workflowDocuments)
    .values({
      workflowId: String(doc.workflow_id),
      version: String(doc.version),
      name: String(doc.workflow_name ?? ''),
      description: String(doc.description ?? ''),
      tags: Array.isArray(doc.tags) ? doc.tags.filter((t): t is string => typeof t === 'string') : [],
      skills,
      states,
      document: doc,
      author: opts.author ?? (typeof doc.author === 'string' ? doc.author : null),
      note: opts.note ?? null,
      parentWorkflowId: opts.parent?.workflow_id ?? null,
      parentVersion: opts.parent?.version ?? null,
      relation: opts.parent?.relation ?? null,
      status: 'draft',
      savedBy: by.id,
      savedByLabel: by.label,
      savedForUser: by.userId,
      ...(typeof doc.created_at === 'string' && !Number.isNaN(Date.parse(doc.created_at)) ? { createdAt: new Date(doc.created_at) } : {}),
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ? { ok: true, row: rows[0] } : { ok: false, reason: 'exists' };
}

/**
 * One version; when `version` is absent, the workflow's published version (the one in use, issue
 * 28) — null when it has none, even if drafts or retired versions exist (`hasAnyVersion` tells).
 */
export async function getWorkflowVersion(db: Db, workflowId: string, version?: string): Promise<WorkflowDocumentRow | null> {
  const [row] = await db
    .select()
    .from(workflowDocuments)
    .where(
      and(
        eq(workflowDocuments.workflowId, workflowId),
        version ? eq(workflowDocuments.version, version) : eq(workflowDocuments.status, 'published'),
      ),
    );
  return row ?? null;
}

/** The highest saved version of a workflow, whatever its status (lineage, proposals). */
export async function getHighestVersion(db: Db, workflowId: string): Promise<WorkflowDocumentRow | null> {
  const all = await db.select().from(workflowDocuments).where(eq(workflowDocuments.workflowId, workflowId));
  return all.sort((a, b) => compareVersions(b.version, a.version))[0] ?? null;
}

/** Every saved version, most recently saved first. */
export async function listWorkflowVersions(db: Db): Promise<WorkflowDocumentRow[]> {
  return db.select().from(workflowDocuments).orderBy(desc(workflowDocuments.savedAt), desc(workflowDocuments.createdAt));
}

/** The next free patch version after `version` for this workflow (1.0.0 → 1.0.1, skipping taken ones). */
export async function nextPatchVersion(db: Db, workflowId: string, version: string): Promise<string> {
  const taken = new Set(
    (await db.select({ v: workflowDocuments.version }).from(workflowDocuments).where(eq(workflowDocuments.workflowId, workflowId))).map(
      (r) => r.v,
    ),
  );
  const [major, minor, patch] = version.split(/[.-]/).map(Number);
  let p = (patch ?? 0) + 1;
  while (taken.has(`${major}.${minor}.${p}`)) p++;
  return `${major}.${minor}.${p}`;
}

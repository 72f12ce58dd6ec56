import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import type { WorkflowDocumentRow } from '../db/schema/workflow-store.ts';
import { enqueueGraphWrite } from '../graph/outbox.ts';
import { publishWorkflowVersion } from '../workflows/lifecycle.ts';
import { getWorkflowVersion, saveWorkflowVersion, type Relation, type VersionActor } from '../workflows/store.ts';

/** Who saves and publishes the seeded example workflows. */
const SEEDER: VersionActor = { id: 'seed', label: 'system (seeded from workflows/catalog.json)', userId: null };

/** The :Workflow node and lineage edge of a saved version, written to the graph outbox. */
export async function enqueueWorkflowVersion(db: Db, row: WorkflowDocumentRow): Promise<void> {
  await enqueueGraphWrite(db, {
    kind: 'workflow_version',
    payload: {
      workflow_id: row.workflowId,
      version: row.version,
      name: row.name,
      description: row.description,
      tags: row.tags,
      skills: row.skills,
      created_at: row.createdAt.toISOString(),
      author: row.author,
    },
  });
  if (row.parentWorkflowId && row.parentVersion && row.relation) {
    await enqueueGraphWrite(db, {
      kind: 'link',
      payload: {
        kind: row.relation,
        child: { workflow_id: row.workflowId, version: row.version },
        parent: { workflow_id: row.parentWorkflowId, version: row.parentVersion },
      },
    });
  }
}

interface CatalogFile {
  seed: Array<{ file: string; parent?: { file: string; relation: Relation } }>;
}

/**
 * Seeds the saved-workflow catalog from `workflows/catalog.json` (idempotent): each listed file
 * becomes a saved version, with its lineage, published by the system (issue 28: the examples are
 * in use from the start, so the demo works); versions already saved are left as they are, whatever
 * their status since (a designer may have retired one).
 */
export async function seedWorkflowCatalog(db: Db, workflowsDir: string): Promise<{ saved: number; kept: number }> {
  const text = await readFile(path.join(workflowsDir, 'catalog.json'), 'utf8').catch(() => null);
  if (!text) return { saved: 0, kept: 0 };
  const catalog = JSON.parse(text) as CatalogFile;
  const load = async (file: string) => JSON.parse(await readFile(path.join(workflowsDir, file), 'utf8')) as Record<string, unknown>;
  let saved = 0;
  let kept = 0;
  for (const item of catalog.seed) {
    const doc = await load(item.file);
    const parentDoc = item.parent ? await load(item.parent.file) : null;
    const parent =
      parentDoc && item.parent
        ? { workflow_id: String(parentDoc.workflow_id), version: String(parentDoc.version), relation: item.parent.relation }
        : undefined;
    const r = await saveWorkflowVersion(db, doc, { note: `seeded from workflows/${item.file}`, parent, savedBy: SEEDER });
    if (r.ok) {
      await publishWorkflowVersion(db, { workflow_id: r.row.workflowId, version: r.row.version }, SEEDER);
      await enqueueWorkflowVersion(db, r.row);
      saved++;
    } else if (await getWorkflowVersion(db, String(doc.workflow_id), String(doc.version))) kept++;
  }
  return { saved, kept };
}

import type { Db } from '../db/client.ts';
import type { WorkflowDocumentRow, WorkflowVersionStatus } from '../db/schema/workflow-store.ts';
import { compareVersions } from '../../lib/semver.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import { listWorkflowVersions } from '../workflows/store.ts';
import type { Embedder } from './embeddings/embedder.ts';
import { searchKnowledge } from './search.ts';

export interface ClosestCandidate {
  workflow_id: string;
  version: string;
  name: string;
  coverage: number;
  covered: string[];
  missing: string[];
  search_score: number;
  derived_from: string | null;
  reason: string;
  /** Issue 28: the candidate's lifecycle; only a published version runs by workflow id. */
  version_status: WorkflowVersionStatus;
  published_at: string | null;
  published_by: string | null;
}

/**
 * One version per workflow (issue 28): the published one, else the highest saved, so drafts of a
 * workflow never crowd its version in use out of the top few — and a workflow with no published
 * version is still found, and reported as such, rather than silently built again.
 */
function versionInUse(versions: WorkflowDocumentRow[]): WorkflowDocumentRow[] {
  const pick = new Map<string, WorkflowDocumentRow>();
  for (const v of versions) {
    const p = pick.get(v.workflowId);
    const better = !p || (p.status !== 'published' && (v.status === 'published' || compareVersions(v.version, p.version) > 0));
    if (better) pick.set(v.workflowId, v);
  }
  return versions.filter((v) => pick.get(v.workflowId) === v);
}

/**
 * find_closest_workflow (spec §3.2, "closest cousin"): candidates from search (full text and
 * trigram over the saved workflows, fused with vector similarity when an embedder is given), ranked by how much of the requested set — capabilities
 * (a skill's first tag), skill URIs and state names — each already contains, then by search
 * score. Case B of §3.2: a derived workflow that already has diarization and segmentation ranks
 * above the foundational one for a request that needs them.
 */
export async function findClosestWorkflow(
  db: Db,
  skills: SkillDirectory,
  req: { query: string; capabilities?: string[]; skills?: string[]; states?: string[]; limit?: number },
  embedder: Embedder | null = null,
): Promise<ClosestCandidate[]> {
  const versions = versionInUse(await listWorkflowVersions(db));
  const hits = new Map(
    (await searchKnowledge(db, req.query, { kinds: ['workflow'], limit: 100, embedder })).hits.map((h) => [h.key, h.score]),
  );
  const wanted = [
    ...(req.capabilities ?? []).map((c) => ({
      label: `capability ${c}`,
      has: (w: (typeof versions)[number]) => w.skills.some((s) => skills.get(s)?.tags[0] === c),
    })),
    ...(req.skills ?? []).map((u) => ({ label: `skill ${u}`, has: (w: (typeof versions)[number]) => w.skills.includes(u) })),
    ...(req.states ?? []).map((n) => ({ label: `state ${n}`, has: (w: (typeof versions)[number]) => w.states.includes(n) })),
  ];
  const out = versions
    .map((w) => {
      const covered = wanted.filter((x) => x.has(w)).map((x) => x.label);
      const missing = wanted.filter((x) => !x.has(w)).map((x) => x.label);
      const coverage = wanted.length ? covered.length / wanted.length : 0;
      const search = hits.get(`${w.workflowId}@${w.version}`) ?? 0;
      const derived = w.relation === 'REFINEMENT_OF' ? `${w.parentWorkflowId}@${w.parentVersion}` : null;
      const missingText = missing.length ? `; missing ${missing.join(', ')}` : '';
      const derivedText = derived ? `; derived from ${derived}` : '';
      const reason = wanted.length
        ? `has ${covered.length} of ${wanted.length} requested (${covered.join(', ') || 'none'})${missingText}; search score ${search.toFixed(3)}${derivedText}`
        : `search score ${search.toFixed(3)}`;
      return {
        workflow_id: w.workflowId,
        version: w.version,
        name: w.name,
        coverage,
        covered,
        missing,
        search_score: search,
        derived_from: derived,
        reason,
        version_status: w.status,
        published_at: w.publishedAt?.toISOString() ?? null,
        published_by: w.publishedByLabel,
      };
    })
    .filter((c) => c.search_score > 0 || c.coverage > 0);
  out.sort((a, b) => b.coverage - a.coverage || b.search_score - a.search_score);
  return out.slice(0, req.limit ?? 5);
}

import type { Db } from '../db/client.ts';
import type { SkillDirectory } from '../execution/services.ts';
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
}

/**
 * find_closest_workflow (spec §3.2, "closest cousin"): candidates from search (full text and
 * trigram over the saved workflows, fused with vector similarity when an embedder is given), ranked by how much of the requested set — capabilities
 * (a skill's first tag), skill URIs and state names — each already contains, then by search
 * score. Case B of §3.2: a derived workflow that already has diarization and segmentation ranks
 * above the foundational one for a request that needs them.
 */
export async function findClosestWorkflow(db: Db, skills: SkillDirectory, req: { query: string; capabilities?: string[]; skills?: string[]; states?: string[]; limit?: number }, embedder: Embedder | null = null): Promise<ClosestCandidate[]> {
  const versions = await listWorkflowVersions(db);
  const hits = new Map((await searchKnowledge(db, req.query, { kinds: ['workflow'], limit: 100, embedder })).hits.map((h) => [h.key, h.score]));
  const wanted = [
    ...(req.capabilities ?? []).map((c) => ({ label: `capability ${c}`, has: (w: (typeof versions)[number]) => w.skills.some((s) => skills.get(s)?.tags[0] === c) })),
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
      const reason = wanted.length
        ? `has ${covered.length} of ${wanted.length} requested (${covered.join(', ') || 'none'})${missing.length ? `; missing ${missing.join(', ')}` : ''}; search score ${search.toFixed(3)}${derived ? `; derived from ${derived}` : ''}`
        : `search score ${search.toFixed(3)}`;
      return { workflow_id: w.workflowId, version: w.version, name: w.name, coverage, covered, missing, search_score: search, derived_from: derived, reason };
    })
    .filter((c) => c.search_score > 0 || c.coverage > 0);
  out.sort((a, b) => b.coverage - a.coverage || b.search_score - a.search_score);
  return out.slice(0, req.limit ?? 5);
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { workflowProposals, type WorkflowProposalRow } from '../db/schema/workflow-store.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import type { KnowledgeGraph, ReliabilityWindow } from '../graph/port.ts';
import { isObject } from '../engine/json.ts';
import { collectStateTree } from '../engine/asl/state-tree.ts';
import { getHighestVersion, getWorkflowVersion, nextPatchVersion } from '../workflows/store.ts';
import { skillAgreement } from '../qa/agreement.ts';
import { DEFAULT_WINDOW } from './reliability.ts';
import { FAILURE_THRESHOLD, MIN_USES, failsTooOften } from './health-thresholds.ts';

export interface HealthFinding {
  skill: string;
  states: string[];
  failure_rate: number;
  uses: number;
  alternative: { skill: string; failure_rate: number | null; uses: number } | null;
}

/**
 * check_workflow_health (spec §4.4): for one saved version, the bound skills whose recent failure
 * rate is above `threshold`, each with the most reliable alternative of its capability; when any
 * has an alternative, a proposal of the next patch version that swaps the bindings (and the
 * skill_imports). The proposal is stored as pending — nothing is saved until it is accepted.
 */
/** Fewest current human decisions on a skill version's output before its override rate is judged. */
export const MIN_REVIEWS = 5;

/**
 * Bound skill versions whose outputs reviewers override more often than `threshold` (issue 13:
 * the QA review's agreement feeds the learning loop), with the evidence: decisions and overrides.
 */
async function reviewFindings(db: Db, doc: Record<string, unknown>, bound: string[], threshold: number) {
  const agreement = await skillAgreement(db);
  return agreement
    .filter((a) => bound.includes(a.skill) && a.decisions >= MIN_REVIEWS && a.overrideRate > threshold)
    .map((a) => ({
      skill: a.skill,
      states: statesBinding(doc, a.skill),
      decisions: a.decisions,
      overridden: a.overridden,
      override_rate: a.overrideRate,
    }));
}

export async function checkWorkflowHealth(
  db: Db,
  graph: KnowledgeGraph,
  skills: SkillDirectory,
  key: { workflow_id: string; version?: string },
  opts: { threshold?: number; window?: ReliabilityWindow; overrideThreshold?: number } = {},
) {
  // Default: the version in use (issue 28), or the highest saved when none is published.
  const row =
    (await getWorkflowVersion(db, key.workflow_id, key.version)) ?? (key.version ? null : await getHighestVersion(db, key.workflow_id));
  if (!row) return null;
  const threshold = opts.threshold ?? FAILURE_THRESHOLD;
  const window = opts.window ?? DEFAULT_WINDOW;
  const findings: HealthFinding[] = [];
  for (const uri of row.skills) {
    const r = await graph.skillReliability(uri, window);
    const uses = r.n_success + r.n_failures;
    if (!failsTooOften(r, threshold)) continue;
    const capability = skills.get(uri)?.tags[0];
    const candidates = capability ? skills.all().filter((s) => s.uri !== uri && s.manifest.tags[0] === capability) : [];
    let best: HealthFinding['alternative'] = null;
    for (const c of candidates) {
      const cr = await graph.skillReliability(c.uri, window);
      const cu = cr.n_success + cr.n_failures;
      const rate = cr.failure_rate ?? null;
      // Only an alternative with evidence of doing better qualifies.
      if (cu >= MIN_USES && rate !== null && rate < r.failure_rate! && rate <= threshold && (!best || rate < (best.failure_rate ?? 1)))
        best = { skill: c.uri, failure_rate: rate, uses: cu };
    }
    findings.push({ skill: uri, states: statesBinding(row.document, uri), failure_rate: r.failure_rate!, uses, alternative: best });
  }
  const swaps = findings.filter((f) => f.alternative);
  let proposal: WorkflowProposalRow | null = null;
  if (swaps.length) {
    const newVersion = await nextPatchVersion(db, row.workflowId, row.version);
    const document = swapSkills(row.document, new Map(swaps.map((f) => [f.skill, f.alternative!.skill])), newVersion, skills);
    const reason = swaps
      .map(
        (f) =>
          `${f.skill} failed ${(f.failure_rate * 100).toFixed(1)}% of ${f.uses} recent uses (threshold ` +
          `${(threshold * 100).toFixed(0)}%); ${f.alternative!.skill} failed ` +
          `${((f.alternative!.failure_rate ?? 0) * 100).toFixed(1)}% of ${f.alternative!.uses}`,
      )
      .join('; ');
    proposal =
      (
        await db
          .insert(workflowProposals)
          .values({ id: randomUUID(), workflowId: row.workflowId, baseVersion: row.version, newVersion, document, findings: swaps, reason })
          .returning()
      )[0] ?? null;
  }
  const reviewed = await reviewFindings(db, row.document, row.skills, opts.overrideThreshold ?? 0.2);
  return {
    workflow_id: row.workflowId,
    version: row.version,
    healthy: findings.length === 0 && reviewed.length === 0,
    threshold,
    findings,
    review_findings: reviewed,
    proposal,
  };
}

/** The states (at any depth: the engine's tree walk) whose AgentBinding binds `uri`. */
function statesBinding(doc: Record<string, unknown>, uri: string): string[] {
  const binds = (s: unknown) =>
    isObject(s) && isObject(s.AgentBinding) && Array.isArray(s.AgentBinding.skills) && s.AgentBinding.skills.includes(uri);
  return collectStateTree(doc.asl, '/asl')
    .states.filter((node) => binds(node.value))
    .map((node) => node.name);
}

/** A copy of the document with skill URIs swapped in every AgentBinding and skill_imports, at `version`. */
function swapSkills(
  doc: Record<string, unknown>,
  swap: Map<string, string>,
  version: string,
  skills: SkillDirectory,
): Record<string, unknown> {
  const copy = structuredClone(doc);
  copy.version = version;
  copy.created_at = new Date().toISOString();
  const fileOf = (uri: string) => `file://skills/${skills.get(uri)?.skillName ?? uri}.json`;
  const text = JSON.stringify(copy.asl);
  let asl = text;
  for (const [from, to] of swap) asl = asl.split(JSON.stringify(from)).join(JSON.stringify(to));
  copy.asl = JSON.parse(asl) as unknown;
  if (Array.isArray(copy.skill_imports)) {
    const replaced = new Map([...swap].map(([f, t]) => [fileOf(f), fileOf(t)]));
    copy.skill_imports = copy.skill_imports.map((i) =>
      isObject(i) && typeof i.uri === 'string' && replaced.has(i.uri) ? { ...i, uri: replaced.get(i.uri) } : i,
    );
  }
  return copy;
}

export async function getProposal(db: Db, id: string): Promise<WorkflowProposalRow | null> {
  const [row] = await db.select().from(workflowProposals).where(eq(workflowProposals.id, id));
  return row ?? null;
}

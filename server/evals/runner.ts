import { eq } from 'drizzle-orm';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { evalCaseResults, evalRuns } from '../db/schema/evals.ts';
import { getWorkflowVersion } from '../workflows/store.ts';
import type { EvalCase } from './dataset-schema.ts';
import type { LoadedDataset } from './dataset.ts';
import { driveCase, type DrivenCase } from './drive.ts';
import { driveConductorCase } from './drive-conductor.ts';
import { keepAlive } from './liveness.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { caseScore, scoreTurn, type ExpectationResult, type TurnObservation } from './score.ts';
import { summary, type EvalRunSummary } from './store.ts';

/** One scored case, as stored and as `dcf eval` prints it. */
export interface CaseOutcome {
  case_id: string;
  title: string;
  score: number;
  passed: number;
  total: number;
  failed: ExpectationResult[];
  error: string | null;
}

/** The brain a run is scored against, as the platform describes it. */
export function brainOf(platform: AgentPlatform): { brain: string; model: string | null } {
  const d = platform.describe();
  if (d.kind === 'letta') return { brain: 'letta', model: d.model ?? null };
  return { brain: d.brain ?? 'deterministic', model: d.model ?? null };
}

/**
 * Runs every case of a dataset against the platform's brain, through the real agent runtime and
 * tool layer, one case after another (a case's runs and QA results are there for the next, as in a
 * person's day). Stores the run when it starts, each case as it is scored and the score at the end
 * (the mean of the cases' scores), touching its heartbeat while it works (liveness.ts). A case whose conversation fails is scored with its unreached
 * expectations failed; a failure of the runner itself marks the run `failed` and is rethrown.
 */
export async function runDataset(
  db: Db,
  platform: AgentPlatform,
  loaded: LoadedDataset,
  opts: {
    startedBy: string;
    /** The tool services the platform's agents use (a Conductor case's session and its Companions' work need them). */
    services?: ToolServices;
    onStart?: (runId: string) => void;
    onCase?: (c: CaseOutcome, index: number, total: number) => void;
  },
): Promise<{ run: EvalRunSummary; cases: CaseOutcome[] }> {
  const { dataset } = loaded;
  const { brain } = brainOf(platform);
  let { model } = brainOf(platform);
  const [row] = await db
    .insert(evalRuns)
    .values({
      dataset: dataset.name,
      datasetDigest: loaded.digest,
      world: dataset.world,
      brain,
      model,
      status: 'running',
      casesTotal: dataset.cases.length,
      startedBy: opts.startedBy,
    })
    .returning();
  const runId = row!.id;
  const stopBeating = keepAlive(db, runId);
  opts.onStart?.(runId);
  const workflowName = async (id: string, version: string | undefined) => (await getWorkflowVersion(db, id, version))?.name ?? null;
  const outcomes: CaseOutcome[] = [];
  try {
    for (const [i, c] of dataset.cases.entries()) {
      const started = performance.now();
      let driven: DrivenCase;
      try {
        const how = { clock: dataset.clock, runTag: runId, workflowName };
        driven =
          c.role === 'conductor'
            ? await driveConductorCase({ db, platform, services: opts.services }, c, how)
            : await driveCase(platform, c, how);
      } catch (err) {
        driven = { turns: [], error: err instanceof Error ? err.message : String(err) };
      }
      // A platform that names its agents' model (Letta) only says so once an agent exists: the first one named is the run's.
      if (!model && driven.model) {
        model = driven.model;
        await db.update(evalRuns).set({ model }).where(eq(evalRuns.id, runId));
      }
      const results = scoreCase(c, driven.turns, driven.error);
      const s = caseScore(results);
      await db.insert(evalCaseResults).values({
        runId,
        caseId: c.id,
        position: i,
        title: c.title,
        role: c.role,
        score: s.score,
        passed: s.passed,
        total: s.total,
        expectations: results,
        transcript: driven.turns.map(brief),
        error: driven.error,
        durationMs: Math.round(performance.now() - started),
      });
      const outcome = { case_id: c.id, title: c.title, ...s, failed: results.filter((r) => !r.pass), error: driven.error };
      outcomes.push(outcome);
      opts.onCase?.(outcome, i, dataset.cases.length);
    }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await db.update(evalRuns).set({ status: 'failed', finishedAt: new Date(), error }).where(eq(evalRuns.id, runId));
    throw err;
  } finally {
    stopBeating();
  }
  const score = outcomes.reduce((a, c) => a + c.score, 0) / outcomes.length;
  const [done] = await db
    .update(evalRuns)
    .set({ status: 'finished', finishedAt: new Date(), score, casesPassed: outcomes.filter((c) => c.passed === c.total).length })
    .where(eq(evalRuns.id, runId))
    .returning();
  return { run: summary(done!), cases: outcomes };
}

/**
 * A dataset narrowed to some of its cases (in the dataset's order), as a run of a subset is
 * (LangSmith's splits); an id the dataset does not have is an error naming it.
 */
export function selectCases(
  loaded: LoadedDataset,
  ids: readonly string[] | undefined,
): { ok: true; value: LoadedDataset } | { ok: false; error: string } {
  if (!ids?.length) return { ok: true, value: loaded };
  const known = new Set(loaded.dataset.cases.map((c) => c.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) return { ok: false, error: `dataset ${loaded.dataset.name} has no case ${unknown.join(', ')}` };
  const wanted = new Set(ids);
  return { ok: true, value: { ...loaded, dataset: { ...loaded.dataset, cases: loaded.dataset.cases.filter((c) => wanted.has(c.id)) } } };
}

/** Every expectation of the case: those of the turns it reached scored, those of turns it never reached failed. */
export function scoreCase(c: EvalCase, turns: TurnObservation[], error: string | null): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  c.turns.forEach((t, i) => {
    if (!t.expect) return;
    const seen = turns[i];
    if (seen && !seen.unobserved) {
      out.push(...scoreTurn(i + 1, t.expect, seen));
      return;
    }
    if (seen) {
      for (const r of scoreTurn(i + 1, t.expect, seen))
        out.push({ ...r, pass: false, seen: `not observed: ${seen.error ?? 'the platform failed'}` });
      return;
    }
    // Unreached: nothing was observed, so nothing holds (not even "no run" or "did not call").
    const none: TurnObservation = { user: t.user, reply: '', calls: [], runs: [], error: null };
    for (const r of scoreTurn(i + 1, t.expect, none))
      out.push({ ...r, pass: false, seen: `not reached: ${error ?? 'the conversation stopped'}` });
  });
  return out;
}

/** What is kept of a turn for the page: the message, the answer (bounded), the tools and the runs. */
function brief(t: TurnObservation) {
  return {
    user: t.user,
    reply: t.reply.slice(0, 4000),
    tools: t.calls.map((c) => (c.ok ? c.name : `${c.name} (error)`)),
    runs: t.runs,
    error: t.error,
  };
}

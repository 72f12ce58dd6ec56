import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { config } from '../config.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { loadDataset, worldMismatch } from './dataset.ts';
import { liveRunOf, markAbandonedRuns } from './liveness.ts';
import { runDataset, selectCases } from './runner.ts';

/** The datasets this process is starting or running, by name (one run at a time per dataset). */
const running = new Map<string, string>();

export type StartResult = { ok: true; run_id: string } | { ok: false; error: string; code: 'not_found' | 'invalid' | 'busy' };

/**
 * Starts a run of a dataset of the repository (evals/datasets/<name>.json, a name only: the
 * console never reads other paths) against the console's own agent platform, and answers with
 * its id as soon as it is stored; the cases run in the background, each stored as it is scored,
 * and a failure of the runner is stored on the run (status `failed` with the error), not lost.
 * One run at a time per dataset: refused (`busy`) while this process starts or runs one, or
 * another process (`dcf eval`, another console) runs one with a fresh heartbeat (liveness.ts).
 */
export async function startEvaluation(
  db: Db,
  platform: AgentPlatform,
  req: { rootDir: string; dataset: string; cases?: string[]; startedBy: string; services?: ToolServices },
): Promise<StartResult> {
  const mine = running.get(req.dataset);
  if (mine) return busy(req.dataset, mine);
  running.set(req.dataset, 'starting');
  let handedOver = false;
  try {
    await markAbandonedRuns(db);
    const elsewhere = await liveRunOf(db, req.dataset);
    if (elsewhere) return busy(req.dataset, elsewhere);
    const read = await loadDataset(req.dataset, req.rootDir);
    if (!read.ok) return { ok: false, error: read.error, code: read.error.startsWith('no dataset') ? 'not_found' : 'invalid' };
    const chosen = selectCases(read.value, req.cases);
    if (!chosen.ok) return { ok: false, error: chosen.error, code: 'invalid' };
    const mismatch = worldMismatch(chosen.value.dataset, config().skillTransport);
    if (mismatch) return { ok: false, error: mismatch, code: 'invalid' };
    handedOver = true;
    return await new Promise<StartResult>((resolve) => {
      runDataset(db, platform, chosen.value, {
        startedBy: req.startedBy,
        services: req.services,
        onStart: (id) => {
          running.set(req.dataset, id);
          resolve({ ok: true, run_id: id });
        },
      })
        .catch((err: unknown) => {
          // After onStart the runner has stored the failure on the run; before it, the caller hears it.
          logger().error({ err, dataset: req.dataset }, 'evaluation run failed');
          resolve({ ok: false, error: err instanceof Error ? err.message : String(err), code: 'invalid' });
        })
        .finally(() => running.delete(req.dataset));
    });
  } finally {
    if (!handedOver) running.delete(req.dataset);
  }
}

const busy = (dataset: string, runId: string): StartResult => ({
  ok: false,
  code: 'busy',
  error:
    runId === 'starting'
      ? `a run of ${dataset} is starting; start another when it has finished`
      : `evaluation run ${runId} of ${dataset} is still going; start another when it has finished`,
});

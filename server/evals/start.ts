import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { config } from '../config.ts';
import { loadDataset, worldMismatch } from './dataset.ts';
import { runDataset, selectCases } from './runner.ts';

/** The run this process is working through, if any (the console runs one evaluation at a time). */
let running: string | null = null;

export type StartResult = { ok: true; run_id: string } | { ok: false; error: string; code: 'not_found' | 'invalid' | 'busy' };

/**
 * Starts a run of a dataset of the repository (evals/datasets/<name>.json, a name only: the
 * console never reads other paths) against the console's own agent platform, and answers with
 * its id once it is stored; the cases run in the background, each stored as it is scored. One
 * run at a time per process, since every case works the same agents, runs and workers as people do.
 */
export async function startEvaluation(
  db: Db,
  platform: AgentPlatform,
  req: { rootDir: string; dataset: string; cases?: string[]; startedBy: string },
): Promise<StartResult> {
  if (running) return { ok: false, error: `evaluation run ${running} is still going; start another when it has finished`, code: 'busy' };
  const read = await loadDataset(req.dataset, req.rootDir);
  if (!read.ok) return { ok: false, error: read.error, code: read.error.startsWith('no dataset') ? 'not_found' : 'invalid' };
  const chosen = selectCases(read.value, req.cases);
  if (!chosen.ok) return { ok: false, error: chosen.error, code: 'invalid' };
  const mismatch = worldMismatch(chosen.value.dataset, config().skillTransport);
  if (mismatch) return { ok: false, error: mismatch, code: 'invalid' };
  running = 'starting';
  return new Promise<StartResult>((resolve) => {
    runDataset(db, platform, chosen.value, {
      startedBy: req.startedBy,
      onStart: (id) => {
        running = id;
        resolve({ ok: true, run_id: id });
      },
    })
      .catch((err: unknown) => {
        logger().error({ err, dataset: req.dataset }, 'evaluation run failed');
        resolve({ ok: false, error: err instanceof Error ? err.message : String(err), code: 'invalid' });
      })
      .finally(() => {
        running = null;
      });
  });
}

import { runStatusChannel } from '../controlplane/keys.ts';
import { channelOf, subscriberOf } from '../redis/connection.ts';
import { readRun } from './run-record.ts';
import type { RunRecord } from '../contracts/run-view.ts';
import { isRunSettled, settledChannel } from './run-settled.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/**
 * Resolves with the run once it is no longer RUNNING and settled (run-settled.ts), or with its current record when
 * `timeoutMs` passes first (null when the run does not exist). Listens to the run's status changes (its `run` events
 * alone: keys.ts runStatusChannel, not every state event of a Map's thousands) and its settled channel (pub/sub), and
 * re-reads the record on each, plus once a second in case a message was missed while subscribing. A finished run that
 * never settles (its process died mid-way) is returned after SETTLE_MAX_MS.
 */
const SETTLE_MAX_MS = 3_000;

export async function waitForRun(x: ExecutionServices, runId: string, timeoutMs: number): Promise<RunRecord | null> {
  const sub = subscriberOf(x.redis);
  const settled = settledChannel(sub, runId);
  try {
    return await new Promise<RunRecord | null>((resolve, reject) => {
      let done = false;
      let giveUp: ReturnType<typeof setTimeout> | undefined;
      const finish = (r: RunRecord | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearTimeout(giveUp);
        clearInterval(poll);
        resolve(r);
      };
      // The finished run, once seen: returned when the settlement is heard or found (the poll below), within a bound.
      // Once answered the wait touches Redis no more: `dcf run --wait` closes the connection straight away.
      let finished: RunRecord | null = null;
      const settle = (r: RunRecord) => {
        if (!finished) {
          finished = r;
          giveUp = setTimeout(() => finish(r), SETTLE_MAX_MS);
        }
        void isRunSettled(x.redis, runId).then((yes) => yes && finish(r), reject);
      };
      const check = () => {
        if (done) return;
        if (finished) return settle(finished);
        readRun(x.redis, runId).then((r) => {
          if (!r) finish(r);
          else if (r.status !== 'RUNNING') settle(r);
        }, reject);
      };
      const timer = setTimeout(() => void readRun(x.redis, runId).then(finish, reject), timeoutMs);
      const poll = setInterval(check, 1000);
      // Only a run event can end the run (every status change writes one, lua/commit.ts `run`); the poll above covers
      // a lost message.
      const status = channelOf(sub, runStatusChannel(runId));
      sub.on('message', (channel: string) => {
        if (channel === settled) {
          if (finished) finish(finished);
          else check();
        } else if (channel === status && !finished) check();
      });
      sub.subscribe(status, settled).then(check, reject);
    });
  } finally {
    sub.disconnect();
  }
}

/** The final JSON `dcf run --wait` and `dcf runs wait` print. */
export function finalRunJson(run: RunRecord) {
  return { run_id: run.run_id, status: run.status, output: run.output, error: run.error, cause: run.cause };
}

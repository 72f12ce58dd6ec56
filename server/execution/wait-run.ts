import { runChannel } from '../controlplane/keys.ts';
import { channelOf, subscriberOf } from '../redis/connection.ts';
import { readRun } from './run-record.ts';
import type { RunRecord } from '../contracts/run-view.ts';
import { untilRunSettled } from './run-settled.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/**
 * Resolves with the run once it is no longer RUNNING and settled (run-settled.ts), or with its current record when
 * `timeoutMs` passes first (null when the run does not exist). Listens to the run's events
 * (pub/sub) and re-reads the record on each run event, plus once a second in case a message was
 * missed while subscribing.
 */
/** How a run event's type reads in a published message (cjson writes no spaces). */
const RUN_EVENT = '"type":"run"';

export async function waitForRun(x: ExecutionServices, runId: string, timeoutMs: number): Promise<RunRecord | null> {
  const sub = subscriberOf(x.redis);
  try {
    return await new Promise<RunRecord | null>((resolve, reject) => {
      let done = false;
      const finish = (r: RunRecord | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        resolve(r);
      };
      // A finished run is returned once it is settled (its QA results published), within a bound.
      // One wait only: the poll and the events both see the finished run, and a second wait still
      // polling Redis after the caller closed it would fail unhandled (`dcf run --wait` exit 1).
      let settling = false;
      const settle = (r: RunRecord) => {
        if (settling) return;
        settling = true;
        untilRunSettled(x.redis, runId).then(() => finish(r), reject);
      };
      const check = () =>
        readRun(x.redis, runId).then((r) => {
          if (!r) finish(r);
          else if (r.status !== 'RUNNING') settle(r);
        }, reject);
      const timer = setTimeout(() => void readRun(x.redis, runId).then(finish, reject), timeoutMs);
      const poll = setInterval(() => void check(), 1000);
      // Only a run event can end the run (every status change writes one, lua/commit.ts `run`): state events, a
      // Map's thousands, need no read of the run record (whose input may be large). The substring may also match
      // a state event that quotes it, which costs one read, never a missed end; the poll above covers a lost message.
      sub.on('message', (_channel: string, raw: string) => {
        if (raw.includes(RUN_EVENT)) void check();
      });
      sub.subscribe(channelOf(sub, runChannel(runId))).then(check, reject);
    });
  } finally {
    sub.disconnect();
  }
}

/** The final JSON `dcf run --wait` and `dcf runs wait` print. */
export function finalRunJson(run: RunRecord) {
  return { run_id: run.run_id, status: run.status, output: run.output, error: run.error, cause: run.cause };
}

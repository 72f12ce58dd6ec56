'use client';
import { QaCard } from './qa-card';
import { RunCallsTable } from './run-calls-table';
import type { QaResult } from './run-view';
import { useRunCalls } from './use-run-calls';

/**
 * What a SUCCEEDED run found: its QA card, and — when it analysed several calls (a scaled run, a
 * Map over recordings) — the per-call table from the QA store in the card. Mounted once the run
 * has succeeded, so the wait for its results to be stored counts from then.
 */
export function RunResults({ runId, qa }: { runId: string; qa: QaResult }) {
  const expected = qa.perCall.length;
  const calls = useRunCalls(runId, expected);
  const several = (calls.total ?? 0) > 1;
  let table = null;
  if (several) table = <RunCallsTable runId={runId} items={calls.items} total={calls.total!} />;
  else if (expected > 1 && calls.storing) {
    table = (
      <p className="text-xs text-slate-500" role="status" data-testid="chat-run-calls-storing">
        Storing the {expected} calls’ QA results for the per-call table…
      </p>
    );
  } else if (expected > 1 && calls.failure) {
    table = (
      <p className="text-xs text-red-700" role="alert">
        The per-call QA results could not be read: {calls.failure}
      </p>
    );
  }
  return <QaCard qa={qa} runId={runId} calls={table} />;
}

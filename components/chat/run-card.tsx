'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { StateProgressBar } from '@/components/ui/state-progress-bar';
import { CopyButton } from '@/components/ui/copy-button';
import { errorMessage } from '@/components/ui/error-message';
import { failureMessage } from '@/components/ui/failure-words';
import { runTone } from '@/components/graph/format';
import type { RunCard as Card } from './cards';
import { durationText, plural } from './format';
import { needsRunRead, shownSnapshot } from './run-cards';
import { RunResults } from './run-results';
import { ukDateTime } from '@/lib/uk-time';
import { isFinalRunStatus, qaResultOf, retriedStates, runDurationMs, runProgress, runSnapshotOf, type RunSnapshot } from './run-view';

const SPINNER = 'size-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600';

/** How often a run still going is re-read (the brief's contract: every second until final). */
const POLL_MS = 1000;

/**
 * A run's live view: `runs.get` every second until the status is final, unless the thread
 * already holds a final snapshot of it (a wait or read that returned one, with its output).
 */
function useRun(card: Card) {
  const trpc = useTRPC();
  const known = needsRunRead(card.snapshot) ? null : card.snapshot;
  const query = useQuery({
    ...trpc.runs.get.queryOptions({ run_id: card.runId, include_events: false }),
    enabled: !known,
    staleTime: 0,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data?.status === 'error') return false;
      const s = runSnapshotOf(data);
      return s && isFinalRunStatus(s.status) ? false : POLL_MS;
    },
  });
  const fetched = runSnapshotOf(query.data);
  const snapshot: RunSnapshot | null = shownSnapshot(card.snapshot, fetched);
  const failure =
    query.data?.status === 'error' ? failureMessage(query.data.error) : query.isError ? failureMessage(errorMessage(query.error)) : null;
  return { snapshot, failure, loading: !snapshot && query.isPending && !known };
}

function Progress({ s }: { s: RunSnapshot }) {
  const p = runProgress(s);
  if (p.total === 0) return null;
  return (
    <div className="mt-3">
      <StateProgressBar
        counts={{ done: p.done, running: p.running, failed: p.failed, total: p.total }}
        text={`${p.done} of ${p.total} states done`}
      />
      <p className="mt-1 text-xs text-slate-600">
        {p.done} of {plural(p.total, 'state')} done
        {p.running > 0 && <> · {p.running} running</>}
        {p.pending > 0 && <> · {p.pending} pending</>}
        {p.failed > 0 && <span className="text-red-700"> · {p.failed} failed</span>}
      </p>
    </div>
  );
}

/**
 * A workflow run the agent started or read: status (live until final), progress over its state
 * instances, retries, the error of a failed run — and the QA result once its output holds one,
 * with the per-call table when it analysed several calls. One card per run (run-cards.ts): it
 * stands for every call of the run in the thread and shows the newest status.
 */
export function RunCard({ card }: { card: Card }) {
  const { snapshot: s, failure, loading } = useRun(card);
  const status = s?.status ?? 'UNKNOWN';
  const final = isFinalRunStatus(status);
  const qa = !s || status !== 'SUCCEEDED' ? null : (card.qa ?? qaResultOf(s.output));
  const retried = s ? retriedStates(s) : [];
  const duration = s ? runDurationMs(s, Date.now()) : null;
  return (
    // As wide as the thread (not a speech bubble): a scaled run's per-call table needs the room.
    <div className="space-y-2">
      <section
        aria-label={`Workflow run ${card.runId}`}
        className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xs"
        data-testid="chat-run-card"
        data-status={s ? status : 'LOADING'}
        data-run-id={card.runId}
        data-calls={card.calls.length}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Workflow run</p>
            <p className="mt-0.5 font-semibold text-slate-900">
              {s?.workflowName ?? 'Run'} {s?.workflowVersion && <span className="font-normal text-slate-500">v{s.workflowVersion}</span>}
            </p>
            <p className="flex items-center gap-1 font-mono text-xs break-all text-slate-500">
              <Link
                href={`/runs/${encodeURIComponent(card.runId)}`}
                className="hover:text-indigo-700 hover:underline"
                title="Open the run view"
              >
                {card.runId}
              </Link>{' '}
              <CopyButton text={card.runId} label="Copy the run id" />
            </p>
          </div>
          <div className="flex items-center gap-2" aria-live="polite">
            {s && !final && <span aria-hidden className={SPINNER} />}
            {s ? <Badge tone={runTone(status)}>{status}</Badge> : loading ? <Badge tone="neutral">Loading…</Badge> : null}
          </div>
        </div>
        {s && <Progress s={s} />}
        {s && (
          <p className="mt-2 text-xs text-slate-500">
            {s.startedAt && <>Started {ukDateTime(s.startedAt)}</>}
            {duration !== null && (
              <>
                {' '}
                · {final ? 'took' : 'running for'} {durationText(duration)}
              </>
            )}
          </p>
        )}
        {s?.error && (
          <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-xs text-red-800">
            <span className="font-mono">{s.error}</span>
            {s.cause && <>: {s.cause}</>}
          </p>
        )}
        {retried.length > 0 && (
          <ul className="mt-2 space-y-0.5 text-xs text-amber-800" aria-label="States retried">
            {retried.map((r) => (
              <li key={r.state}>
                <span className="font-mono">{r.state}</span> needed {r.attempts} attempts
                {r.lastError && <> ({r.lastError})</>}
                {r.status === 'done' ? ', then succeeded' : r.status === 'failed' ? ', then failed' : ''}.
              </li>
            ))}
          </ul>
        )}
        {failure && (
          <p className="mt-2 text-xs text-red-700" role="alert">
            The run could not be read: {failure}
          </p>
        )}
      </section>
      {qa && <RunResults runId={card.runId} qa={qa} />}
    </div>
  );
}

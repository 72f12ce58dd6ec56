'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useTRPC } from '@/components/providers/trpc';

/** How long to wait for a finished run's results to be stored (the consolidation job runs every 2 s). */
const WAIT_MS = 30_000;

/**
 * Resolves a run (and optionally one call) to its QA result: one match → the call detail, several
 * → the queue filtered to the run, none yet → keeps asking for a while, then says what is wrong.
 */
export function OpenQaResult({ runId, callId }: { runId: string | null; callId: string | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [started] = useState(() => Date.now());
  const filter = { ...(runId ? { run_id: runId } : {}), ...(callId ? { call_id: callId } : {}), include_earlier: true };
  const q = useQuery({
    ...trpc.qa.list.queryOptions({ filter, limit: 2 }),
    enabled: !!runId,
    refetchInterval: (query) => {
      const d = query.state.data as { status: string; total?: number } | undefined;
      return d?.status === 'ok' && (d.total ?? 0) === 0 && Date.now() - started < WAIT_MS ? 2_000 : false;
    },
  });
  const data = q.data?.status === 'ok' ? q.data : null;
  const first = data?.items[0] as { qa_result_id?: string } | undefined;
  useEffect(() => {
    if (!data || !runId) return;
    if (data.total === 1 && first?.qa_result_id) router.replace(`/qa/${first.qa_result_id}`);
    else if ((data.total ?? 0) > 1) {
      const call = callId ? `&call_id=${encodeURIComponent(callId)}&include_earlier=true` : '';
      router.replace(`/qa?run_id=${encodeURIComponent(runId)}${call}`);
    }
  }, [data, first, runId, callId, router]);

  if (!runId) {
    return (
      <p className="text-sm text-slate-700">
        This link names no run.{' '}
        <Link className="text-indigo-700 underline" href="/qa">
          Open the QA queue
        </Link>
        .
      </p>
    );
  }
  if (q.data?.status === 'error')
    return (
      <p role="alert" className="text-sm text-red-700">
        {q.data.error}
      </p>
    );
  const waitedOut = data?.total === 0 && Date.now() - started >= WAIT_MS;
  return (
    <p className="text-sm text-slate-700" aria-live="polite" data-testid="qa-open-status">
      {waitedOut ? (
        <>
          No QA result is stored for run <span className="font-mono">{runId}</span>
          {callId && (
            <>
              {' '}
              and call <span className="font-mono">{callId}</span>
            </>
          )}
          : a run stores results only when it succeeded and analysed calls.{' '}
          <Link className="text-indigo-700 underline" href={`/runs/${encodeURIComponent(runId)}`}>
            Open the run
          </Link>
          .
        </>
      ) : (
        <>
          Opening the QA result of run <span className="font-mono">{runId}</span>… (a run’s results are stored a few seconds after it ends)
        </>
      )}
    </p>
  );
}

'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { ukExact } from '@/lib/uk-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { OutcomeBadge } from './outcome-badge';
import type { JobView } from './types';

const DISPATCH_TEXT = {
  QUEUED_FOR_DELIVERY: 'Queued for the agent',
  DELIVERY_ACKNOWLEDGED: 'Taken by the agent',
} as const;

/** A job's latest runs, newest first: when it fired, the outcome, what the agent did with the task and its answer. */
export function JobRuns({ job, onClose }: { job: JobView; onClose: () => void }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.schedules.runs.queryOptions({ internal_job_id: job.internal_job_id, limit: 20 }),
    refetchInterval: 15_000,
  });
  return (
    <section
      aria-label={`Recent runs of ${job.job_name}`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="schedule-runs"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Recent runs of {job.job_name}</h2>
          <p className="text-xs text-slate-500">
            Payload sent on each run: <code className="font-mono">{JSON.stringify(job.task_payload_on_trigger)}</code>
          </p>
        </div>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {q.isPending && <LoadingState label="Loading runs…" />}
      {q.isError && <ErrorState title="The runs could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />}
      {q.data && !q.data.length && <EmptyState title="No runs yet">The job has not fired since it was created.</EmptyState>}
      {q.data && q.data.length > 0 && (
        <ol className="space-y-2">
          {q.data.map((r) => (
            <li key={r.run_id} className="rounded-lg border border-slate-100 px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <time dateTime={r.fired_at} className="font-medium">
                  {ukExact(r.fired_at)}
                </time>
                <OutcomeBadge outcome={r.outcome} error={r.error} />
                {r.dispatch_status && (
                  <Badge tone={r.dispatch_status === 'DELIVERY_ACKNOWLEDGED' ? 'info' : 'warn'}>{DISPATCH_TEXT[r.dispatch_status]}</Badge>
                )}
              </div>
              {r.error && <p className="mt-1 text-xs text-red-700">{r.error}</p>}
              {r.reply_text && (
                <p className="mt-1 whitespace-pre-wrap text-xs text-slate-700">
                  <span className="font-medium">Answer:</span> {r.reply_text}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

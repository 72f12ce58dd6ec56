'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { TableHead } from '@/components/ui/table-head';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { JobRow } from './job-row';
import { JobRuns } from './job-runs';
import type { Envelope, JobView } from './types';

/** How often the list is read again: next runs move on and runs happen in the background (nothing pushes them). */
const REFRESH_MS = 15_000;

/**
 * The Schedules page (admins): every background job with its schedule in words, target agent,
 * next run and last result (en-GB, London time); pause, resume, delete; a job's recent runs
 * beside the list.
 */
export function SchedulesPage() {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.schedules.list.queryOptions({}), refetchInterval: REFRESH_MS });
  const [open, setOpen] = useState<string | null>(null);
  if (q.isPending) return <LoadingState label="Loading background jobs…" />;
  if (q.isError) return <ErrorState title="The background jobs could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />;
  const answer = q.data as Envelope<{ jobs: JobView[]; count: number }>;
  if (answer.status === 'error') return <ErrorState title="The background jobs could not be loaded" message={answer.error} onRetry={() => void q.refetch()} />;
  if (!answer.jobs.length) {
    return (
      <EmptyState title="No background jobs yet">
        A background job dispatches a task to an agent on a schedule — a cron expression (Europe/London time) or an
        interval. Agents create them with the schedule_background_job tool, for example when you ask the Planner for
        “a weekly QA review of every advisor”.
      </EmptyState>
    );
  }
  const selected = answer.jobs.find((j) => j.internal_job_id === open) ?? null;
  return (
    <div className={selected ? 'grid gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''} data-testid="schedules-page">
      <section aria-label="Background jobs" className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="schedules-table">
          <TableHead variant="boxed" columns={['Job', 'Schedule', 'Target agent', 'Next run', 'Last run', 'State', { label: 'Actions', align: 'right' }]} />
          <tbody>
            {answer.jobs.map((job) => (
              <JobRow
                key={job.internal_job_id}
                job={job}
                selected={job.internal_job_id === open}
                onToggleRuns={() => setOpen(open === job.internal_job_id ? null : job.internal_job_id)}
              />
            ))}
          </tbody>
        </table>
      </section>
      {selected && <JobRuns job={selected} onClose={() => setOpen(null)} />}
    </div>
  );
}

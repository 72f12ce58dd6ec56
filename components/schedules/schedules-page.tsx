'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { TableHead, type HeadColumn } from '@/components/ui/table-head';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { JobRow } from './job-row';
import { JobRuns } from './job-runs';
import type { Envelope, JobView } from './types';

/** How often the list is read again: next runs move on and runs happen in the background (nothing pushes them). */
const REFRESH_MS = 15_000;

/** The job's cell names its target agent too, so that the table fits with an admin's Owner column. */
const COLUMNS: readonly HeadColumn[] = ['Job', 'Schedule', 'Next run', 'Last run', 'State'];
const ACTIONS: HeadColumn = { label: 'Actions', align: 'right' };

/**
 * The Schedules page: background jobs with their schedule in words, target agent, next run and
 * last result (en-GB, London time); pause, resume, delete; a job's recent runs beside the list.
 * An admin sees every job with whom it belongs to; a compliance manager "Your schedules", the
 * jobs they own (schedules.list answers only those; server/schedules/job-owner.ts).
 */
export function SchedulesPage({ isAdmin }: { isAdmin: boolean }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.schedules.list.queryOptions({}), refetchInterval: REFRESH_MS });
  const [open, setOpen] = useState<string | null>(null);
  const title = isAdmin ? 'All schedules' : 'Your schedules';
  const failed = (message: string) => (
    <ErrorState title="The background jobs could not be loaded" message={message} onRetry={() => void q.refetch()} />
  );
  if (q.isPending) return <LoadingState label="Loading background jobs…" />;
  if (q.isError) return failed(q.error.message);
  const answer = q.data as Envelope<{ jobs: JobView[]; count: number }>;
  if (answer.status === 'error') return failed(answer.error);
  if (!answer.jobs.length) {
    return (
      <EmptyState title={isAdmin ? 'No background jobs yet' : 'You have no schedules yet'}>
        A background job dispatches a task to an agent on a schedule — a cron expression (Europe/London time) or an interval. Agents create
        them with the schedule_background_job tool, for example when you ask the Planner in Chat for “a weekly QA review of every advisor”
        {isAdmin ? '' : '; the jobs it schedules for you show here'}.
      </EmptyState>
    );
  }
  const selected = answer.jobs.find((j) => j.internal_job_id === open) ?? null;
  const columns = isAdmin ? [COLUMNS[0]!, 'Owner', ...COLUMNS.slice(1), ACTIONS] : [...COLUMNS, ACTIONS];
  return (
    <div className={selected ? 'grid gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''} data-testid="schedules-page">
      <section aria-labelledby="schedules-title" className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <h2 id="schedules-title" className="px-3 pt-3 text-sm font-semibold text-slate-900">
          {title} <span className="font-normal text-slate-500">({answer.count})</span>
        </h2>
        <table className="mt-2 w-full text-left text-sm" data-testid="schedules-table">
          <TableHead variant="boxed" columns={columns} />
          <tbody>
            {answer.jobs.map((job) => (
              <JobRow
                key={job.internal_job_id}
                job={job}
                showOwner={isAdmin}
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

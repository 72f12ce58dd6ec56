'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { JobView } from './types';
import { OutcomeBadge } from './outcome-badge';
import { JobEdit } from './job-edit';
import { jobDoes } from './job-words';

/**
 * One job of the Schedules table with its actions — see its runs, run it once now, edit, pause or
 * resume, delete; every change re-reads the list (and the runs). The job is said in words (what
 * each run asks, the agent's name); the internal identifiers are on hover.
 * `showOwner` (admins) adds whom the job belongs to and links the target agent to the Agents page.
 * A refusal (someone else's job) shows as the other failures do, under the buttons.
 */
export function JobRow({
  job,
  selected,
  showOwner,
  onToggleRuns,
}: {
  job: JobView;
  selected: boolean;
  showOwner: boolean;
  onToggleRuns: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.schedules.pathKey() });
  const pause = useMutation(trpc.schedules.pause.mutationOptions({ onSettled: refresh }));
  const resume = useMutation(trpc.schedules.resume.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.schedules.delete.mutationOptions({ onSettled: refresh }));
  const runNow = useMutation(trpc.schedules.runNow.mutationOptions({ onSettled: refresh }));
  const [editing, setEditing] = useState(false);
  const busy = pause.isPending || resume.isPending || remove.isPending || runNow.isPending;
  const active = job.job_status === 'SCHEDULED_AND_ACTIVE';
  const ref = { internal_job_id: job.internal_job_id };
  // A tool's failure is an envelope; a refusal (FORBIDDEN) a tRPC error. Either is said under the buttons.
  const failed = [pause.data, resume.data, remove.data, runNow.data].find((r) => r && r.status === 'error') as
    { error: string } | undefined;
  const sent = runNow.data?.status === 'ok' ? runNow.data : null;
  const failure =
    failed?.error ??
    (sent?.outcome === 'FAILED' ? `The run now failed: ${sent.failure}` : undefined) ??
    [pause.error, resume.error, remove.error, runNow.error].find((e) => e)?.message;
  const columns = showOwner ? 7 : 6;
  return (
    <>
      <tr
        className={`border-t border-slate-100 align-top ${selected ? 'bg-indigo-50/40' : ''}`}
        data-testid="schedule-row"
        data-job-name={job.job_name}
      >
        <td className="px-3 py-2">
          <div className="font-medium text-slate-900">{job.job_name}</div>
          <div
            className="text-xs text-slate-600"
            title={`${job.job_type_identifier} · task ${job.task_type_on_trigger}`}
            data-testid="schedule-does"
          >
            {jobDoes(job)}
          </div>
          <div className={`${(job.target_agent_label ?? job.target_agent_name) ? 'break-words' : 'break-all'} text-xs text-slate-500`}>
            to <Target job={job} linked={showOwner} />
          </div>
        </td>
        {showOwner && (
          <td className="px-3 py-2" data-testid="schedule-owner">
            <Owner job={job} />
          </td>
        )}
        <td className="px-3 py-2">
          {/* The cron expression or interval is the job's internal form: on hover, as the task type is. */}
          <div
            title={
              job.cron_expression
                ? `cron ${job.cron_expression}${job.timezone ? ` (${job.timezone})` : ''}`
                : `every ${job.interval_seconds} s`
            }
            data-testid="schedule-when"
          >
            {job.schedule_text}
          </div>
        </td>
        <td className="whitespace-nowrap px-3 py-2" data-testid="schedule-next-run">
          {job.next_run_time_utc_iso ? <When iso={job.next_run_time_utc_iso} /> : <span className="text-slate-500">— (paused)</span>}
        </td>
        <td className="px-3 py-2">
          {job.last_run ? (
            <div className="space-y-0.5">
              <When iso={job.last_run.fired_at} />
              <div>
                <OutcomeBadge outcome={job.last_run.outcome} error={job.last_run.error} />{' '}
                <span className="text-xs text-slate-500">
                  {job.run_count} run{job.run_count === 1 ? '' : 's'}
                </span>
              </div>
            </div>
          ) : (
            <span className="text-slate-500">never</span>
          )}
        </td>
        <td className="px-3 py-2">{active ? <Badge tone="ok">Enabled</Badge> : <Badge tone="neutral">Paused</Badge>}</td>
        <td className="px-3 py-2 text-right">
          <div className="flex justify-end gap-1.5 whitespace-nowrap">
            <Button variant="ghost" onClick={onToggleRuns} aria-expanded={selected}>
              {selected ? 'Hide runs' : 'Runs'}
            </Button>
            <Button
              disabled={busy}
              title={active ? 'Run it once now; the schedule stays as it is' : 'Run it once now; it stays paused'}
              onClick={() => runNow.mutate(ref)}
            >
              Run now
            </Button>
            <Button variant="ghost" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
              Edit
            </Button>
            {active ? (
              <Button disabled={busy} onClick={() => pause.mutate(ref)}>
                Pause
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => resume.mutate(ref)}>
                Resume
              </Button>
            )}
            <Button
              variant="danger"
              disabled={busy}
              onClick={() => {
                if (window.confirm(`Delete the job “${job.job_name}” and its run history?`)) remove.mutate(ref);
              }}
            >
              Delete
            </Button>
          </div>
          {failure && (
            <p role="alert" className="mt-1 text-xs text-red-700">
              {failure}
            </p>
          )}
          {sent?.outcome === 'DISPATCHED' && (
            <p role="status" className="mt-1 text-xs text-emerald-800">
              Sent now: it is in Runs.
            </p>
          )}
        </td>
      </tr>
      {editing && (
        <tr className="border-t border-slate-100 bg-slate-50/60">
          <td colSpan={columns}>
            <JobEdit job={job} onDone={() => setEditing(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The agent each trigger dispatches to; linked to the Agents page for admins (the page is theirs). */
function Target({ job, linked }: { job: JobView; linked: boolean }) {
  const id = job.target_agent_id_on_trigger;
  const name = job.target_agent_label ?? job.target_agent_name;
  // The agent in words when the platform knows it, its id on hover (and in full when it does not).
  const label = name ?? id;
  const style = name ? 'font-medium' : 'font-mono';
  if (!linked) {
    return (
      <span className={`${style} text-slate-700`} title={id} data-testid="schedule-target">
        {label}
      </span>
    );
  }
  return (
    <Link
      href={`/agents/${encodeURIComponent(id)}`}
      className={`${style} text-indigo-700 underline-offset-2 hover:underline`}
      title={id}
      data-testid="schedule-target"
    >
      {label}
    </Link>
  );
}

/** Whom the job belongs to: its owner's name and email, and whether an agent scheduled it for them. */
function Owner({ job }: { job: JobView }) {
  const byAgent = job.created_by.startsWith('agent:');
  if (!job.owner) {
    return <span className="text-slate-500">{byAgent ? 'an agent working for nobody' : 'the system'}</span>;
  }
  return (
    <div>
      <div className="text-slate-900">{job.owner.display_name}</div>
      <div className="text-xs text-slate-500">
        {job.owner.email}
        {byAgent ? ' · through an agent' : ''}
      </div>
    </div>
  );
}

/** A moment in London time, with the exact instant and zone on hover. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={ukExact(iso)}>
      {ukDateTime(iso)}
    </time>
  );
}

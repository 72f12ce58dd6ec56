'use client';
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import type { JobView } from './types';
import { readScheduleWords, requestOf, scheduleWordsOf } from './job-words';

/**
 * Changing a job: its name, how often (typed in words and read by the Planner's grammar, so
 * "every weekday at 8am" means here what it means in the chat) and, for a job that carries a
 * request in words, what each run asks. Only what changed is sent (update_background_job); the
 * job keeps its target, status and run history.
 */
export function JobEdit({ job, onDone }: { job: JobView; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const id = useId();
  const oldWhen = scheduleWordsOf(job);
  const oldRequest = requestOf(job);
  // Untouched, a name that says the old schedule ("…, every Friday at 14:00") follows the new one.
  const [typedName, setName] = useState<string | null>(null);
  const [when, setWhen] = useState(oldWhen);
  const [request, setRequest] = useState(oldRequest ?? '');
  const update = useMutation(
    trpc.schedules.update.mutationOptions({
      onSuccess: (r) => {
        void qc.invalidateQueries({ queryKey: trpc.schedules.pathKey() });
        if (r.status === 'ok') onDone();
      },
    }),
  );
  const schedule = when.trim() === oldWhen ? null : readScheduleWords(when);
  const name = typedName ?? (schedule?.ok && job.job_name.includes(oldWhen) ? job.job_name.replace(oldWhen, schedule.plain) : job.job_name);
  const payload = oldRequest !== null && request.trim() !== oldRequest ? { ...job.task_payload_on_trigger, request: request.trim() } : null;
  const problems = [
    name.trim() ? null : 'The job needs a name.',
    schedule && !schedule.ok ? schedule.message : null,
    oldRequest !== null && !request.trim() ? 'Say what each run asks.' : null,
  ].filter((p): p is string => p !== null);
  const change = {
    ...(name.trim() !== job.job_name ? { new_job_name: name.trim() } : {}),
    ...(schedule?.ok ? schedule.change : {}),
    ...(payload ? { task_payload_on_trigger_json: JSON.stringify(payload) } : {}),
  };
  const nothing = Object.keys(change).length === 0;
  const failure = update.data?.status === 'error' ? update.data.error : update.error?.message;

  return (
    <form
      className="grid gap-3 p-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      aria-label={`Edit the job ${job.job_name}`}
      data-testid="schedule-edit"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problems.length && !nothing) update.mutate({ internal_job_id: job.internal_job_id, ...change });
      }}
    >
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        Name
        <input className={FIELD} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        How often
        <input className={FIELD} value={when} maxLength={200} aria-describedby={`${id}-when`} onChange={(e) => setWhen(e.target.value)} />
        <span id={`${id}-when`} className={`font-normal ${schedule && !schedule.ok ? 'text-red-700' : 'text-slate-500'}`}>
          {schedule ? (schedule.ok ? `Reads as: ${schedule.words}` : schedule.message) : 'e.g. every weekday at 8am, every Monday at 09:00'}
        </span>
      </label>
      {oldRequest !== null && (
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 md:col-span-2">
          What each run asks
          <textarea className={FIELD} rows={2} maxLength={2000} value={request} onChange={(e) => setRequest(e.target.value)} />
        </label>
      )}
      <div className="flex items-center gap-2 md:col-span-2">
        <Button type="submit" variant="primary" disabled={update.isPending || nothing || problems.length > 0}>
          Save changes
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        {problems.length > 0 && <span className="text-xs text-red-700">{problems.join(' ')}</span>}
        {failure && (
          <span role="alert" className="text-xs text-red-700">
            {failure}
          </span>
        )}
      </div>
    </form>
  );
}

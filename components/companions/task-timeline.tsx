'use client';
import { useMemo } from 'react';
import { useNow } from '@/components/hooks/use-now';
import { EmptyState } from '@/components/ui/states';
import { dateTime } from './format';
import type { Names } from './labels';
import { newestFirst, timeAxis, waterfall } from './task-timeline-model';
import { TaskRow } from './task-row';
import type { TaskView } from './types';

/**
 * The session's delegation log as a timeline: every task newest first, each with its bar on the
 * session's time axis (from the first delegation to now), its status, progress and result.
 * Running durations tick every second while a task is open.
 */
export function TaskTimeline({ tasks, names, finalized }: { tasks: readonly TaskView[]; names: Names; finalized: boolean }) {
  const anyOpen = tasks.some((t) => t.status === 'delegated' || t.status === 'offered');
  const now = useNow(anyOpen ? 1000 : 30_000);
  const bars = useMemo(() => waterfall(tasks, now), [tasks, now]);
  const axis = timeAxis(tasks, now);
  if (!tasks.length) {
    return (
      <EmptyState title="No tasks delegated yet">
        {finalized
          ? 'This session ended without delegating any work.'
          : 'Tasks appear here the moment the Conductor hands them to a Companion (delegate_task or broadcast_task).'}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-2">
      {axis && (
        <p className="flex justify-between pl-8 text-[11px] text-slate-500" aria-label="Time axis of the bars">
          <span>{dateTime(new Date(axis.start).toISOString())}</span>
          <span>{anyOpen ? 'now' : dateTime(new Date(axis.end).toISOString())}</span>
        </p>
      )}
      <ul className="space-y-2" aria-label="Delegated tasks, newest first">
        {newestFirst(tasks).map((t) => (
          <TaskRow key={`${t.session_id}/${t.task_id}`} task={t} bar={bars.get(t.task_id)} names={names} now={now} />
        ))}
      </ul>
    </div>
  );
}

import { clockTime, durationWords } from './format';
import { actorName, type Names } from './labels';
import { offsetSeconds } from './task-timeline-model';
import type { TaskStep, TaskView } from './types';

const STEP: Record<TaskStep['kind'], { text: string; dot: string }> = {
  delegated: { text: 'Delegated', dot: 'bg-indigo-500' },
  offered: { text: 'Offered to the pool', dot: 'bg-amber-500' },
  claimed: { text: 'Claimed', dot: 'bg-indigo-500' },
  progress: { text: 'Progress', dot: 'bg-sky-400' },
  succeeded: { text: 'Succeeded', dot: 'bg-emerald-500' },
  failed: { text: 'Failed', dot: 'bg-red-500' },
  cancelled: { text: 'Cancelled', dot: 'bg-slate-400' },
};

function stepText(s: TaskStep, task: TaskView, names: Names): string {
  switch (s.kind) {
    case 'delegated':
      return `Delegated to ${actorName(task.companion_id, names)} by ${actorName(s.actor, names)}`;
    case 'offered':
      return `Offered to the pool by ${actorName(s.actor, names)}`;
    case 'claimed':
      return `Claimed by ${actorName(s.actor, names)}`;
    case 'progress':
      return `${s.progress_pct ?? '?'}%${s.message ? ` — ${s.message}` : ''}`;
    case 'succeeded':
      return `Succeeded (reported by ${actorName(s.actor, names)})`;
    case 'failed':
      return `Failed${s.message ? `: ${s.message}` : ''}`;
    case 'cancelled':
      return `Cancelled${s.message ? `: ${s.message}` : ''}`;
  }
}

/** A task's steps in order, each with its London time and how long after the delegation it came. */
export function TaskSteps({ task, names }: { task: TaskView; names: Names }) {
  if (!task.steps.length) return <p className="text-xs text-slate-500">No steps recorded for this task.</p>;
  return (
    <ol className="relative space-y-2 border-l border-slate-200 pl-4" aria-label={`Steps of task ${task.task_id}`}>
      {task.steps.map((s) => (
        <li key={s.event_id} className="relative text-sm" data-testid="task-step" data-kind={s.kind}>
          <span aria-hidden className={`absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ring-2 ring-white ${STEP[s.kind].dot}`} />
          <span className="font-medium text-slate-800">{STEP[s.kind].text}</span>{' '}
          <span className="text-xs text-slate-500">
            {clockTime(s.at)}
            {s.kind !== 'delegated' && s.kind !== 'offered' && <> · after {durationWords(offsetSeconds(task.delegated_at, s.at))}</>}
          </span>
          <p className="text-slate-700 break-words">{stepText(s, task, names)}</p>
        </li>
      ))}
    </ol>
  );
}

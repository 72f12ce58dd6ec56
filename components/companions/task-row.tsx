'use client';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { JsonBlock } from '@/components/ui/json-block';
import { TaskPlans } from '@/components/planning/task-plans';
import { dayTime, durationWords, secondsBetween, skillName } from './format';
import { actorName, taskStatus, type Names } from './labels';
import { ProgressMeter } from './progress-meter';
import { SkillChips } from './skill-chips';
import type { Bar } from './task-timeline-model';
import { TaskSteps } from './task-steps';
import type { TaskView } from './types';

const BAR: Record<string, string> = {
  succeeded: 'bg-emerald-500',
  failed: 'bg-red-500',
  cancelled: 'bg-slate-400',
  delegated: 'bg-indigo-500 animate-pulse',
  offered: 'bg-amber-400 animate-pulse',
};

/** How long: "took 42 seconds", "running for 1 minute 5 seconds", "waiting for 3 seconds". */
function durationText(t: TaskView, now: number): string {
  if (t.status === 'offered') return `waiting for ${durationWords(secondsBetween(t.delegated_at, null, now))}`;
  if (t.status === 'delegated') return `running for ${durationWords(secondsBetween(t.delegated_at, null, now))}`;
  return `${t.status === 'cancelled' ? 'ended after' : 'took'} ${durationWords(t.duration_s)}`;
}

/**
 * One delegated task: status, who does it with which skills, its bar on the session's time axis, how far it got and what
 * came back; opens to its steps, metrics and data.
 */
export function TaskRow({ task: t, bar, names, now }: { task: TaskView; bar: Bar | undefined; names: Names; now: number }) {
  const [open, setOpen] = useState(false);
  const status = taskStatus(t.status);
  const companion = t.companion_id ? actorName(t.companion_id, names) : null;
  const spec = t.companion_id ? names.agents[t.companion_id] : undefined;
  const detailId = `task-${t.task_id.replace(/[^A-Za-z0-9_-]/g, '_')}-detail`;
  return (
    <li className="rounded-lg border border-slate-200" data-testid="task-row" data-task-id={t.task_id} data-status={t.status}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => setOpen((o) => !o)}
        className={
          'flex w-full flex-wrap items-center gap-2 rounded-t-lg px-3 pt-2.5 pb-1 text-left hover:bg-slate-50 ' +
          'focus-visible:outline-2 focus-visible:outline-indigo-500'
        }
      >
        <span aria-hidden className={`text-[10px] text-slate-500 transition-transform ${open ? 'rotate-90' : ''}`}>
          ▶
        </span>
        <span title={status.hint}>
          <Badge tone={status.tone}>{status.label}</Badge>
        </span>
        <span className="font-mono text-xs text-slate-500">{t.task_id}</span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900" title={t.description}>
          {t.description}
        </span>
        <span className="text-xs text-slate-600 tabular-nums">{durationText(t, now)}</span>
      </button>
      <div className="space-y-2 px-3 pt-1 pb-3 pl-8">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span>
            {companion ? (
              <>
                by <span className="font-medium text-slate-800">{companion}</span>
                {spec?.specialization ? ` (${spec.specialization})` : ''}
              </>
            ) : (
              'not claimed yet'
            )}
          </span>
          <span>delegated {dayTime(t.delegated_at, now)}</span>
          {typeof t.context.retry_of === 'string' && (
            <span>
              retry of <span className="font-mono">{t.context.retry_of}</span>
            </span>
          )}
        </p>
        <SkillChips skills={t.skills_required} label={`Skills of task ${t.task_id}`} />
        {bar && (
          <span aria-hidden className="relative block h-1.5 rounded-full bg-slate-100">
            <span
              className={`absolute inset-y-0 rounded-full ${BAR[t.status] ?? 'bg-slate-400'}`}
              style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
            />
          </span>
        )}
      </div>
      <div className="space-y-2 px-3 pb-3 pl-8 empty:hidden">
        {t.status === 'delegated' && t.progress_pct !== null && (
          <ProgressMeter pct={t.progress_pct} message={t.status_message} label={`Progress of task ${t.task_id}`} />
        )}
        {t.status === 'delegated' && t.progress_pct === null && <p className="text-xs text-slate-500">No progress reported yet.</p>}
        {t.status === 'succeeded' && t.summary && (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{t.summary}</p>
        )}
        {t.status === 'failed' && (
          <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="task-error">
            <span className="font-medium">Why it failed: </span>
            {t.error ?? t.summary ?? 'the Companion gave no reason'}
            {t.failed_skill && (
              <>
                {' '}
                (the failing skill: <span className="font-mono text-xs">{skillName(t.failed_skill)}</span>)
              </>
            )}
          </p>
        )}
        {t.status === 'cancelled' && t.error && <p className="text-xs text-slate-600">{t.error}</p>}
      </div>
      {open && (
        <div id={detailId} className="space-y-4 border-t border-slate-100 px-3 py-3 pl-8">
          <p className="text-sm break-words text-slate-800">
            <span className="font-medium">Task: </span>
            {t.description}
            {t.priority !== 'normal' && <span className="text-xs text-slate-500"> ({t.priority} priority)</span>}
          </p>
          <TaskSteps task={t} names={names} />
          <TaskPlans taskId={t.task_id} context={t.context} running={t.status === 'delegated' || t.status === 'offered'} />
          {t.metrics && (
            <p className="text-xs text-slate-600">
              The Companion reported {durationWords(t.metrics.duration_s)} of work, {t.metrics.tool_calls ?? '?'} tool calls, skills used:{' '}
              {t.metrics.skills_used.length ? t.metrics.skills_used.map(skillName).join(', ') : 'none'}.
            </p>
          )}
          <details>
            <summary className="cursor-pointer text-xs font-medium text-slate-700">Task context (inputs, plan)</summary>
            <div className="mt-2">
              <JsonBlock value={t.context} label={`Context of task ${t.task_id}`} maxHeight="max-h-72" />
            </div>
          </details>
          {t.output && (
            <details>
              <summary className="cursor-pointer text-xs font-medium text-slate-700">Result as sent</summary>
              <div className="mt-2">
                <JsonBlock value={t.output} label={`Result of task ${t.task_id}`} maxHeight="max-h-72" />
              </div>
            </details>
          )}
        </div>
      )}
    </li>
  );
}

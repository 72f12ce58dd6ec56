'use client';
import { useNow } from '@/components/hooks/use-now';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/states';
import { DismissCompanion } from './dismiss-companion';
import { ago, dateTime } from './format';
import { companionStatus, type Names } from './labels';
import { ProgressMeter } from './progress-meter';
import { SkillChips } from './skill-chips';
import type { CompanionRow, SessionDetail } from './types';

function CurrentTask({ c, detail }: { c: CompanionRow; detail: SessionDetail }) {
  if (!c.current_task_id) return <span className="text-slate-500">none</span>;
  const task = detail.tasks.find((t) => t.task_id === c.current_task_id);
  return (
    <div className="space-y-1">
      <p>
        <span className="font-mono text-xs text-slate-500">{c.current_task_id}</span>{' '}
        {task && <span className="text-slate-800">{task.description}</span>}
      </p>
      {task?.progress_pct !== null && task?.progress_pct !== undefined && (
        <ProgressMeter pct={task.progress_pct} message={task.status_message} label={`Progress of task ${task.task_id}`} />
      )}
    </div>
  );
}

/** One Companion: who it is, its status and current task, the skills it holds and its tags; Dismiss while the session is active. */
function CompanionCard({ c, detail, active, now }: { c: CompanionRow; detail: SessionDetail; active: boolean; now: number }) {
  const st = companionStatus(c.status);
  return (
    <li
      className="rounded-lg border border-slate-200 p-3"
      data-testid="companion-row"
      data-companion-id={c.companion_id}
      data-status={c.status}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all text-slate-900">{c.companion_name}</span>
            <span title={st.hint}>
              <Badge tone={st.tone}>{st.label}</Badge>
            </span>
          </p>
          <p className="text-xs text-slate-600">
            {c.specialization} · created <span title={dateTime(c.created_at)}>{ago(c.created_at, now)}</span>
          </p>
          <p className="flex items-center gap-1 font-mono text-[11px] break-all text-slate-500">
            {c.companion_id} <CopyButton text={c.companion_id} label={`Copy the id of ${c.companion_name}`} />
          </p>
        </div>
        {active && (
          <DismissCompanion
            sessionId={detail.session.id}
            companionId={c.companion_id}
            name={c.companion_name}
            openTask={c.current_task_id}
          />
        )}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-xs">
        <dt className="text-slate-500">Current task</dt>
        <dd className="text-sm">
          <CurrentTask c={c} detail={detail} />
        </dd>
        <dt className="text-slate-500">Loaded skills</dt>
        <dd>
          <SkillChips skills={c.loaded_skills} label={`Skills loaded by ${c.companion_name}`} />
        </dd>
        <dt className="text-slate-500">Tags</dt>
        <dd>
          <ul className="flex flex-wrap gap-1" aria-label={`Tags of ${c.companion_name}`}>
            {c.tags.map((t) => (
              <li key={t} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] break-all text-slate-600">
                {t}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </li>
  );
}

/** Companions that were dismissed (the activity remembers them). */
function Former({ names, now }: { names: Names; now: number }) {
  const former = Object.entries(names.agents).filter(([, a]) => a.role === 'companion' && a.dismissed_at);
  if (!former.length) return null;
  return (
    <div className="mt-5">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Dismissed</h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {former.map(([id, a]) => (
          <li key={id}>
            <span className="font-medium">{a.name}</span>
            {a.specialization && <> ({a.specialization})</>} — dismissed{' '}
            <span title={dateTime(a.dismissed_at)}>{ago(a.dismissed_at, now)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The live pool (list_session_companions): each Companion's specialization, status, task, skills and tags; Dismiss while the session is active. */
export function PoolPanel({ detail, names }: { detail: SessionDetail; names: Names }) {
  const now = useNow();
  const active = detail.session.status === 'active';
  if (detail.pool === null) {
    return (
      <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        The pool cannot be shown: {detail.pool_error}. The tasks and the activity below come from the console’s own record.
      </div>
    );
  }
  return (
    <div>
      {detail.pool.length === 0 ? (
        <EmptyState title={active ? 'No Companions in the pool' : 'The pool was dismissed when the session was finalized'}>
          {active ? `The Conductor creates Companions (create_companion) as work needs them, up to ${detail.session.pool_max}.` : undefined}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 xl:grid-cols-2" aria-label="Companions in the pool" data-testid="pool">
          {detail.pool.map((c) => (
            <CompanionCard key={c.companion_id} c={c} detail={detail} active={active} now={now} />
          ))}
        </ul>
      )}
      <Former names={names} now={now} />
    </div>
  );
}

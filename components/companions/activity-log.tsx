'use client';
import { useState } from 'react';
import { useNow } from '@/components/hooks/use-now';
import { EmptyState } from '@/components/ui/states';
import { activityLine } from './activity-line';
import { dateTime, dayTime } from './format';
import { actorName, eventKind, isProblemEvent, type Names } from './labels';
import type { ActivityItem } from './types';

/** Rows shown before "Show more" (a long session has thousands of progress events). */
const PAGE = 200;

/** Everything that happened in the session, newest first: who did what to whom, with problems (failed results, rejected messages) in red. */
export function ActivityLog({ activity, truncated, names }: { activity: readonly ActivityItem[]; truncated: boolean; names: Names }) {
  const now = useNow();
  const [problemsOnly, setProblemsOnly] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const rows = [...activity].reverse().filter((a) => !problemsOnly || isProblemEvent(a.kind, a.detail));
  return (
    <div className="space-y-3">
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={problemsOnly}
          onChange={(e) => setProblemsOnly(e.target.checked)}
          className="size-4 rounded border-slate-300"
        />
        Only problems (failed results, rejected messages)
      </label>
      {truncated && <p className="text-xs text-amber-800">This session has more events than one page can read: the oldest are listed.</p>}
      {rows.length === 0 ? (
        <EmptyState title={problemsOnly ? 'No problems' : 'Nothing happened yet'}>
          {problemsOnly ? 'No task failed and no message was rejected.' : undefined}
        </EmptyState>
      ) : (
        <ol className="divide-y divide-slate-100 text-sm" aria-label="Session activity, newest first">
          {rows.slice(0, limit).map((a) => {
            const line = activityLine(a.kind, a.detail);
            const problem = isProblemEvent(a.kind, a.detail);
            return (
              <li
                key={a.event_id}
                className="grid gap-x-3 py-1.5 sm:grid-cols-[9.5rem_11rem_minmax(0,1fr)]"
                data-testid="activity-item"
                data-kind={a.kind}
              >
                <span className="text-xs text-slate-500 tabular-nums" title={dateTime(a.at)}>
                  {dayTime(a.at, now)}
                </span>
                <span className={`font-medium ${problem ? 'text-red-700' : 'text-slate-800'}`}>{eventKind(a.kind)}</span>
                <span className="min-w-0 text-slate-700">
                  <span className="text-slate-500">
                    {actorName(a.actor, names)}
                    {a.subject && a.subject !== a.actor && <> → {actorName(a.subject, names)}</>}
                    {a.task_id && (
                      <>
                        {' '}
                        · task <span className="font-mono text-xs">{a.task_id}</span>
                      </>
                    )}
                  </span>
                  {line && <span className={`block break-words ${problem ? 'text-red-800' : ''}`}>{line}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {rows.length > limit && (
        <button
          type="button"
          onClick={() => setLimit((l) => l + PAGE)}
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          Show {Math.min(PAGE, rows.length - limit)} more
        </button>
      )}
    </div>
  );
}

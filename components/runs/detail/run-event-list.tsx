'use client';
import { ukTime } from '@/lib/uk-time';
import type { RunEvent } from './types';

/** One event in words: a state's new status, a run change, a swap, a redrive, a webhook. */
export function eventText(e: RunEvent['event']): string {
  const state =
    typeof e.state === 'object' && e.state !== null
      ? (e.state as { status?: string; attempts?: number; last_error?: string | null })
      : null;
  switch (e.type) {
    case 'state': {
      const attempt = state?.attempts ? ` (attempt ${state.attempts})` : '';
      const note = e.note ? ` · ${String(e.note)}` : '';
      const error = state?.last_error && state.status !== 'done' ? ` · ${state.last_error}` : '';
      return `${String(e.instance)} → ${state?.status ?? '?'}${attempt}${note}${error}`;
    }
    case 'run':
      return `run ${e.status ? `→ ${String(e.status)}` : 'updated'}${e.error ? ` · ${String(e.error)}${e.cause ? `: ${String(e.cause)}` : ''}` : ''}`;
    case 'skill_swap': {
      const reason = e.reason ? ` after ${String(e.reason)}` : '';
      const policy = e.policy ? ` (${String(e.policy)})` : '';
      return `${String(e.instance)}: swapped ${String(e.from ?? '?')} → ${String(e.to)}${reason}${policy}`;
    }
    case 'redrive':
      return `redrive #${String(e.redrive_count)}${Array.isArray(e.states) ? `: ${e.states.join(', ')}` : ''}${e.by ? ` by ${String(e.by)}` : ''}`;
    default:
      return `${String(e.type)}${e.instance ? ` ${String(e.instance)}` : ''}`;
  }
}

/** The run's event stream, newest last, each event's time and what it says. */
export function RunEventList({ events, label = 'Run events' }: { events: readonly RunEvent[]; label?: string }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No events.</p>;
  return (
    <ol className="space-y-0.5 font-mono text-[11px] leading-5" aria-label={label} data-testid="run-events">
      {events.map((e) => (
        <li key={e.id} className="flex gap-2" data-type={String(e.event.type)}>
          <span className="shrink-0 text-slate-500">{typeof e.event.at === 'string' ? ukTime(e.event.at) : e.id}</span>
          <span
            className={e.event.type === 'skill_swap' ? 'text-amber-800' : e.event.type === 'redrive' ? 'text-indigo-700' : 'text-slate-700'}
          >
            {eventText(e.event)}
          </span>
        </li>
      ))}
    </ol>
  );
}

import type { Tone } from '@/components/ui/badge';

/**
 * What the record's codes mean for people: task and Companion statuses with their badge tones,
 * the kinds of session events, and who an actor id is. Pure, tested.
 */
export type TaskStatus = 'offered' | 'delegated' | 'succeeded' | 'failed' | 'cancelled';

export const TASK_STATUS: Record<TaskStatus, { label: string; tone: Tone; hint: string }> = {
  offered: {
    label: 'Waiting for a Companion',
    tone: 'warn',
    hint: 'Offered to the pool (broadcast_task); the first Companion to claim it does it.',
  },
  delegated: { label: 'Running', tone: 'info', hint: 'Given to a Companion; its result has not come back yet.' },
  succeeded: { label: 'Succeeded', tone: 'ok', hint: 'The Companion reported success.' },
  failed: { label: 'Failed', tone: 'bad', hint: 'The Companion reported a failure.' },
  cancelled: {
    label: 'Cancelled',
    tone: 'neutral',
    hint: 'Ended without a result (its Companion was dismissed, or the task could not be sent).',
  },
};

export const taskStatus = (s: string) => TASK_STATUS[s as TaskStatus] ?? { label: s, tone: 'neutral' as Tone, hint: '' };

export const COMPANION_STATUS: Record<string, { label: string; tone: Tone; hint: string }> = {
  idle: { label: 'Idle', tone: 'neutral', hint: 'Ready for a task.' },
  busy: { label: 'Busy', tone: 'info', hint: 'Working on a task.' },
  error: { label: 'Error', tone: 'bad', hint: 'Its last task failed; it can take another.' },
};

export const companionStatus = (s: string) => COMPANION_STATUS[s] ?? { label: s, tone: 'neutral' as Tone, hint: '' };

/** Session event kinds (server/delegation/session-store.ts) in words. */
export const EVENT_KIND: Record<string, string> = {
  session_created: 'Session started',
  companion_created: 'Companion created',
  companion_dismissed: 'Companion dismissed',
  companion_status: 'Companion status',
  task_delegated: 'Task delegated',
  task_offered: 'Task offered to the pool',
  task_claimed: 'Task claimed',
  task_progress: 'Progress',
  task_result: 'Result',
  task_cancelled: 'Task cancelled',
  strategic_advice: 'Strategist advice',
  guidelines_updated: 'Guidelines revised',
  session_context_updated: 'Session context updated',
  message_rejected: 'Message rejected',
  block_edited: 'Block edited',
  webhook: 'Webhook called',
  conductor_answered: 'Conductor answered',
  session_finalized: 'Session finalized',
};

export const eventKind = (kind: string) => EVENT_KIND[kind] ?? kind.replace(/_/g, ' ');

/** Events that are problems (shown in red). */
export const isProblemEvent = (kind: string, detail: Record<string, unknown>) =>
  kind === 'message_rejected' || (kind === 'task_result' && detail.status === 'failed');

export interface Names {
  agents: Record<string, { name: string; role: string; specialization?: string | null; dismissed_at?: string | null }>;
  people: Record<string, { name: string }>;
}

/**
 * Who an actor is: an agent of the session by its name ("Conductor", a Companion's name), a console
 * user by name (`user:<id>`), the system (`system:<what>`), else the id itself.
 */
export function actorName(ref: string | null | undefined, names: Names): string {
  if (!ref) return 'the host';
  const agent = names.agents[ref];
  if (agent) return agent.name;
  const user = /^user:(.+)$/.exec(ref);
  if (user) return names.people[user[1]!]?.name ?? 'a console user';
  const system = /^system:(.+)$/.exec(ref);
  if (system) return `the system (${system[1]})`;
  if (ref === 'platform') return 'the agent platform';
  return ref;
}

/** A session's name: its Conductor conversation's title, else the start of its id. */
export const sessionTitle = (s: { id: string; conversation: { title: string | null } | null }) =>
  s.conversation?.title ?? `Session ${s.id.slice(0, 8)}`;

/** "2 running · 5 succeeded · 1 failed", leaving out zeros; "no tasks yet" when there are none. */
export function taskCountsText(t: { open: number; succeeded: number; failed: number; cancelled: number }): string {
  const parts = [
    t.open && `${t.open} running`,
    t.succeeded && `${t.succeeded} succeeded`,
    t.failed && `${t.failed} failed`,
    t.cancelled && `${t.cancelled} cancelled`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'no tasks yet';
}

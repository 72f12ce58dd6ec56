import { readProtocolMessage, type TaskProgress } from '../../../delegation/protocol.ts';
import type { BrainDecision } from '../brain.ts';
import type { ConductorContext } from './context.ts';
import { readLedger, requestState } from './ledger.ts';
import { readReply } from '../planner/intent.ts';

/** The phrase of the Conductor's question before it ends a session. */
export const ASK_FINISH = 'Shall I close this session?';

/** How the work stands: each open request's advisors (done, failed, running with its latest progress). */
export function statusAnswer(ctx: ConductorContext): BrainDecision {
  const ledger = readLedger(ctx.input.history);
  const progress = new Map<string, TaskProgress>();
  for (const m of ctx.input.history) {
    if (m.role !== 'user' || !m.sender_agent_id) continue;
    const c = readProtocolMessage(m.content);
    if (c.kind === 'valid' && c.message.type === 'task_progress') progress.set(c.message.task_id, c.message);
  }
  const requests = [...new Map(ledger.delegations.map((d) => [d.request.id, d.request])).values()];
  const lines: string[] = [];
  for (const r of requests) {
    const state = requestState(ledger, r.id);
    if (state.every((s) => s.result)) continue;
    lines.push(`Review of ${r.subjects.join(', ')} (${r.focus_label}):`);
    for (const s of state) {
      const p = s.latest ? progress.get(s.latest.taskId) : undefined;
      const what = s.result
        ? s.result.status === 'succeeded'
          ? 'done'
          : `failed — ${s.result.output.error ?? ''}`
        : !s.latest
          ? 'waiting for a free Companion'
          : p
            ? `running, ${Math.round(p.progress_pct)}% — ${p.status_message}`
            : 'running';
      lines.push(`- ${s.subject}: ${what}`);
    }
  }
  const pool = Object.values(ctx.session()?.companions ?? {});
  const busy = pool.filter((c) => c.status === 'busy').length;
  if (!lines.length)
    return ctx.say(
      'Nothing is running. ' +
        `${pool.length ? `The session has ${pool.length} Companion${pool.length === 1 ? '' : 's'}, ${busy} busy.` : 'No Companion has been created yet.'}` +
        " Ask me to review advisors' calls whenever you like.",
    );
  return ctx.say([...lines, '', `${busy} of ${pool.length} Companion${pool.length === 1 ? '' : 's'} busy.`].join('\n'));
}

/** Ending the session: asked first (it dismisses every Companion); on yes, finalize_session archives it. */
export function finishFlow(ctx: ConductorContext, confirmed: boolean): BrainDecision {
  const session = ctx.session();
  if (!session) return ctx.say('There is no open session to close.');
  if (!confirmed) {
    const running = Object.values(session.active_tasks).length;
    return ctx.say(
      `${ASK_FINISH} It dismisses every Companion` +
        `${running ? ` (${running} task${running === 1 ? ' is' : 's are'} still running and would be cancelled)` : ''}` +
        ' and archives what happened. Reply yes to close it.',
    );
  }
  const done = ctx.find('finalize_session');
  if (!done)
    return ctx.call(
      [['finalize_session', { session_id: session.session_id, conductor_id: ctx.self }]],
      'The user confirmed: finalize the session.',
    );
  if (!done.ok) return ctx.failed(done, 'close the session');
  const r = done.result!;
  return ctx.say(
    `Session closed: ${String(r.companions_dismissed)} Companion${r.companions_dismissed === 1 ? '' : 's'} dismissed` +
      `${r.archive_path ? `, archived in ${String(r.archive_path)}` : ''}. Your next request starts a new session.`,
  );
}

/** Whether this message answers the Conductor's "close the session?" question: yes, no, or not that question. */
export function finishAnswer(ctx: ConductorContext): 'yes' | 'no' | null {
  const h = ctx.input.history;
  const before = h.slice(0, h.length - 1 - [...h].reverse().findIndex((m) => m.role === 'user' && !m.sender_agent_id));
  const last = [...before]
    .reverse()
    .find((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content.trim() && !m.tool_calls?.length);
  if (!last || last.role !== 'assistant' || !String(last.content).includes(ASK_FINISH)) return null;
  const r = readReply(ctx.inbound);
  return r.yes ? 'yes' : r.no ? 'no' : null;
}

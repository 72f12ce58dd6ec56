import type { ConversationRow } from '../../server/db/schema/chat.ts';
import type { WaitOutcome } from './wait.ts';

/** `--json`: exactly `{conversation_id, reply, tool_calls, messages, runs}`. */
export function chatJson(row: ConversationRow, o: WaitOutcome) {
  return {
    conversation_id: row.id,
    reply: o.work.reply.join('\n\n'),
    tool_calls: o.work.tool_calls,
    messages: o.work.messages,
    runs: o.runs,
  };
}

const counted = (items: string[]) => {
  const n = new Map<string, number>();
  for (const i of items) n.set(i, (n.get(i) ?? 0) + 1);
  return [...n].map(([k, v]) => `${k} ${v}`).join(', ');
};

/**
 * Plain mode: the reply (every answer of the agent since the message, in order), then a short
 * summary of the work — tool calls per agent, messages between agents, the turn's tasks, runs —
 * and how to continue the conversation.
 */
export function chatText(row: ConversationRow, o: WaitOutcome): string {
  const name = (id: string) => o.names.get(id) ?? id;
  const { reply, tool_calls: calls, messages } = o.work;
  const failed = calls.filter((c) => c.status === 'error').length;
  const lines = [
    reply.length ? reply.join('\n\n') : '(no answer)',
    '',
    `— ${row.mode === 'planner' ? 'Planner' : 'Conductor'} conversation ${row.id} (continue it with --conversation ${row.id})`,
    `  tool calls: ${calls.length ? `${calls.length} (${counted(calls.map((c) => name(c.agent)))})${failed ? `, ${failed} failed` : ''}` : 'none'}`,
  ];
  if (messages.length) lines.push(`  messages between agents: ${counted(messages.map((m) => m.type))}`);
  for (const t of o.tasks) lines.push(`  task ${t.taskId}: ${t.status}${t.companionId ? ` (${name(t.companionId)})` : ''}${t.error ? ` — ${t.error}` : ''}`);
  for (const r of o.runs) lines.push(`  run ${r.run_id}: ${r.workflow_id ?? '?'} ${r.version ?? ''} ${r.status}`);
  return `${lines.join('\n')}\n`;
}

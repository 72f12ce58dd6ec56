import type { ConversationRow } from '../../server/db/schema/chat.ts';
import { PLANNING_TOOLS } from '../../server/contracts/planning/ports.ts';
import type { WaitOutcome } from '../../server/chat/turn-wait.ts';

const PLANNING: ReadonlySet<string> = new Set(PLANNING_TOOLS);

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
 * summary of the work — tool calls per agent, the plans declared for them, messages between
 * agents, the turn's tasks, runs —
 * and how to continue the conversation.
 */
export function chatText(row: ConversationRow, o: WaitOutcome): string {
  const name = (id: string) => o.names.get(id) ?? id;
  const { reply, messages } = o.work;
  // The work's calls; the plans' bookkeeping (declare/update/get_tool_call_plan) is counted apart.
  const calls = o.work.tool_calls.filter((c) => !PLANNING.has(c.name));
  const plans = o.work.tool_calls.filter((c) => c.name === 'declare_tool_call_plan').length;
  const failed = calls.filter((c) => c.status === 'error').length;
  const lines = [
    reply.length ? reply.join('\n\n') : '(no answer)',
    '',
    `— ${row.mode === 'planner' ? 'Planner' : 'Conductor'} conversation ${row.id} (continue it with --conversation ${row.id})`,
    `  tool calls: ${calls.length ? `${calls.length} (${counted(calls.map((c) => name(c.agent)))})${failed ? `, ${failed} failed` : ''}` : 'none'}`,
  ];
  if (plans) lines.push(`  tool-call plans declared: ${plans}`);
  if (messages.length) lines.push(`  messages between agents: ${counted(messages.map((m) => m.type))}`);
  for (const t of o.tasks)
    lines.push(`  task ${t.taskId}: ${t.status}${t.companionId ? ` (${name(t.companionId)})` : ''}${t.error ? ` — ${t.error}` : ''}`);
  for (const r of o.runs) lines.push(`  run ${r.run_id}: ${r.workflow_id ?? '?'} ${r.version ?? ''} ${r.status}`);
  return `${lines.join('\n')}\n`;
}

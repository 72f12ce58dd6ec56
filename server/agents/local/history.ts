import type { BrainMessage, BrainToolCall } from '../brains/brain.ts';
import type { StoredMessage } from '../../contracts/agent-platform.ts';

type Row = StoredMessage & { step_id: string | null };

/**
 * An agent's stored history as the chat a brain reads. The events of one step (its reasoning,
 * text, tool calls and tool returns, grouped by `step_id`) become one assistant message followed
 * by the tool messages; a call without a stored return (the turn was cancelled before it ran,
 * or the history window cut it off) is left out, so the model never sees an unanswered call.
 * Error events are the host's, not the conversation's, and are skipped.
 */
export function toBrainHistory(rows: Row[]): BrainMessage[] {
  const out: BrainMessage[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i]!;
    const e = row.event;
    if (e.message_type === 'user_message' || e.message_type === 'system_message') {
      out.push({
        role: e.message_type === 'user_message' ? 'user' : 'system',
        content: e.content,
        ...(e.sender_agent_id ? { sender_agent_id: e.sender_agent_id } : {}),
      });
      i++;
      continue;
    }
    if (!row.step_id) {
      if (e.message_type === 'assistant_message') out.push({ role: 'assistant', content: e.content });
      i++;
      continue;
    }
    const step: Row[] = [];
    while (i < rows.length && rows[i]!.step_id === row.step_id) step.push(rows[i++]!);
    out.push(...stepMessages(step));
  }
  return out;
}

function stepMessages(step: Row[]): BrainMessage[] {
  const returns = new Map<string, Extract<StoredMessage['event'], { message_type: 'tool_return_message' }>>();
  for (const r of step) if (r.event.message_type === 'tool_return_message') returns.set(r.event.tool_call_id, r.event);
  const calls: BrainToolCall[] = [];
  const texts: string[] = [];
  let reasoning: string | undefined;
  for (const r of step) {
    const e = r.event;
    if (e.message_type === 'reasoning_message') reasoning = reasoning ? `${reasoning}\n${e.reasoning}` : e.reasoning;
    if (e.message_type === 'assistant_message') texts.push(e.content);
    if (e.message_type === 'tool_call_message' && returns.has(e.tool_call.tool_call_id)) {
      calls.push({ id: e.tool_call.tool_call_id, name: e.tool_call.name, arguments: e.tool_call.arguments });
    }
  }
  const content = texts.length ? texts.join('\n') : null;
  if (!calls.length && content === null) return [];
  const assistant: BrainMessage = {
    role: 'assistant',
    content,
    ...(calls.length ? { tool_calls: calls } : {}),
    ...(reasoning ? { reasoning } : {}),
  };
  return [
    assistant,
    ...calls.map((c): BrainMessage => {
      const r = returns.get(c.id)!;
      return { role: 'tool', tool_call_id: c.id, name: r.name, content: r.tool_return, status: r.status };
    }),
  ];
}

import type { AgentRow } from '../../db/schema/agents.ts';
import type { AgentEvent, StoredMessage } from '../../contracts/agent-platform.ts';
import { AgentPlatformError } from './errors.ts';

/** An async agent-to-agent message as the receiver reads it (Letta's wording, so prompts written for Letta hold). */
export const asyncEnvelope = (from: string, text: string) =>
  `[Incoming message from agent with ID '${from}' - to reply to this message, make sure to use the ` +
  `'send_message_to_agent_async' tool, or the agent will not receive your message] ${text}`;

/** A message whose sender waits: the receiver's answer is returned to it. */
export const waitEnvelope = (from: string, text: string) =>
  `[Incoming message from agent with ID '${from}' - your reply will be returned to it] ${text}`;

/** The reply of a turn: its assistant messages; a turn that ended without one and not normally is an error. */
export function replyOf(agentId: string, events: AgentEvent[]): string {
  const texts = events.flatMap((e) => (e.message_type === 'assistant_message' ? [e.content] : []));
  const stop = events.find((e) => e.message_type === 'stop_reason');
  const stopReason = stop?.message_type === 'stop_reason' ? stop.stop_reason : 'none';
  if (texts.length || stopReason === 'end_turn') return texts.join('\n');
  const error = events.find((e) => e.message_type === 'error_message');
  throw new AgentPlatformError(
    'conflict',
    `agent ${agentId} did not reply (stop_reason ${stopReason}${error?.message_type === 'error_message' ? `: ${error.message}` : ''})`,
  );
}

const clip = (text: string, n = 600) => (text.length > n ? `${text.slice(0, n)}…` : text);

/**
 * What a sleep-time companion is woken with: the main agent's last `turns` turns, one line per
 * message (tool returns clipped), and what to do with them.
 */
export function sleeptimeTranscript(agent: AgentRow, recent: StoredMessage[], turns: number): string {
  let start = recent.length;
  for (let seen = 0; start > 0 && seen < turns;) {
    start -= 1;
    const t = recent[start]!.event.message_type;
    if (t === 'user_message' || t === 'system_message') seen += 1;
  }
  const lines = recent.slice(start).flatMap((m) => {
    const e = m.event;
    switch (e.message_type) {
      case 'user_message':
      case 'system_message':
        return [
          `[${e.message_type === 'user_message' ? 'user' : 'system'}${e.sender_agent_id ? ` from ${e.sender_agent_id}` : ''}] ${clip(e.content, 2_000)}`,
        ];
      case 'assistant_message':
        return [`[assistant] ${clip(e.content, 2_000)}`];
      case 'reasoning_message':
        return [`[reasoning] ${clip(e.reasoning)}`];
      case 'tool_call_message':
        return [`[tool call] ${e.tool_call.name}(${clip(e.tool_call.arguments)})`];
      case 'tool_return_message':
        return [`[tool return ${e.name}, ${e.status}] ${clip(e.tool_return)}`];
      case 'error_message':
        return [`[error] ${e.message}`];
      default:
        return [];
    }
  });
  return [
    `You are the sleep-time memory agent of ${agent.name} (${agent.id}). Its last ${turns} turns, oldest first:`,
    '',
    ...lines,
    '',
    'Update the shared memory blocks where something here is worth keeping, then call memory_finish_edits.',
  ].join('\n');
}

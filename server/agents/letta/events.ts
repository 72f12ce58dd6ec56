import type { AgentEvent, StoredMessage } from '../../contracts/agent-platform.ts';
import type { LettaRequest } from './errors.ts';
import { readAgentMessage } from '../../delegation/letta-multi-agent.ts';
import { lettaMessage, parseLetta, type LettaMessage } from './schemas.ts';

/**
 * Letta messages (stream events and stored history) → the port's `AgentEvent`s. Names match
 * Letta's `message_type` values, so most kinds map field for field; the differences:
 * - a tool-call message carrying several parallel calls (`tool_calls`) becomes one event per call;
 * - `approval_request_message` is the tool call awaiting approval (a `requires_approval` stop follows);
 * - assistant content given as parts is joined into one text;
 * - pings, echoes of the input and kinds the port has no event for yield nothing.
 * `error_message` is not an event: the reader of the stream turns it into an error.
 */

/** Every `message_type` of `LettaStreamingResponse` and `LettaMessageUnion` (the ones `lettaMessage` parses). */
const KNOWN_TYPES = new Set([
  'system_message',
  'user_message',
  'reasoning_message',
  'hidden_reasoning_message',
  'tool_call_message',
  'tool_return_message',
  'assistant_message',
  'approval_request_message',
  'approval_response_message',
  'summary_message',
  'event_message',
  'ping',
  'error_message',
  'stop_reason',
  'usage_statistics',
]);

/** Parses one Letta message; null for a `message_type` this adapter does not know (newer Letta). */
export function parseLettaMessage(raw: unknown, request: LettaRequest): LettaMessage | null {
  const type = (raw as { message_type?: unknown } | null)?.message_type;
  if (typeof type === 'string' && !KNOWN_TYPES.has(type)) return null;
  return parseLetta(lettaMessage, raw, 'message', request);
}

const text = (content: string | Array<{ text?: string | null }>) =>
  typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('');

/** The port's events for one Letta message (none for pings, input echoes and unknown kinds). */
export function toAgentEvents(message: LettaMessage): AgentEvent[] {
  switch (message.message_type) {
    case 'reasoning_message':
      return [{ message_type: 'reasoning_message', id: message.id, reasoning: message.reasoning }];
    case 'tool_call_message':
    case 'approval_request_message': {
      const calls =
        Array.isArray(message.tool_calls) && message.tool_calls.length ? message.tool_calls : message.tool_call ? [message.tool_call] : [];
      return calls.map((call, i) => ({
        message_type: 'tool_call_message' as const,
        id: calls.length > 1 ? `${message.id}:${i}` : message.id,
        tool_call: { tool_call_id: call.tool_call_id ?? '', name: call.name ?? '', arguments: call.arguments ?? '' },
      }));
    }
    case 'tool_return_message': {
      const returns = message.tool_returns?.length
        ? message.tool_returns.map((r) => ({
            tool_call_id: r.tool_call_id,
            status: r.status,
            tool_return: typeof r.tool_return === 'string' ? r.tool_return : text(r.tool_return),
          }))
        : [{ tool_call_id: message.tool_call_id, status: message.status, tool_return: message.tool_return }];
      return returns.map((r, i) => ({
        message_type: 'tool_return_message' as const,
        id: returns.length > 1 ? `${message.id}:${i}` : message.id,
        name: message.name ?? '',
        ...r,
      }));
    }
    case 'assistant_message':
      return [{ message_type: 'assistant_message', id: message.id, content: text(message.content) }];
    case 'usage_statistics':
      return [
        {
          message_type: 'usage_statistics',
          prompt_tokens: message.prompt_tokens,
          completion_tokens: message.completion_tokens,
          total_tokens: message.total_tokens,
          step_count: message.step_count,
        },
      ];
    case 'stop_reason':
      return [{ message_type: 'stop_reason', stop_reason: message.stop_reason }];
    default:
      return [];
  }
}

/**
 * One stored message of an agent's history as the port's messages (none for kinds the port does
 * not show). A user or system message another agent sent carries its id as `sender_agent_id`:
 * Letta's `sender_id` when set (the host's messages on an agent's behalf), else, for a system
 * message, the id named in the preamble of Letta's multi-agent tools (they deliver system messages
 * and set no `sender_id`). A user's message is never taken for an agent's, whatever its text says.
 */
export function toStoredMessages(agentId: string, message: LettaMessage): StoredMessage[] {
  const created_at = ('date' in message && message.date) || '';
  if (message.message_type === 'user_message' || message.message_type === 'system_message') {
    const content = typeof message.content === 'string' ? message.content : text(message.content);
    const sender = message.sender_id ?? (message.message_type === 'system_message' ? readAgentMessage(content)?.sender : null);
    return [
      {
        id: message.id,
        agent_id: agentId,
        created_at,
        event: { message_type: message.message_type, id: message.id, content, ...(sender ? { sender_agent_id: sender } : {}) },
      },
    ];
  }
  return toAgentEvents(message).map((event) => ({ id: 'id' in event ? event.id : '', agent_id: agentId, created_at, event }));
}

/** The assistant text of a reaction: its assistant messages joined by newlines. */
export function assistantText(events: readonly AgentEvent[]): string {
  return events.flatMap((e) => (e.message_type === 'assistant_message' ? [e.content] : [])).join('\n');
}

import type { AgentEvent, StoredMessage } from '@/server/contracts/agent-platform';

/**
 * A conversation as the page shows it, built from the agent's events — the stored history
 * (`chat.messages`) and the live turn's stream alike, so a reply looks the same while it streams
 * and after it was re-read. A tool call and its return become one item (paired by tool_call_id).
 */
export type ThreadEvent = StoredMessage['event'];

export interface ToolReturn {
  /** The platform's status: whether the tool ran. */
  status: 'success' | 'error';
  text: string;
  /** The return parsed as JSON (our tools return their result envelope); undefined when it is not JSON (e.g. cut off). */
  value: unknown;
}

export type ThreadItem =
  | { kind: 'user'; id: string; content: string; at?: string }
  | { kind: 'agent'; id: string; content: string; sender: string; at?: string }
  | { kind: 'system'; id: string; content: string; at?: string }
  | { kind: 'assistant'; id: string; content: string; at?: string }
  | { kind: 'reasoning'; id: string; reasoning: string }
  | { kind: 'tool'; id: string; callId: string; name: string; arguments: string; args: unknown; ret: ToolReturn | null }
  | { kind: 'error'; id: string; errorType: string; message: string; detail?: string };

export type ToolItem = Extract<ThreadItem, { kind: 'tool' }>;

/** JSON text → value; undefined for text that is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a tool call went well: `pending` without a return, `error` when the platform or the tool's envelope says so. */
export function toolStatus(item: ToolItem): 'pending' | 'ok' | 'error' {
  if (!item.ret) return 'pending';
  if (item.ret.status === 'error') return 'error';
  const v = item.ret.value as { status?: unknown } | undefined;
  return v && typeof v === 'object' && v.status === 'error' ? 'error' : 'ok';
}

/** The error a failed tool call reports (the envelope's `error`, else the raw return), or null. */
export function toolError(item: ToolItem): string | null {
  if (toolStatus(item) !== 'error') return null;
  const v = item.ret?.value as { error?: unknown } | undefined;
  return typeof v?.error === 'string' && v.error ? v.error : (item.ret?.text ?? '').slice(0, 500) || 'the tool failed';
}

/** Folds events (oldest first) into thread items. Usage statistics and stop reasons are not items. */
export function foldThread(events: ReadonlyArray<{ event: ThreadEvent; at?: string }>): ThreadItem[] {
  const items: ThreadItem[] = [];
  const tools = new Map<string, ToolItem>();
  for (const { event: e, at } of events) {
    switch (e.message_type) {
      case 'user_message':
        items.push(
          e.sender_agent_id
            ? { kind: 'agent', id: e.id, content: e.content, sender: e.sender_agent_id, at }
            : { kind: 'user', id: e.id, content: e.content, at },
        );
        break;
      case 'system_message':
        // Letta delivers another agent's message as a system message with its sender (sender_id).
        items.push(
          e.sender_agent_id
            ? { kind: 'agent', id: e.id, content: e.content, sender: e.sender_agent_id, at }
            : { kind: 'system', id: e.id, content: e.content, at },
        );
        break;
      case 'assistant_message':
        if (e.content.trim()) items.push({ kind: 'assistant', id: e.id, content: e.content, at });
        break;
      case 'reasoning_message':
        if (e.reasoning.trim()) items.push({ kind: 'reasoning', id: e.id, reasoning: e.reasoning });
        break;
      case 'tool_call_message': {
        const callId = e.tool_call.tool_call_id || e.id;
        const item: ToolItem = {
          kind: 'tool',
          id: e.id,
          callId,
          name: e.tool_call.name,
          arguments: e.tool_call.arguments,
          args: parseJson(e.tool_call.arguments || '{}'),
          ret: null,
        };
        tools.set(callId, item);
        items.push(item);
        break;
      }
      case 'tool_return_message': {
        const ret: ToolReturn = { status: e.status, text: e.tool_return, value: parseJson(e.tool_return) };
        const call = tools.get(e.tool_call_id);
        if (call && !call.ret) {
          const i = items.indexOf(call);
          const done: ToolItem = { ...call, ret };
          items[i] = done;
          tools.set(e.tool_call_id, done);
        } else {
          // A return whose call is outside the loaded history (or unmatched): shown on its own.
          items.push({ kind: 'tool', id: e.id, callId: e.tool_call_id, name: e.name, arguments: '', args: undefined, ret });
        }
        break;
      }
      case 'error_message':
        items.push({ kind: 'error', id: e.id, errorType: e.error_type, message: e.message, ...(e.detail ? { detail: e.detail } : {}) });
        break;
      default:
        break; // usage_statistics, stop_reason: about the turn, not the conversation
    }
  }
  return items;
}

/** A turn in progress: what the user sent and the events streamed so far. */
export interface LiveTurn {
  content: string;
  events: AgentEvent[];
  /** The server took the message (the stream started). */
  accepted: boolean;
}

/** The id of the live turn's user message until the history holds it. */
export const LIVE_USER_MESSAGE_ID = 'live-user-message';

const idOf = (e: AgentEvent): string | null => ('id' in e && typeof e.id === 'string' ? e.id : null);

/**
 * The history followed by the live turn. Live events already in the history (it was re-read
 * while the turn ran) are not shown twice; then the history holds the turn's user message too.
 */
export function mergeThread(history: readonly StoredMessage[], live: LiveTurn | null): Array<{ event: ThreadEvent; at?: string }> {
  const out: Array<{ event: ThreadEvent; at?: string }> = history.map((m) => ({ event: m.event, at: m.created_at }));
  if (!live) return out;
  const known = new Set(history.map((m) => m.event).flatMap((e) => ('id' in e && typeof e.id === 'string' ? [e.id] : [])));
  const overlap = live.events.some((e) => {
    const id = idOf(e);
    return id !== null && known.has(id);
  });
  if (!overlap) out.push({ event: { message_type: 'user_message', id: LIVE_USER_MESSAGE_ID, content: live.content } });
  for (const e of live.events) {
    const id = idOf(e);
    if (id === null || !known.has(id)) out.push({ event: e });
  }
  return out;
}

/** Usage of a turn from its streamed events (the last `usage_statistics`), if any. */
export function turnUsage(events: readonly AgentEvent[]): Extract<AgentEvent, { message_type: 'usage_statistics' }> | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.message_type === 'usage_statistics') return e;
  }
  return null;
}

/** Why the agent stopped (the `stop_reason` event), if it said. */
export function turnStopReason(events: readonly AgentEvent[]): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.message_type === 'stop_reason') return e.stop_reason;
  }
  return null;
}

import type { AgentPlatform, StoredMessage } from '../contracts/agent-platform.ts';
import { readProtocolMessage, type ProtocolType } from '../delegation/protocol.ts';

/**
 * What a chat turn did, read back from the agents' histories on the platform (local or Letta):
 * the main agent's answers, every tool call of the agents involved, the messages they received
 * from other agents, and the workflow runs their tool calls started. A turn starts at the user's
 * message in the main agent's history; other agents' work counts from that message's time.
 */

/** Where a turn starts: the user's message in the main agent's history. */
export interface TurnStart {
  agentId: string;
  messageId: string;
  /** Its `created_at` (ISO 8601). */
  at: string;
}

/** `pending` while a call has no return yet (its turn is still running, or was cut off). */
export type ToolCallStatus = 'ok' | 'error' | 'pending';

export interface TurnToolCall {
  agent: string;
  name: string;
  /** The arguments as JSON, or the text the agent produced when it is not JSON. */
  args: unknown;
  status: ToolCallStatus;
}

/** A message between agents: its protocol message type (schemas/messages), or `text`. */
export type AgentMessageType = ProtocolType | 'text';

export interface TurnAgentMessage {
  from: string;
  to: string;
  type: AgentMessageType;
}

/** One agent's part of a turn: its history from the turn's start. */
export interface AgentWork {
  agentId: string;
  messages: StoredMessage[];
}

/** What the turn did, in time order. */
export interface TurnWork {
  /** The main agent's answers (assistant messages with text) since the user's message, in order. */
  reply: string[];
  /** The main agent's error messages since the user's message (a brain or model failure). */
  errors: string[];
  tool_calls: TurnToolCall[];
  messages: TurnAgentMessage[];
  /** Runs started (start_workflow_run) or redriven (redrive_workflow_run) by a successful tool call, in order, once each. */
  run_ids: string[];
}

const PAGE = 200;
const RUN_TOOLS = new Set(['start_workflow_run', 'redrive_workflow_run']);
const time = (m: StoredMessage) => Date.parse(m.created_at);

/** The id of the newest message of an agent (null for an empty history): a marker to find what comes after it. */
export async function lastMessageId(platform: AgentPlatform, agentId: string): Promise<string | null> {
  return (await platform.listMessages(agentId, { limit: 1 })).at(-1)?.id ?? null;
}

/**
 * The agent's messages after the marker `afterId` (null: the whole history), oldest first,
 * read back page by page. Stops early at a message older than `notBefore` (ms), when given.
 */
async function messagesAfter(
  platform: AgentPlatform,
  agentId: string,
  afterId: string | null,
  notBefore?: number,
): Promise<StoredMessage[]> {
  const pages: StoredMessage[][] = [];
  let before: string | undefined;
  for (;;) {
    const page = await platform.listMessages(agentId, { limit: PAGE, ...(before ? { before } : {}) });
    const marker = afterId ? page.findIndex((m) => m.id === afterId) : -1;
    if (marker >= 0) {
      pages.unshift(page.slice(marker + 1));
      break;
    }
    pages.unshift(page);
    const oldest = page[0];
    if (page.length < PAGE || !oldest || (notBefore !== undefined && time(oldest) < notBefore)) break;
    before = oldest.id;
  }
  const all = pages.flat();
  return notBefore === undefined ? all : all.filter((m) => time(m) >= notBefore);
}

/**
 * The user's message that started the turn: the first user message without a sending agent and
 * with this content after the marker taken before it was sent — or, where a platform stores the
 * text otherwise (Letta may wrap it), the first such message at all; null while it is not stored.
 */
export async function findTurnStart(
  platform: AgentPlatform,
  agentId: string,
  markerId: string | null,
  content: string,
): Promise<TurnStart | null> {
  const fromUser = (await messagesAfter(platform, agentId, markerId)).filter(
    (x) => x.event.message_type === 'user_message' && !('sender_agent_id' in x.event && x.event.sender_agent_id),
  );
  const m = fromUser.find((x) => 'content' in x.event && x.event.content === content) ?? fromUser[0];
  return m ? { agentId, messageId: m.id, at: m.created_at } : null;
}

/**
 * One agent's history from the turn's start (the main agent: after the user's message; others:
 * from its time); null when the agent no longer exists (e.g. a Companion dismissed meanwhile).
 */
export async function readAgentWork(platform: AgentPlatform, agentId: string, start: TurnStart): Promise<AgentWork | null> {
  if (!(await platform.getAgent(agentId))) return null;
  const messages =
    agentId === start.agentId
      ? await messagesAfter(platform, agentId, start.messageId)
      : await messagesAfter(platform, agentId, null, Date.parse(start.at));
  return { agentId, messages };
}

/** The JSON of a text, or the text itself. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface Timed<T> {
  at: number;
  order: number;
  value: T;
}

/** Tool calls with their outcome (the return with the same tool_call_id), and the run ids their returns name. */
function toolCallsOf(work: AgentWork): Array<Timed<TurnToolCall & { run_id: string | null }>> {
  const returns = new Map<string, Extract<StoredMessage['event'], { message_type: 'tool_return_message' }>>();
  for (const m of work.messages) if (m.event.message_type === 'tool_return_message') returns.set(m.event.tool_call_id, m.event);
  return work.messages.flatMap((m, order) => {
    if (m.event.message_type !== 'tool_call_message') return [];
    const { name, arguments: args, tool_call_id } = m.event.tool_call;
    const ret = returns.get(tool_call_id);
    const status: ToolCallStatus = !ret ? 'pending' : ret.status === 'success' ? 'ok' : 'error';
    const result = ret ? (jsonOrText(ret.tool_return) as { run_id?: unknown } | null) : null;
    const runId = status === 'ok' && RUN_TOOLS.has(name) && typeof result?.run_id === 'string' ? result.run_id : null;
    return [{ at: time(m), order, value: { agent: work.agentId, name, args: jsonOrText(args), status, run_id: runId } }];
  });
}

/** Messages the agent received from other agents, typed by the protocol message they carry. */
function receivedOf(work: AgentWork): Array<Timed<TurnAgentMessage>> {
  return work.messages.flatMap((m, order) => {
    const e = m.event;
    if ((e.message_type !== 'user_message' && e.message_type !== 'system_message') || !e.sender_agent_id) return [];
    const carried = readProtocolMessage(e.content);
    const type: AgentMessageType = carried.kind === 'valid' ? carried.message.type : carried.kind === 'invalid' ? carried.type : 'text';
    return [{ at: time(m), order, value: { from: e.sender_agent_id, to: work.agentId, type } }];
  });
}

const inTimeOrder = <T>(items: Array<Timed<T>>): T[] => items.sort((a, b) => a.at - b.at || a.order - b.order).map((x) => x.value);

/** The turn's work from the histories read (the main agent's among them). */
export function combineTurnWork(start: TurnStart, works: AgentWork[]): TurnWork {
  const main = works.find((w) => w.agentId === start.agentId)?.messages ?? [];
  const calls = inTimeOrder(works.flatMap(toolCallsOf));
  const runIds = [...new Set(calls.flatMap((c) => (c.run_id ? [c.run_id] : [])))];
  return {
    reply: main.flatMap((m) => (m.event.message_type === 'assistant_message' && m.event.content.trim() ? [m.event.content] : [])),
    errors: main.flatMap((m) => (m.event.message_type === 'error_message' ? [m.event.message] : [])),
    tool_calls: calls.map(({ run_id: _run, ...c }) => c),
    messages: inTimeOrder(works.flatMap(receivedOf)),
    run_ids: runIds,
  };
}

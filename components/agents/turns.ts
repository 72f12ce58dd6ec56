import type { StoredMessage } from '@/server/contracts/agent-platform';
import { foldThread, toolStatus, type ThreadItem } from '@/components/chat/thread';

/**
 * An agent's history as the Agents view shows it: turns, newest first, each read top-down —
 * what came in (a user's message, another agent's, a system notice) and everything the agent did
 * in answer (reasoning, tool calls with their returns, replies, errors). Built with the chat's
 * own folding (foldThread), so calls and returns pair the same way as in Chat. Pure.
 */
export interface Turn {
  /** Stable across re-renders: the id of its first item. */
  key: string;
  /** The message that started it; null for a turn whose start is older than the loaded history. */
  opener: Extract<ThreadItem, { kind: 'user' | 'agent' | 'system' }> | null;
  items: ThreadItem[];
  /** When it started (its first item), if known. */
  at: string | null;
  toolCalls: number;
  /** Tool calls that failed, and platform errors. */
  problems: number;
}

const opens = (i: ThreadItem): i is NonNullable<Turn['opener']> => i.kind === 'user' || i.kind === 'agent' || i.kind === 'system';

/** When each stored event happened, by event id (items carry the id of the event they come from). */
export function eventTimes(messages: readonly StoredMessage[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of messages) {
    const id = 'id' in m.event ? m.event.id : m.id;
    if (!out.has(id)) out.set(id, m.created_at);
  }
  return out;
}

/**
 * Messages newest first (as `agents.messages` pages them, pages one after the other) → turns,
 * newest first. Order is taken from the list, not from timestamps: one step's reasoning and
 * tool call share a time.
 */
export function turnsOf(newestFirst: readonly StoredMessage[]): Turn[] {
  const oldestFirst = [...newestFirst].reverse();
  const items = foldThread(oldestFirst.map((m) => ({ event: m.event, at: m.created_at })));
  const times = eventTimes(oldestFirst);
  const turns: Turn[] = [];
  for (const item of items) {
    let turn = turns.at(-1);
    if (!turn || opens(item)) {
      turn = { key: item.id, opener: opens(item) ? item : null, items: [], at: times.get(item.id) ?? null, toolCalls: 0, problems: 0 };
      turns.push(turn);
      if (opens(item)) continue;
    }
    turn.items.push(item);
    if (item.kind === 'tool') {
      turn.toolCalls++;
      if (toolStatus(item) === 'error') turn.problems++;
    }
    if (item.kind === 'error') turn.problems++;
  }
  return turns.reverse();
}

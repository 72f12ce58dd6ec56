import { isRecord } from '@/lib/is-record';
/**
 * The delegated-mode protocol messages (schemas/messages) as the chat finds them in a
 * Conductor's history: JSON text sent with send_message_to_agent_async, which the platform may
 * put after a preamble — Letta's and the local runtime's "[Incoming message from agent with ID
 * '…' - …]". The sender is the message's `sender_agent_id`, else the id the preamble names.
 * Pure (the server validates these messages at the gate; here they are only read).
 */
export type ProtocolKind = 'task_delegation' | 'task_result' | 'task_progress' | 'strategic_advice';

export interface ProtocolMessage {
  kind: ProtocolKind;
  /** Who sent it (an agent id), when known. */
  sender: string | null;
  message: Record<string, unknown>;
}

const KINDS: readonly string[] = ['task_delegation', 'task_result', 'task_progress', 'strategic_advice'];
const PREAMBLE = /^\s*\[Incoming message from agent with ID '([^']+)'[^\]]*\]\s*/;

function jsonObject(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const v: unknown = JSON.parse(text.slice(start, end + 1));
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

/** The protocol message a history message carries, or null for anything else (plain words, other JSON). */
export function protocolMessageIn(content: string, senderAgentId?: string | null): ProtocolMessage | null {
  const preamble = PREAMBLE.exec(content);
  const doc = jsonObject(preamble ? content.slice(preamble[0].length) : content);
  if (!doc || typeof doc.type !== 'string' || !KINDS.includes(doc.type)) return null;
  return { kind: doc.type as ProtocolKind, sender: senderAgentId ?? preamble?.[1] ?? null, message: doc };
}

/** The agent id a preamble names, or null (for messages the platform stored without `sender_agent_id`). */
export function preambleSender(content: string): string | null {
  return PREAMBLE.exec(content)?.[1] ?? null;
}

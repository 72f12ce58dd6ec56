import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { readAgentMessage } from './letta-multi-agent.ts';
import type { GatedMessage, StoredMessage } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { delegationEvents, type DelegationEventRow, type DelegationSessionRow } from '../db/schema/delegation.ts';
import type { DelegationHub } from './hub.ts';
import { KeyedLock } from '../../lib/keyed-lock.ts';
import { delegationGate } from './message-gate.ts';
import { readProtocolMessage } from './protocol.ts';
import { SessionStore, type NewSessionEvent } from './session-store.ts';

/**
 * Delegated mode on Letta. Agents there message each other with Letta's own multi-agent tools,
 * so the console's message gate (message-gate.ts), which the local runtime calls at delivery,
 * never sees a Companion's task_result, its task_progress or the Strategist's strategic_advice:
 * Letta delivers them straight into the Conductor's history. This reads that history back and
 * applies the gate to what it finds, as the local runtime would have at delivery:
 * - each message another agent sent the Conductor that carries a protocol message goes through
 *   the gate's `onReceive` (the sender: the message's `sender_agent_id`, else the agent named in
 *   the preamble of Letta's multi-agent tools; a message naming no agent is not taken for one);
 * - each protocol message the Conductor sent itself with send_message_to_agent_async (or
 *   …_and_wait_for_reply) goes through `onSend`, so a task it delegated that way is recorded
 *   before its result arrives (as on the local runtime).
 *
 * Idempotent: every event recorded while applying a message carries its Letta message id as
 * `synced_message_id`, and a message with events is not applied again. A message that recorded
 * nothing (a result already recorded, a delegation of a known task) is a no-op when seen again.
 * Messages older than the session, or older than the newest message already synced, are not read.
 * One sync at a time per session in this process.
 */

/** What one sync did. */
export interface SyncReport {
  session_id: string;
  /** Why nothing was read, when nothing was. */
  skipped: string | null;
  /** Messages of the Conductor's history read. */
  read: number;
  /**
   * The protocol messages put through the gate, oldest first, each with the gate's refusal (recorded
   * as message_rejected) or null. A message that recorded nothing is put through again next time.
   */
  messages: Array<{ message_id: string; type: string; from: string; to: string; refusal: string | null }>;
}

/** Messages per page of history, and how many pages one sync reads at most. */
const PAGE = 100;
const MAX_PAGES = 20;

/** The tools with which an agent sends one other agent a message: `{ message, other_agent_id }`. */
const SENDING_TOOLS = new Set(['send_message_to_agent_async', 'send_message_to_agent_and_wait_for_reply']);

const syncs = new KeyedLock();

/**
 * Applies the protocol messages in the Conductor's Letta history that the console has not seen.
 * Only for an active session on Letta: on the local runtime the gate sees every message at
 * delivery (syncing there would record them twice), and a finalized session has no Companions.
 */
export async function syncSessionFromHistory(hub: DelegationHub, session: DelegationSessionRow): Promise<SyncReport> {
  const report: SyncReport = { session_id: session.id, skipped: null, read: 0, messages: [] };
  if (session.platform !== 'letta')
    return { ...report, skipped: `the session runs on ${session.platform}, whose message gate records messages at delivery` };
  if (session.status !== 'active') return { ...report, skipped: 'the session was finalized' };
  return syncs.run(session.id, async () => {
    // Finalized while this sync waited its turn: its Companions are gone.
    if ((await hub.store.session(session.id))?.status !== 'active') return { ...report, skipped: 'the session was finalized' };
    const synced = await syncedMessageIds(hub.db, session.id);
    const history = await unsyncedHistory(hub, session, synced);
    report.read = history.read;
    for (const m of history.messages) {
      const carried = carriedMessage(session.conductorId, m);
      if (!carried) continue;
      const protocol = readProtocolMessage(carried.text);
      if (protocol.kind === 'none') continue;
      const gate = delegationGate(async () => markingHub(hub, m.id));
      const refusal = carried.direction === 'received' ? await gate.onReceive(carried) : await gate.onSend(carried);
      const type = protocol.kind === 'valid' ? protocol.message.type : protocol.type;
      report.messages.push({ message_id: m.id, type, from: carried.from, to: carried.to, refusal });
    }
    return report;
  });
}

/** The ids of the session's messages already synced (those its events name). */
async function syncedMessageIds(db: Db, sessionId: string): Promise<Set<string>> {
  const id = sql<string>`${delegationEvents.payload}->>'synced_message_id'`;
  const rows = await db
    .select({ id })
    .from(delegationEvents)
    .where(and(eq(delegationEvents.sessionId, sessionId), isNotNull(id)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The Conductor's messages newer than both the session's start and the newest message already
 * synced, oldest first: pages of history read back from the newest until one of those is met.
 */
async function unsyncedHistory(
  hub: DelegationHub,
  session: DelegationSessionRow,
  synced: Set<string>,
): Promise<{ read: number; messages: StoredMessage[] }> {
  const newestFirst: StoredMessage[] = [];
  let read = 0;
  let before: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const messages = await hub.platform.listMessages(session.conductorId, { limit: PAGE, ...(before ? { before } : {}) });
    read += messages.length;
    for (const m of [...messages].reverse()) {
      if (synced.has(m.id) || isBefore(m, session.createdAt)) return { read, messages: newestFirst.reverse() };
      newestFirst.push(m);
    }
    const oldest = messages[0]?.id;
    if (!oldest || oldest === before) return { read, messages: newestFirst.reverse() };
    before = oldest;
  }
  hub.log.warn(
    { session: session.id, read },
    `Letta sync read ${MAX_PAGES} pages of the Conductor's history without reaching the session's start or a synced message; older messages were not read`,
  );
  return { read, messages: newestFirst.reverse() };
}

const isBefore = (m: StoredMessage, start: Date) => {
  const at = Date.parse(m.created_at);
  return Number.isFinite(at) && at < start.getTime();
};

/**
 * The gated message a history entry is, if it is one between agents: a message another agent sent
 * the Conductor (`received`), or one the Conductor sent with a multi-agent tool (`sent`).
 */
function carriedMessage(conductorId: string, m: StoredMessage): (GatedMessage & { from: string; direction: 'received' | 'sent' }) | null {
  const e = m.event;
  if (e.message_type === 'user_message' || e.message_type === 'system_message') {
    const enveloped = readAgentMessage(e.content);
    const from = e.sender_agent_id ?? (e.message_type === 'system_message' ? enveloped?.sender : null);
    if (!from || from === conductorId) return null;
    return { direction: 'received', from, to: conductorId, text: enveloped?.text ?? e.content };
  }
  if (e.message_type === 'tool_call_message' && SENDING_TOOLS.has(e.tool_call.name)) {
    const args = parseArguments(e.tool_call.arguments);
    if (typeof args?.message !== 'string' || typeof args.other_agent_id !== 'string') return null;
    return { direction: 'sent', from: conductorId, to: args.other_agent_id, text: args.message };
  }
  return null;
}

function parseArguments(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Session events recorded while applying one synced message, each naming it in `synced_message_id`. */
class SyncedMessageEvents extends SessionStore {
  constructor(
    db: Db,
    private readonly messageId: string,
  ) {
    super(db);
  }

  override addEvent(e: NewSessionEvent): Promise<DelegationEventRow> {
    return super.addEvent({ ...e, payload: { ...e.payload, synced_message_id: this.messageId } });
  }
}

/** The hub as the gate uses it for one synced message: the same in every way but its events' mark. */
const markingHub = (hub: DelegationHub, messageId: string): DelegationHub => ({
  ...hub,
  store: new SyncedMessageEvents(hub.db, messageId),
});

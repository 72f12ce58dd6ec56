import { protocolMessageIn, type ProtocolMessage } from './protocol-message';
import type { ThreadItem, ToolItem } from './thread';
import { isRecord, num, str } from '@/lib/is-record';

/**
 * The cards of a Conductor conversation's delegated work, decided from the thread and the
 * session's record (companions.sessionOfConversation):
 * - a **delegation card** per delegate_task / broadcast_task call: the task, its Companion and
 *   skills, and its status — sending → delegated (or offered to the pool) → progress % →
 *   succeeded / failed with its duration and summary or error, or refused / cancelled. The
 *   Companions' task_progress and task_result messages later in the thread move it on; the
 *   session's record, when it knows the task, has the last word (a Companion dismissed from the
 *   Companions page cancels a task without a message to the Conductor);
 * - a **Companion card** per create_companion, a **dismissal card** per dismiss_companion, a
 *   **finalize card** per finalize_session;
 * - each protocol message received (task_result, task_progress, strategic_advice) is recognised,
 *   so the thread shows it as what it is instead of raw JSON.
 * Pure.
 */
export interface TaskFacts {
  session_id: string;
  task_id: string;
  status: string;
  companion_id: string | null;
  progress_pct: number | null;
  status_message: string | null;
  delegated_at: string;
  completed_at: string | null;
  duration_s: number | null;
  summary: string | null;
  error: string | null;
  failed_skill: string | null;
  metrics: { duration_s: number | null; tool_calls: number | null; skills_used: string[] } | null;
}

export interface SessionFacts {
  sessionId: string | null;
  tasks: readonly TaskFacts[];
  agents: Readonly<Record<string, { name: string; role: string; specialization?: string | null }>>;
}

export const NO_FACTS: SessionFacts = { sessionId: null, tasks: [], agents: {} };

export type DelegationStatus = 'sending' | 'refused' | 'offered' | 'delegated' | 'succeeded' | 'failed' | 'cancelled' | 'no_result';

export interface DelegationCard {
  kind: 'delegation';
  tool: 'delegate_task' | 'broadcast_task';
  taskId: string;
  description: string;
  skills: string[];
  companionId: string | null;
  companionName: string | null;
  specialization: string | null;
  /** broadcast_task: how many Companions it was offered to. */
  offeredTo: number | null;
  status: DelegationStatus;
  /** Why delegate_task refused (its error), for `refused`. */
  refusal: string | null;
  progress: { pct: number; message: string | null } | null;
  delegatedAt: string | null;
  completedAt: string | null;
  /** From delegation to result (the record), else what the Companion reported. */
  durationS: number | null;
  summary: string | null;
  error: string | null;
  failedSkill: string | null;
  toolCalls: number | null;
  /** The session the task is recorded in (for a link to the Companions page). */
  sessionId: string | null;
  /** The task this one tries again (task_delegation `context.retry_of`). */
  retryOf: string | null;
}

export interface CompanionCard {
  kind: 'companion';
  companionId: string | null;
  name: string | null;
  specialization: string;
  skills: string[];
  error: string | null;
  pending: boolean;
}

export interface DismissCard {
  kind: 'dismiss';
  companionId: string;
  name: string | null;
  skillsUnloaded: string[];
  error: string | null;
  pending: boolean;
}

export interface FinalizeCard {
  kind: 'finalize';
  companionsDismissed: number | null;
  archivePath: string | null;
  error: string | null;
  pending: boolean;
}

export type DelegationToolCard = DelegationCard | CompanionCard | DismissCard | FinalizeCard;

type Obj = Record<string, unknown>;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A `*_json` argument (JSON text) or an inline array, as strings. */
function jsonStrings(v: unknown): string[] {
  if (Array.isArray(v)) return strings(v);
  if (typeof v !== 'string') return [];
  try {
    return strings(JSON.parse(v) as unknown);
  } catch {
    return [];
  }
}

const argsOf = (item: ToolItem): Obj => (isRecord(item.args) ? item.args : {});

/** A `context_json` argument (JSON text, or an inline object) as an object. */
function contextOf(v: unknown): Obj {
  if (isRecord(v)) return v;
  if (typeof v !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(v);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
/** The tool's envelope when it says ok; null while pending or when it failed. */
const okOf = (item: ToolItem): Obj | null =>
  isRecord(item.ret?.value) && (item.ret!.value as Obj).status === 'ok' ? (item.ret!.value as Obj) : null;
/** Why the call failed: the envelope's error, else the platform's return text; null when it did not fail. */
function errorOf(item: ToolItem): string | null {
  if (!item.ret || okOf(item)) return null;
  const v = item.ret.value;
  return (isRecord(v) ? str(v.error) : null) ?? (item.ret.text.slice(0, 500) || 'the tool failed');
}

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

function delegationCard(
  item: ToolItem,
  messages: ReadonlyArray<ProtocolMessage>,
  facts: SessionFacts,
  names: Map<string, string>,
): DelegationCard | null {
  const a = argsOf(item);
  const taskId = str(a.task_id);
  if (!taskId) return null;
  const broadcast = item.name === 'broadcast_task';
  const r = okOf(item);
  const refusal = errorOf(item);
  const payload = isRecord(r?.delegation_payload) ? (r!.delegation_payload as Obj) : null;
  const card: DelegationCard = {
    kind: 'delegation',
    tool: broadcast ? 'broadcast_task' : 'delegate_task',
    taskId,
    description: str(a.description) ?? '',
    skills: jsonStrings(a.skills_required_json ?? a.skills_required),
    companionId: broadcast ? null : str(a.companion_id),
    companionName: null,
    specialization: null,
    offeredTo: broadcast && r ? strings(r.companions_notified).length : null,
    status: !item.ret ? 'sending' : refusal ? 'refused' : broadcast ? 'offered' : 'delegated',
    refusal,
    progress: null,
    delegatedAt: str(payload?.delegated_at),
    completedAt: null,
    durationS: null,
    summary: null,
    error: null,
    failedSkill: null,
    toolCalls: null,
    sessionId: facts.sessionId,
    retryOf: str(contextOf(a.context_json).retry_of),
  };
  if (broadcast && r && card.offeredTo === 0) card.status = 'no_result';
  if (card.status === 'refused' || card.status === 'no_result') return named(card, facts, names);
  for (const m of messages) {
    if (m.message.task_id !== taskId) continue;
    if (m.kind === 'task_progress' && !TERMINAL.has(card.status)) {
      card.progress = { pct: num(m.message.progress_pct) ?? 0, message: str(m.message.status_message) };
      card.companionId ??= str(m.message.companion_id);
      card.status = 'delegated';
    }
    if (m.kind === 'task_result') {
      const output = isRecord(m.message.output) ? m.message.output : {};
      const metrics = isRecord(m.message.metrics) ? m.message.metrics : {};
      card.status = m.message.status === 'failed' ? 'failed' : 'succeeded';
      card.companionId ??= str(m.message.companion_id);
      card.completedAt = str(m.message.completed_at);
      card.durationS = num(metrics.duration_s);
      card.toolCalls = num(metrics.tool_calls);
      card.summary = str(output.summary);
      card.error = card.status === 'failed' ? (str(output.error) ?? card.summary) : null;
      card.failedSkill = str(output.failed_skill);
    }
  }
  const rec = facts.tasks.find((t) => t.task_id === taskId);
  if (rec) {
    card.sessionId = rec.session_id;
    card.companionId = rec.companion_id ?? card.companionId;
    card.delegatedAt = rec.delegated_at;
    if (rec.status === 'delegated' || rec.status === 'offered') {
      if (!TERMINAL.has(card.status)) card.status = rec.status;
      if (rec.progress_pct !== null && !TERMINAL.has(card.status)) card.progress = { pct: rec.progress_pct, message: rec.status_message };
    } else if (TERMINAL.has(rec.status)) {
      card.status = rec.status as DelegationStatus;
      card.completedAt = rec.completed_at;
      card.durationS = rec.duration_s ?? card.durationS;
      card.summary = rec.summary ?? card.summary;
      card.error = rec.status === 'succeeded' ? null : (rec.error ?? card.error);
      card.failedSkill = rec.failed_skill ?? card.failedSkill;
      card.toolCalls = rec.metrics?.tool_calls ?? card.toolCalls;
    }
  }
  return named(card, facts, names);
}

function named(card: DelegationCard, facts: SessionFacts, names: Map<string, string>): DelegationCard {
  if (!card.companionId) return card;
  const agent = facts.agents[card.companionId];
  return { ...card, companionName: agent?.name ?? names.get(card.companionId) ?? null, specialization: agent?.specialization ?? null };
}

function companionCard(item: ToolItem): CompanionCard {
  const a = argsOf(item);
  const r = okOf(item);
  return {
    kind: 'companion',
    companionId: str(r?.companion_id),
    name: str(r?.companion_name),
    specialization: str(a.specialization) ?? 'generalist',
    skills: jsonStrings(a.initial_skills_json),
    error: errorOf(item),
    pending: !item.ret,
  };
}

function dismissCard(item: ToolItem, facts: SessionFacts, names: Map<string, string>): DismissCard | null {
  const id = str(argsOf(item).companion_id);
  if (!id) return null;
  const r = okOf(item);
  const name = facts.agents[id]?.name ?? names.get(id) ?? null;
  return { kind: 'dismiss', companionId: id, name, skillsUnloaded: strings(r?.skills_unloaded), error: errorOf(item), pending: !item.ret };
}

function finalizeCard(item: ToolItem): FinalizeCard {
  const r = okOf(item);
  return {
    kind: 'finalize',
    companionsDismissed: num(r?.companions_dismissed),
    archivePath: str(r?.archive_path),
    error: errorOf(item),
    pending: !item.ret,
  };
}

/** The protocol message an item carries: a message from another agent (either platform's way of storing it). */
export function protocolOfItem(item: ThreadItem): ProtocolMessage | null {
  if (item.kind === 'agent') return protocolMessageIn(item.content, item.sender);
  if (item.kind === 'system' || item.kind === 'user') return protocolMessageIn(item.content);
  return null;
}

/**
 * Every delegated-mode card of a thread: tool cards by the call's id (`ToolItem.callId`), and the
 * protocol messages by the item's id.
 */
export function planDelegationCards(
  items: readonly ThreadItem[],
  facts: SessionFacts = NO_FACTS,
): { tools: Map<string, DelegationToolCard>; messages: Map<string, ProtocolMessage> } {
  const messages = new Map<string, ProtocolMessage>();
  const names = new Map<string, string>();
  for (const item of items) {
    const m = protocolOfItem(item);
    if (m) messages.set(item.id, m);
    if (item.kind === 'tool' && item.name === 'create_companion') {
      const r = okOf(item);
      if (str(r?.companion_id) && str(r?.companion_name)) names.set(r!.companion_id as string, r!.companion_name as string);
    }
  }
  const received = [...messages.values()];
  const tools = new Map<string, DelegationToolCard>();
  for (const item of items) {
    if (item.kind !== 'tool') continue;
    const card =
      item.name === 'delegate_task' || item.name === 'broadcast_task'
        ? delegationCard(item, received, facts, names)
        : item.name === 'create_companion'
          ? companionCard(item)
          : item.name === 'dismiss_companion'
            ? dismissCard(item, facts, names)
            : item.name === 'finalize_session'
              ? finalizeCard(item)
              : null;
    if (card) tools.set(item.callId, card);
  }
  return { tools, messages };
}

import { readProtocolMessage, type StrategicAdvice, type TaskResult } from '../../../delegation/protocol.ts';
import { parseObject, type BrainMessage } from '../brain.ts';
import { toolOutcomes } from '../planner/conversation.ts';

/**
 * A request as the Conductor records it in each of its tasks' context (`context.request`), so that
 * a result arriving turns later says which request it belongs to and what the whole request was.
 */
export interface RequestRecord {
  id: string;
  query: string;
  /** One task per subject (an advisor's name). */
  subjects: string[];
  focus: string;
  focus_label: string;
  start_date: string;
  end_date: string;
}

export interface Delegated {
  taskId: string;
  companionId: string;
  request: RequestRecord;
  subject: string;
  attempt: number;
  skills: string[];
  /** Position in the history (later attempts come later). */
  index: number;
}

export interface Ledger {
  delegations: Delegated[];
  results: Map<string, TaskResult>;
  advice: StrategicAdvice[];
}

const isRequest = (v: unknown): v is RequestRecord => {
  const r = v as RequestRecord | null;
  return !!r && typeof r.id === 'string' && Array.isArray(r.subjects) && typeof r.start_date === 'string' && typeof r.end_date === 'string';
};

/**
 * What the Conductor's history says about its delegations: every delegate_task that succeeded
 * (with its request, subject and attempt), every task_result and strategic_advice it received.
 */
export function readLedger(history: BrainMessage[]): Ledger {
  const delegations: Delegated[] = [];
  for (const o of toolOutcomes(history, 0)) {
    if (o.name !== 'delegate_task' || !o.ok) continue;
    const context = parseObject(String(o.args.context_json ?? '{}')) ?? {};
    if (!isRequest(context.request)) continue;
    const skills = JSON.parse(String(o.args.skills_required_json ?? '[]')) as unknown;
    delegations.push({
      taskId: String(o.args.task_id),
      companionId: String(o.args.companion_id),
      request: context.request,
      subject: String(context.subject ?? ''),
      attempt: Number(context.attempt ?? 1),
      skills: Array.isArray(skills) ? skills.map(String) : [],
      index: o.index,
    });
  }
  const results = new Map<string, TaskResult>();
  const advice: StrategicAdvice[] = [];
  for (const m of history) {
    if (m.role !== 'user' || !m.sender_agent_id) continue;
    const carried = readProtocolMessage(m.content);
    if (carried.kind !== 'valid') continue;
    if (carried.message.type === 'task_result') results.set(carried.message.task_id, carried.message);
    if (carried.message.type === 'strategic_advice') advice.push(carried.message);
  }
  return { delegations, results, advice };
}

/** Where a request stands: per subject its latest attempt and that attempt's result, if any. */
export function requestState(
  l: Ledger,
  requestId: string,
): Array<{ subject: string; latest: Delegated | null; result: TaskResult | null }> {
  const mine = l.delegations.filter((d) => d.request.id === requestId);
  const subjects = mine[0]?.request.subjects ?? [];
  return subjects.map((subject) => {
    const attempts = mine.filter((d) => d.subject === subject).sort((a, b) => a.index - b.index);
    const latest = attempts.at(-1) ?? null;
    return { subject, latest, result: latest ? (l.results.get(latest.taskId) ?? null) : null };
  });
}

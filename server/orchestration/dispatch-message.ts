/**
 * What a dispatched task looks like to the agent that receives it (server/schedules/README.md):
 * one JSON object as the text of a host message, so any brain (a model, a deterministic one)
 * can read it. `reply_expected` asks the agent to answer; its answer (the assistant text of the
 * turn that took the task) is routed back (see dispatch-tracker.ts).
 */
export interface DispatchedTaskMessage {
  type: 'dispatched_task';
  dispatched_task_id: string;
  task_type: string;
  task_payload: Record<string, unknown>;
  reply_expected: boolean;
  dispatched_by: { kind: 'agent' | 'user' | 'system'; id: string };
  /** Set when a background job's trigger dispatched the task. */
  background_job?: { internal_job_id: string; job_name: string; fired_at: string };
}

/** What a dispatching agent receives when the target answered (an agent-to-agent message from the target). */
export interface DispatchedTaskReplyMessage {
  type: 'dispatched_task_reply';
  dispatched_task_id: string;
  task_type: string;
  from_agent_id: string;
  reply_text: string;
}

export function renderDispatch(m: DispatchedTaskMessage): string {
  return JSON.stringify(m);
}

export function renderReply(m: DispatchedTaskReplyMessage): string {
  return JSON.stringify(m);
}

/** Whether a stored message's text is the dispatch `id` (its JSON carries the id). */
export function carriesDispatch(text: string, id: string): boolean {
  return text.includes(`"dispatched_task_id":"${id}"`) && text.includes('"type":"dispatched_task"');
}

/** Reads a dispatch message back; null when the text is not one. */
export function readDispatch(text: string): DispatchedTaskMessage | null {
  try {
    const v = JSON.parse(text) as Partial<DispatchedTaskMessage>;
    return v && v.type === 'dispatched_task' && typeof v.dispatched_task_id === 'string' ? (v as DispatchedTaskMessage) : null;
  } catch {
    return null;
  }
}

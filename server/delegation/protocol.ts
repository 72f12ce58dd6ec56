import { validateAgainstSchema } from '../schemas/registry.ts';
import type { ValidationIssue } from '../validation/issue.ts';
import { isRecord } from '../../lib/is-record.ts';

/**
 * The four message protocols of delegated mode (dcf-plus "Message Protocols"), JSON Schemas in
 * `schemas/messages/`. A message is JSON text sent with `send_message_to_agent_async`; the
 * platform may put a preamble before it (Letta's "[Incoming message from agent with ID …]"), so
 * a protocol message is the JSON object a text carries whose `type` is one of these.
 */
export const PROTOCOL_TYPES = ['task_delegation', 'task_result', 'task_progress', 'strategic_advice'] as const;
export type ProtocolType = (typeof PROTOCOL_TYPES)[number];

/**
 * One step of a task plan (task_delegation.context.plan): a tool step (`skill`, `tool`, `args`),
 * optionally once per item (`for_each`, `as`), or a map step running its own `steps` per item.
 */
export interface PlanStep {
  step: string;
  skill?: string;
  tool?: string;
  args?: Record<string, unknown>;
  for_each?: string;
  as?: string;
  steps?: PlanStep[];
  select?: Record<string, unknown>;
  result: string;
}

export interface TaskDelegation {
  type: 'task_delegation';
  task_id: string;
  description: string;
  skills_required: string[];
  context?: {
    user_query?: string;
    inputs?: Record<string, unknown>;
    plan?: PlanStep[];
    output?: Record<string, unknown>;
    request_id?: string;
    guidelines_revision?: number;
    retry_of?: string;
    [k: string]: unknown;
  };
  priority: 'low' | 'normal' | 'high';
  conductor_id: string;
  session_id: string;
  delegated_at: string;
  broadcast?: boolean;
}

export interface TaskResult {
  type: 'task_result';
  task_id: string;
  status: 'succeeded' | 'failed';
  output: { summary: string; error?: string; [k: string]: unknown };
  metrics: { duration_s: number; tool_calls: number; skills_used: string[] };
  companion_id: string;
  completed_at: string;
}

export interface TaskProgress {
  type: 'task_progress';
  task_id: string;
  progress_pct: number;
  status_message: string;
  companion_id: string;
  updated_at: string;
}

export interface StrategicAdvice {
  type: 'strategic_advice';
  advice_type: string;
  recommendation: string;
  evidence: Record<string, unknown>;
  confidence: number;
  strategist_id: string;
  advised_at: string;
}

export type ProtocolMessage = TaskDelegation | TaskResult | TaskProgress | StrategicAdvice;

/** The JSON object in a text: the whole text, else from its first `{` to its last `}`; null when there is none. */
export function jsonObjectIn(text: string): Record<string, unknown> | null {
  for (const candidate of [text, text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)]) {
    if (!candidate) continue;
    try {
      const v: unknown = JSON.parse(candidate);
      if (isRecord(v)) return v;
    } catch {
      // not JSON: try the next candidate
    }
  }
  return null;
}

export const isProtocolType = (t: unknown): t is ProtocolType => typeof t === 'string' && (PROTOCOL_TYPES as readonly string[]).includes(t);

/**
 * What a text carries: `none` (not a protocol message: plain words, or JSON of another kind),
 * `valid` with the message, or `invalid` with the schema's findings.
 */
export type Carried =
  { kind: 'none' } | { kind: 'valid'; message: ProtocolMessage } | { kind: 'invalid'; type: ProtocolType; issues: ValidationIssue[] };

export function readProtocolMessage(text: string): Carried {
  const doc = jsonObjectIn(text);
  if (!doc || !isProtocolType(doc.type)) return { kind: 'none' };
  const issues = validateAgainstSchema(doc.type, doc);
  return issues.length ? { kind: 'invalid', type: doc.type, issues } : { kind: 'valid', message: doc as unknown as ProtocolMessage };
}

/** The schema findings in one line: `invalid task_result message: /metrics/skills_used: "skills_used" is required; …`. */
export function describeInvalid(type: ProtocolType, issues: ValidationIssue[]): string {
  const listed = issues.slice(0, 8).map((i) => `${i.path || '/'}: ${i.message}`);
  const more = issues.length > listed.length ? `; and ${issues.length - listed.length} more` : '';
  return `invalid ${type} message (schemas/messages): ${listed.join('; ')}${more}`;
}

/** Validates a message this product builds before sending it (a bug if it fails). */
export function assertValid(message: ProtocolMessage): void {
  const issues = validateAgainstSchema(message.type, message);
  if (issues.length) throw new Error(describeInvalid(message.type, issues));
}

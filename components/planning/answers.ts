import { isFailure } from '@/server/tool-result';
import type { AgentRole } from '@/lib/agent-roles';
import type { CostReport, PlanView, PolicyComparison, SentinelFinding } from '@/lib/planning/schemas';

/**
 * The planning procedures' answers as the views read them (pure). A procedure that serves a tool
 * answers in the tools' envelope (`status: "ok"` beside the fields, or a failure with `error`); one
 * that reads the store answers with the contract's shape itself. Both read the same here, so a
 * view does not care which the router chose.
 */
export type Answer<T> = { ok: true; data: T } | { ok: false; error: string };

const failed = (answer: unknown): Answer<never> | null => (isFailure(answer) ? { ok: false, error: answer.error } : null);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** planning.plan: a PlanView, or null when no such plan (or it is not the reader's to see). */
export function planAnswer(answer: unknown): Answer<PlanView | null> {
  const f = failed(answer);
  if (f) return f;
  if (answer === null || answer === undefined) return { ok: true, data: null };
  if (!isObject(answer)) return { ok: false, error: 'The server sent no plan.' };
  if (isObject(answer.plan) && Array.isArray(answer.calls)) return { ok: true, data: answer as unknown as PlanView };
  // The envelope around a view under a name of its own (`view`) or around none (`view: null`).
  if ('view' in answer) return planAnswer(answer.view);
  return { ok: true, data: null };
}

/** A list procedure: the array itself or the envelope holding it under `key`. */
function listAnswer<T>(answer: unknown, key: string): Answer<T[]> {
  const f = failed(answer);
  if (f) return f;
  if (Array.isArray(answer)) return { ok: true, data: answer as T[] };
  if (isObject(answer) && Array.isArray(answer[key])) return { ok: true, data: answer[key] as T[] };
  return { ok: false, error: `The server sent no ${key}.` };
}

export const plansAnswer = (answer: unknown) => listAnswer<PlanView>(answer, 'plans');
/** An agent that declared plans (planning.agents): its readable name and role (null when unknown). */
export type PlanningAgent = { id: string; name: string; role: AgentRole | null };
export const agentsAnswer = (answer: unknown) => listAnswer<PlanningAgent>(answer, 'agents');

export interface FindingsPage {
  findings: SentinelFinding[];
  next_cursor: string | null;
}

export function findingsAnswer(answer: unknown): Answer<FindingsPage> {
  const list = listAnswer<SentinelFinding>(answer, 'findings');
  if (!list.ok) return list;
  const cursor = isObject(answer) && typeof answer.next_cursor === 'string' ? answer.next_cursor : null;
  return { ok: true, data: { findings: list.data, next_cursor: cursor } };
}

/** A report procedure (costs, policies): the contract's object, with any envelope's `status` dropped. */
function reportAnswer<T>(answer: unknown, field: string): Answer<T> {
  const f = failed(answer);
  if (f) return f;
  if (!isObject(answer) || !(field in answer)) return { ok: false, error: 'The server sent no figures.' };
  return { ok: true, data: answer as T };
}

export const costAnswer = (answer: unknown) => reportAnswer<CostReport>(answer, 'series');
export const policiesAnswer = (answer: unknown) => reportAnswer<PolicyComparison>(answer, 'strategies');

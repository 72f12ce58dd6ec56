import type { Choice } from '../learning/policies/index.ts';
import { viewInstance } from './instance-view.ts';
import { alternativeSkills, swapCanFix } from './skill-choice.ts';
import { currentSkillOf, recordAttempt, triedUnder, type Refusal } from './task-work.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { runContextArguments } from './webhook.ts';

/** A skill failure: the error name (e.g. TimeoutError, States.TaskFailed) and its cause. */
export interface SkillFailure {
  error: string;
  cause: string;
}

/**
 * What a swap decided. `skill`: the alternative now bound to the instance (its tools are called
 * next, in the same lease, as attempt `attempts`), or null when none is left — then nothing was
 * recorded and the worker reports the failure so the state's Retry/Catch apply.
 */
export type SkillSwap = { ok: true; skill: string | null; from: string | null; attempts: number; choice: Choice | null } | Refusal;

/**
 * The skill swap of spec §4.1–4.2, one decision for every worker (the in-process protocol and
 * agents through update_workflow_control_plane): the Task instance's current skill failed under
 * the lease `token`. An alternative is a catalog skill of the same capability not yet tried under
 * this lease whose tool takes the state's effective input plus the run context (`webhook_url`),
 * chosen by DCF_SKILL_POLICY (skill-choice.ts) over its counts, latency and measured accuracy — a
 * skill measured below the accuracy floor (a recogniser that mishears) is never the alternative. When there is one, the attempt is recorded
 * (fenced): `last_error`, `attempts` + 1, the instance bound to the alternative, and a
 * `skill_swap` event with the policy and its rationale. Never swapped for (skill-choice.ts
 * swapCanFix): the state's own TimeoutSeconds (States.Timeout) — the time is up whichever skill
 * runs — and a caller error (an unknown advisor, a reversed period) — bad input is bad for every
 * skill; the worker then reports the failure, which fails the state as the caller's.
 */
export async function swapFailedSkill(
  x: ExecutionServices,
  runId: string,
  instance: string,
  token: string,
  failure: SkillFailure,
): Promise<SkillSwap> {
  const v = await viewInstance(x.redis, runId, instance);
  if ('skip' in v) return { ok: false, reason: 'not_runnable', detail: v.skip };
  const doc = await x.cp.readState(runId, instance);
  // The commit below is fenced too; checking first means a stale holder is never told "no alternative".
  if (!doc || doc.lease.token !== token) return { ok: false, reason: 'stale_lease' };
  const failed = currentSkillOf(v);
  const none = { ok: true as const, skill: null, from: failed, attempts: doc.attempts, choice: null };
  if (!failed || !swapCanFix(failure)) return none;
  const tried = [...triedUnder(v, token), failed];
  const context = await runContextArguments(x.config, runId, instance);
  const decision = { runId, state: instance };
  const input = v.entry.effective_input ?? null;
  const { ordered, choice, split } = await alternativeSkills(x, decision, failed, input, tried, context);
  const skill = ordered[0];
  if (!skill) return none;
  const attempts = doc.attempts + 1;
  // A live split's choice is marked on the event, so the run's episode records the strategy with the use.
  const swapChoice = choice && split ? { ...choice, split } : choice;
  const change = { last_error: lastErrorOf(failure), attempts, skill, from: failed, choice: swapChoice };
  const recorded = await recordAttempt(x, runId, instance, token, change);
  return recorded.ok ? { ok: true, skill, from: failed, attempts, choice } : recorded;
}

/** A state document's `last_error` for a failure (spec §4.1: "TimeoutError: Tool call to … timed out after 120s"). */
export const lastErrorOf = (f: SkillFailure): string => (f.cause ? `${f.error}: ${f.cause}` : f.error);

/** The failure a `last_error` text names: the error name before the first ": ", the cause after it. */
export function failureOf(lastError: string): SkillFailure {
  const at = lastError.indexOf(': ');
  return at < 0 ? { error: lastError.trim(), cause: '' } : { error: lastError.slice(0, at).trim(), cause: lastError.slice(at + 2) };
}

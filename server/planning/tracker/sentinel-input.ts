import { assignIntents, type SentinelInput } from '../sentinel/index.ts';
import type { ToolCallRecord } from '../../../lib/planning/schemas.ts';
import type { ActivePlan } from './active-plan.ts';
import { recordOf } from './live-call.ts';

/**
 * The plan's records as the sentinel and the store see them: every call so far, each with the
 * intent it carries out (match.ts replays the calls in order, so fallbacks see earlier failures).
 */
export function recordsOf(a: ActivePlan, capabilityOf: Record<string, string>): ToolCallRecord[] {
  const draft = a.records.map((c) => recordOf(c, c.record?.intent_index ?? null));
  const intents = assignIntents(a.plan, draft, capabilityOf);
  return a.records.map((c) => recordOf(c, intents.get(c.id) ?? null));
}

export function sentinelInput(
  a: ActivePlan,
  records: ToolCallRecord[],
  capabilityOf: Record<string, string>,
  nowMs: number,
): SentinelInput {
  return { plan: a.plan, records, choices: a.choices, capabilityOf, now: new Date(nowMs).toISOString() };
}

import type { StoredActivePlan } from '../store/plan-store.ts';
import { MODEL_RECORD } from '../../contracts/planning/intent-fit.ts';
import { ActivePlan } from './active-plan.ts';
import { noteGeneralMethod } from './general-method.ts';
import type { LiveCall } from './live-call.ts';

/**
 * An active plan read back from the store after a restart, its counters recomputed from its
 * records. What it consulted is known only by tool name now (the arguments are not stored), so a
 * catalog read counts for every capability.
 */
export function restoredPlan(s: StoredActivePlan): ActivePlan {
  const a = new ActivePlan(s.plan);
  for (const { record: r, choices } of s.records) {
    const call: LiveCall = {
      id: r.id,
      planId: r.plan_id,
      seq: r.seq,
      toolName: r.tool_name,
      skill: r.skill,
      args: undefined,
      digest: r.args_digest,
      startedMs: Date.parse(r.started_at),
      endedMs: r.ended_at ? Date.parse(r.ended_at) : null,
      status: r.status,
      errorCode: r.error_code,
      cost: r.cost_units,
      costSource: r.cost_source,
      choices,
      record: r,
    };
    a.records.push(call);
    a.choices.push(...choices);
    a.nextSeq = Math.max(a.nextSeq, r.seq + 1);
    if (r.status === 'refused') continue;
    a.cost += r.cost_units;
    if (r.tool_name === MODEL_RECORD) a.tokens += r.cost_units;
    else a.calls++;
    noteGeneralMethod(a, r.tool_name, {});
  }
  for (const k of s.findingKeys) a.findingKeys.add(k);
  return a;
}

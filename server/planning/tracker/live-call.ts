import { digestArgs } from '../../audit/digest.ts';
import type { SkillChoiceEvidence, ToolCallRecord } from '../../../lib/planning/schemas.ts';

/**
 * One attributed call as the tracker holds it while its plan is active. The call path fills
 * numbers only; the record (ISO times, the arguments' digest) is built off the path, when the
 * batch is written, and kept once the call has ended.
 */
export interface LiveCall {
  readonly id: string;
  readonly planId: string;
  readonly seq: number;
  readonly toolName: string;
  readonly skill: string | null;
  /** The raw arguments until their digest is taken (then dropped). */
  args: unknown;
  digest: string | null;
  readonly startedMs: number;
  endedMs: number | null;
  status: ToolCallRecord['status'];
  errorCode: string | null;
  readonly cost: number;
  readonly costSource: ToolCallRecord['cost_source'];
  choices: SkillChoiceEvidence[];
  /** Set once the call has ended and its record was built. */
  record: ToolCallRecord | null;
}

/** The call's record (cached once it has ended); `intentIndex` is the sentinel's match. */
export function recordOf(call: LiveCall, intentIndex: number | null): ToolCallRecord {
  if (call.record && call.record.intent_index === intentIndex) return call.record;
  call.digest ??= digestArgs(call.args);
  const record: ToolCallRecord = {
    id: call.id,
    plan_id: call.planId,
    seq: call.seq,
    tool_name: call.toolName,
    args_digest: call.digest,
    skill: call.skill,
    started_at: new Date(call.startedMs).toISOString(),
    ended_at: call.endedMs === null ? null : new Date(call.endedMs).toISOString(),
    latency_ms: call.endedMs === null ? null : call.endedMs - call.startedMs,
    status: call.status,
    error_code: call.errorCode,
    cost_units: call.cost,
    cost_source: call.costSource,
    intent_index: intentIndex,
  };
  if (call.status !== 'running') {
    call.record = record;
    call.args = undefined;
  }
  return record;
}

/** A new call of plan `a` numbered `seq`, running from `startedMs`, added to the plan's records. */
export function startCall(
  a: { plan: { planId: string }; records: LiveCall[] },
  seq: number,
  c: Pick<LiveCall, 'toolName' | 'skill' | 'args' | 'startedMs' | 'cost' | 'costSource'>,
): LiveCall {
  const call: LiveCall = {
    ...c,
    id: `${a.plan.planId}#${seq}`,
    planId: a.plan.planId,
    seq,
    digest: null,
    endedMs: null,
    status: 'running',
    errorCode: null,
    choices: [],
    record: null,
  };
  a.records.push(call);
  return call;
}

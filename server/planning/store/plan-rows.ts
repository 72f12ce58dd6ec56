import type { SentinelFindingRow, ToolCallPlanRow, ToolCallRecordRow } from '../../db/schema/planning.ts';
import type {
  FindingType,
  PlanState,
  SentinelFinding,
  SentinelMode,
  SkillChoiceEvidence,
  ToolCallPlan,
  ToolCallRecord,
  UnitKind,
} from '../../../lib/planning/schemas.ts';

/** Conversions between the contract's shapes (schemas.ts) and the rows of server/db/schema/planning.ts. */

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const dateOrNull = (s: string | null) => (s ? new Date(s) : null);

export function planToRow(p: ToolCallPlan): ToolCallPlanRow {
  return {
    id: p.planId,
    agentId: p.agent_id,
    goal: p.planningContext.goal,
    constraints: p.planningContext.constraints,
    policy: p.planningContext.policy,
    plannedSequence: p.plannedSequence,
    executionState: p.executionState,
    unitKind: p.unit.kind,
    unitId: p.unit.id,
    unitSessionId: p.unit.session_id ?? null,
    unitState: p.unit.state ?? null,
    mode: p.mode,
    declaredBy: p.declared_by,
    replaces: p.replaces,
    replanReason: p.replan_reason,
    replacedBy: p.replaced_by,
    deviations: p.deviations,
    givenSkills: p.given_skills,
    userId: p.user_id,
    workflowId: p.workflow_id,
    createdAt: new Date(p.created_at),
    endedAt: dateOrNull(p.ended_at),
  };
}

export function rowToPlan(r: ToolCallPlanRow): ToolCallPlan {
  return {
    planId: r.id,
    planningContext: { goal: r.goal, constraints: r.constraints, policy: r.policy },
    plannedSequence: r.plannedSequence,
    executionState: r.executionState as PlanState,
    agent_id: r.agentId,
    unit: {
      kind: r.unitKind as UnitKind,
      id: r.unitId,
      ...(r.unitSessionId !== null ? { session_id: r.unitSessionId } : {}),
      ...(r.unitState !== null ? { state: r.unitState } : {}),
    },
    mode: r.mode as SentinelMode,
    declared_by: r.declaredBy as ToolCallPlan['declared_by'],
    replaces: r.replaces,
    replan_reason: r.replanReason,
    replaced_by: r.replacedBy,
    deviations: r.deviations,
    given_skills: r.givenSkills,
    user_id: r.userId,
    workflow_id: r.workflowId,
    created_at: iso(r.createdAt),
    ended_at: isoOrNull(r.endedAt),
  };
}

export function recordToRow(r: ToolCallRecord, choices: SkillChoiceEvidence[]): ToolCallRecordRow {
  return {
    id: r.id,
    planId: r.plan_id,
    seq: r.seq,
    toolName: r.tool_name,
    argsDigest: r.args_digest,
    skill: r.skill,
    startedAt: new Date(r.started_at),
    endedAt: dateOrNull(r.ended_at),
    latencyMs: r.latency_ms,
    status: r.status,
    errorCode: r.error_code,
    costUnits: r.cost_units,
    costSource: r.cost_source,
    intentIndex: r.intent_index,
    choices,
  };
}

export function rowToRecord(r: ToolCallRecordRow): ToolCallRecord {
  return {
    id: r.id,
    plan_id: r.planId,
    seq: r.seq,
    tool_name: r.toolName,
    args_digest: r.argsDigest,
    skill: r.skill,
    started_at: iso(r.startedAt),
    ended_at: isoOrNull(r.endedAt),
    latency_ms: r.latencyMs,
    status: r.status as ToolCallRecord['status'],
    error_code: r.errorCode,
    cost_units: r.costUnits,
    cost_source: r.costSource as ToolCallRecord['cost_source'],
    intent_index: r.intentIndex,
  };
}

export function findingToRow(f: SentinelFinding, key: string): SentinelFindingRow {
  return {
    id: f.id,
    planId: f.plan_id,
    agentId: f.agent_id,
    type: f.type,
    when: f.when,
    key,
    message: f.message,
    detail: f.detail,
    evidence: f.evidence,
    at: new Date(f.at),
  };
}

export function rowToFinding(r: SentinelFindingRow): SentinelFinding {
  return {
    id: r.id,
    plan_id: r.planId,
    agent_id: r.agentId,
    type: r.type as FindingType,
    when: r.when as SentinelFinding['when'],
    message: r.message,
    detail: r.detail,
    evidence: r.evidence,
    at: iso(r.at),
  };
}

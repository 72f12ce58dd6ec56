import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sentinelFindings, toolCallPlans, toolCallRecords } from '../../db/schema/planning.ts';
import type {
  PlanView,
  SentinelFinding,
  SkillChoiceEvidence,
  ToolCallPlan,
  ToolCallRecord,
  UnitKind,
} from '../../../lib/planning/schemas.ts';
import { usageOf } from '../usage.ts';
import { findingToRow, planToRow, recordToRow, rowToFinding, rowToPlan, rowToRecord } from './plan-rows.ts';

/**
 * The planning store: typed writes for the tracker and reads for the tools and the console.
 * Writes are idempotent where the tracker may retry (records by id, findings by plan and key).
 */

export async function insertPlan(db: Db, plan: ToolCallPlan): Promise<void> {
  await db.insert(toolCallPlans).values(planToRow(plan));
}

/** Writes what changes during a plan's life: its state, deviations, end and successor. */
export async function savePlanState(db: Db, plan: ToolCallPlan): Promise<void> {
  await db
    .update(toolCallPlans)
    .set({
      executionState: plan.executionState,
      deviations: plan.deviations,
      endedAt: plan.ended_at ? new Date(plan.ended_at) : null,
      replacedBy: plan.replaced_by,
    })
    .where(eq(toolCallPlans.id, plan.planId));
}

export interface RecordWrite {
  record: ToolCallRecord;
  choices: SkillChoiceEvidence[];
}

export async function insertRecords(db: Db, writes: RecordWrite[]): Promise<void> {
  if (!writes.length) return;
  await db
    .insert(toolCallRecords)
    .values(writes.map((w) => recordToRow(w.record, w.choices)))
    .onConflictDoNothing();
}

export interface FindingWrite {
  finding: SentinelFinding;
  key: string;
}

export async function insertFindings(db: Db, writes: FindingWrite[]): Promise<void> {
  if (!writes.length) return;
  await db
    .insert(sentinelFindings)
    .values(writes.map((w) => findingToRow(w.finding, w.key)))
    .onConflictDoNothing({ target: [sentinelFindings.planId, sentinelFindings.key] });
}

export async function readPlan(db: Db, planId: string): Promise<ToolCallPlan | null> {
  const [row] = await db.select().from(toolCallPlans).where(eq(toolCallPlans.id, planId));
  return row ? rowToPlan(row) : null;
}

/** Which plans to list: a unit of work, a session (a conversation, a delegation session, a run), or an agent. */
export type PlanSelector = { unit: { kind: UnitKind; id: string } } | { session_id: string } | { agent_id: string };

/** The selected plans, newest first, each with its calls, findings and usage. */
export async function readPlanViews(db: Db, selector: PlanSelector, limit = 50): Promise<PlanView[]> {
  const where: SQL | undefined =
    'unit' in selector
      ? and(eq(toolCallPlans.unitKind, selector.unit.kind), eq(toolCallPlans.unitId, selector.unit.id))
      : 'session_id' in selector
        ? eq(toolCallPlans.unitSessionId, selector.session_id)
        : eq(toolCallPlans.agentId, selector.agent_id);
  const rows = await db
    .select()
    .from(toolCallPlans)
    .where(where)
    .orderBy(desc(toolCallPlans.createdAt), desc(toolCallPlans.id))
    .limit(limit);
  return viewsOf(db, rows.map(rowToPlan));
}

export async function readPlanView(db: Db, planId: string): Promise<PlanView | null> {
  const plan = await readPlan(db, planId);
  return plan ? (await viewsOf(db, [plan]))[0]! : null;
}

/** Plans with their calls (by seq) and findings (by time), usage computed from the calls. */
export async function viewsOf(db: Db, plans: ToolCallPlan[]): Promise<PlanView[]> {
  if (!plans.length) return [];
  const ids = plans.map((p) => p.planId);
  const [records, findings] = await Promise.all([
    db
      .select()
      .from(toolCallRecords)
      .where(inArray(toolCallRecords.planId, ids))
      .orderBy(asc(toolCallRecords.planId), asc(toolCallRecords.seq)),
    db
      .select()
      .from(sentinelFindings)
      .where(inArray(sentinelFindings.planId, ids))
      .orderBy(asc(sentinelFindings.at), asc(sentinelFindings.id)),
  ]);
  return plans.map((plan) => {
    const calls = records.filter((r) => r.planId === plan.planId).map(rowToRecord);
    return {
      plan,
      calls,
      findings: findings.filter((f) => f.planId === plan.planId).map(rowToFinding),
      usage: usageOf(plan, calls),
    };
  });
}

/** What the tracker needs to resume a plan after a restart. */
export interface StoredActivePlan {
  plan: ToolCallPlan;
  records: Array<{ record: ToolCallRecord; choices: SkillChoiceEvidence[] }>;
  findingKeys: string[];
}

/** Plans still Planned or InProgress (the tracker's index after a restart), oldest first. */
export async function readActivePlans(db: Db): Promise<StoredActivePlan[]> {
  const rows = await db
    .select()
    .from(toolCallPlans)
    .where(inArray(toolCallPlans.executionState, ['Planned', 'InProgress']))
    .orderBy(asc(toolCallPlans.createdAt));
  return withRecords(db, rows);
}

/** One plan with its records and finding keys, whatever its state (a plan another console declared or ended). */
export async function readStoredPlan(db: Db, planId: string): Promise<StoredActivePlan | null> {
  const rows = await db.select().from(toolCallPlans).where(eq(toolCallPlans.id, planId));
  return (await withRecords(db, rows))[0] ?? null;
}

async function withRecords(db: Db, rows: Array<typeof toolCallPlans.$inferSelect>): Promise<StoredActivePlan[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [records, keys] = await Promise.all([
    db.select().from(toolCallRecords).where(inArray(toolCallRecords.planId, ids)).orderBy(asc(toolCallRecords.seq)),
    db
      .select({ planId: sentinelFindings.planId, key: sentinelFindings.key })
      .from(sentinelFindings)
      .where(inArray(sentinelFindings.planId, ids)),
  ]);
  return rows.map((row) => ({
    plan: rowToPlan(row),
    records: records.filter((r) => r.planId === row.id).map((r) => ({ record: rowToRecord(r), choices: r.choices })),
    findingKeys: keys.filter((k) => k.planId === row.id).map((k) => k.key),
  }));
}

export async function readFindingsOf(db: Db, planId: string): Promise<SentinelFinding[]> {
  const rows = await db
    .select()
    .from(sentinelFindings)
    .where(eq(sentinelFindings.planId, planId))
    .orderBy(asc(sentinelFindings.at), asc(sentinelFindings.id));
  return rows.map(rowToFinding);
}

import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  DeviationRationale,
  FindingDetail,
  PlanPolicy,
  ResourceBudget,
  SkillChoiceEvidence,
  ToolCallIntent,
} from '../../../lib/planning/schemas.ts';

/**
 * Tool-call planning (issue 17, lib/planning/schemas.ts): the plans agents declare, the
 * tool-layer calls attributed to them, and the sentinel's findings. Written by the plan tracker
 * (server/planning/tracker/) off the call path, read by the planning tools and the console.
 */
export const toolCallPlans = pgTable(
  'tool_call_plans',
  {
    /** The DRR's `planId`. */
    id: uuid('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    goal: text('goal').notNull(),
    constraints: jsonb('constraints').$type<ResourceBudget>().notNull(),
    policy: jsonb('policy').$type<PlanPolicy>().notNull(),
    plannedSequence: jsonb('planned_sequence').$type<ToolCallIntent[]>().notNull(),
    /** Planned | InProgress | Complete | Failed | Replaced (PLAN_STATES). */
    executionState: text('execution_state').notNull(),
    unitKind: text('unit_kind').notNull(),
    unitId: text('unit_id').notNull(),
    unitSessionId: text('unit_session_id'),
    unitState: text('unit_state'),
    mode: text('mode').notNull(),
    declaredBy: text('declared_by').notNull(),
    replaces: uuid('replaces'),
    replanReason: text('replan_reason'),
    replacedBy: uuid('replaced_by'),
    deviations: jsonb('deviations').$type<DeviationRationale[]>().notNull().default([]),
    givenSkills: jsonb('given_skills').$type<string[]>().notNull().default([]),
    userId: text('user_id'),
    workflowId: text('workflow_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('tool_call_plans_state_check', sql`${t.executionState} in ('Planned', 'InProgress', 'Complete', 'Failed', 'Replaced')`),
    check('tool_call_plans_mode_check', sql`${t.mode} in ('report', 'enforce')`),
    index('tool_call_plans_agent_idx').on(t.agentId, t.createdAt),
    index('tool_call_plans_unit_idx').on(t.unitKind, t.unitId),
    index('tool_call_plans_session_idx').on(t.unitSessionId),
    index('tool_call_plans_created_idx').on(t.createdAt),
  ],
);
export type ToolCallPlanRow = typeof toolCallPlans.$inferSelect;

/** One attributed call (or a model step's tokens, `tool_name` = `model`), written when it ended. */
export const toolCallRecords = pgTable(
  'tool_call_records',
  {
    id: text('id').primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => toolCallPlans.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    toolName: text('tool_name').notNull(),
    argsDigest: text('args_digest').notNull(),
    skill: text('skill'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    latencyMs: doublePrecision('latency_ms'),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    costUnits: doublePrecision('cost_units').notNull(),
    costSource: text('cost_source').notNull(),
    intentIndex: integer('intent_index'),
    /** The skill choices the call made (SkillChoiceEvidence): skills it named that had alternatives. */
    choices: jsonb('choices').$type<SkillChoiceEvidence[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('tool_call_records_plan_seq_idx').on(t.planId, t.seq), index('tool_call_records_started_idx').on(t.startedAt)],
);
export type ToolCallRecordRow = typeof toolCallRecords.$inferSelect;

/** The sentinel's findings; `key` (plan, type, subject) makes each one recorded once. */
export const sentinelFindings = pgTable(
  'sentinel_findings',
  {
    id: text('id').primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => toolCallPlans.id, { onDelete: 'cascade' }),
    agentId: text('agent_id').notNull(),
    type: text('type').notNull(),
    when: text('when').notNull(),
    key: text('key').notNull(),
    message: text('message').notNull(),
    detail: jsonb('detail').$type<FindingDetail>().notNull(),
    evidence: jsonb('evidence').$type<string[]>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sentinel_findings_key_idx').on(t.planId, t.key),
    index('sentinel_findings_type_idx').on(t.type, t.at),
    index('sentinel_findings_at_idx').on(t.at),
    index('sentinel_findings_agent_idx').on(t.agentId, t.at),
  ],
);
export type SentinelFindingRow = typeof sentinelFindings.$inferSelect;

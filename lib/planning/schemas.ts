import { z } from 'zod';
import { STRATEGIES, type Arm } from '../exploit-explore.ts';

/**
 * Tool-call planning (issue 17; spec `tool-call-planning-drr.md`, DRR-005): the DRR's four
 * structures — ToolCallPlan, ResourceBudget, ExploitExplorePolicy, ToolCallIntent — plus what the
 * sentinel records (ToolCallRecord, SentinelFinding) and what the console reads. This file is the
 * contract between the store, the tracker, the sentinel, the tools, the brains and the console.
 * The versioned JSON Schemas in `schemas/planning/` are generated from these (`npm run
 * gen:planning-schemas`; a test fails when they drift).
 * In lib/ (moved from server/contracts, issue 31): pure zod and types that the planning tables' jsonb columns
 * (server/db/schema/planning.ts) and the console's planning views both hold, so the database adapter needs no
 * import from contracts, which sit above it. The ports that use them stay in server/contracts/planning/.
 *
 * The DRR's open questions, answered here:
 * - Mandatory? Every brain of this console declares a plan before acting; an agent that does not
 *   (a model ignoring its prompt) gets one declared for it by the runtime (`declared_by: runtime`).
 * - Fallbacks: a chain — an intent's `fallbackOnFailure` is itself an intent (a tree of depth n
 *   written as nested objects), tried only after the intent it backs failed.
 * - Units: dimensionless resource units; a model's tokens count one unit per token (1 000 tokens =
 *   1 000 units) when it reports usage, a configured cost per tool and per skill otherwise
 *   (`DCF_TOOL_COSTS`).
 * - Enforce or report? Per agent template and per deployment: `report` (the DRR's proposal, the
 *   default) or `enforce`.
 * - Replanning: a new plan linked to the one it replaces (`replaces`); the old one ends `Replaced`
 *   as its terminal state, keeping its calls and findings.
 */

export const EXECUTION_STATES = ['Planned', 'InProgress', 'Complete', 'Failed'] as const;
/** A replaced plan ends here; not one of the DRR's states, since the DRR replans by a new plan. */
export const PLAN_STATES = [...EXECUTION_STATES, 'Replaced'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** Dimensionless resource units (the DRR's `ResourceUnits`). */
export const resourceUnits = z.number().finite().min(0);

export const resourceBudgetSchema = z
  .object({
    /** Call count limit: tool-layer calls attributed to the plan (the planning tools not counted). */
    maxToolCalls: z.number().int().min(0).optional(),
    /** Time budget in milliseconds, from the plan's declaration to its last call's end. */
    maxLatency: z.number().int().min(0).optional(),
    /** Cost budget in resource units (model tokens and configured tool/skill costs). */
    maxCost: resourceUnits.optional(),
    /** The SLL scale probe: 1 is the baseline; recorded and shown, it scales no limit by itself. */
    scaleFactor: z.number().positive().optional(),
  })
  .strict();
export type ResourceBudget = z.infer<typeof resourceBudgetSchema>;

/** The DRR's ExploitExplorePolicy (the same strategies the skill choice uses). */
export const planPolicySchema = z
  .object({
    strategy: z.enum(STRATEGIES),
    explorationRate: z.number().min(0).max(1).optional(),
    temperature: z.number().min(0).optional(),
    preferGeneralMethods: z.boolean(),
  })
  .strict();
export type PlanPolicy = z.infer<typeof planPolicySchema>;

export interface ToolCallIntent {
  toolName: string;
  rationale: string;
  expectedOutcome?: string;
  /** For a skill call (invoke_skill_tool…): the skill it means, `skill://name@version` or a capability. */
  skill?: string;
  fallbackOnFailure?: ToolCallIntent;
}

export const toolCallIntentSchema: z.ZodType<ToolCallIntent> = z.lazy(() =>
  z
    .object({
      toolName: z.string().min(1).max(200),
      rationale: z.string().min(1).max(2_000),
      expectedOutcome: z.string().max(2_000).optional(),
      skill: z.string().max(300).optional(),
      fallbackOnFailure: toolCallIntentSchema.optional(),
    })
    .strict(),
);

/** What a plan is for: one chat turn, one delegation, one companion task, one workflow run's state. */
export const UNIT_KINDS = ['chat_turn', 'delegation', 'companion_task', 'workflow_run'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
export const planUnitSchema = z
  .object({
    kind: z.enum(UNIT_KINDS),
    /** The turn's inbound message id, the delegation's or task's id, the run id. */
    id: z.string().min(1).max(200),
    /** The conversation (chat), delegation session or run the unit belongs to, for grouping. */
    session_id: z.string().max(200).optional(),
    /** A Task state's name, for a worker's plan. */
    state: z.string().max(200).optional(),
  })
  .strict();
export type PlanUnit = z.infer<typeof planUnitSchema>;

export const SENTINEL_MODES = ['report', 'enforce'] as const;
export type SentinelMode = (typeof SENTINEL_MODES)[number];

/** A deviation the agent explained: a tool called outside the plan, or an intent it skipped. */
export const deviationRationaleSchema = z
  .object({
    toolName: z.string().min(1).max(200),
    kind: z.enum(['unplanned_call', 'skipped_intent']),
    rationale: z.string().min(1).max(2_000),
  })
  .strict();
export type DeviationRationale = z.infer<typeof deviationRationaleSchema>;

/** The DRR's ToolCallPlan, with its owner and links (ours). */
export const toolCallPlanSchema = z.object({
  planId: z.uuid(),
  planningContext: z.object({
    goal: z.string().min(1).max(4_000),
    constraints: resourceBudgetSchema,
    policy: planPolicySchema,
  }),
  plannedSequence: z.array(toolCallIntentSchema).max(200),
  executionState: z.enum(PLAN_STATES),
  /** Ours: who declared it and for what. */
  agent_id: z.string(),
  unit: planUnitSchema,
  mode: z.enum(SENTINEL_MODES),
  /** `agent`: the agent declared it; `runtime`: the loop declared it for an agent that did not. */
  declared_by: z.enum(['agent', 'runtime']),
  /** The plan this one replaces, and why (update_tool_call_plan's reason). */
  replaces: z.uuid().nullable(),
  replan_reason: z.string().nullable(),
  replaced_by: z.uuid().nullable(),
  deviations: z.array(deviationRationaleSchema),
  /** Skills the unit was handed (see declarePlanInput in server/contracts/planning/ports.ts). */
  given_skills: z.array(z.string()),
  /** The signed-in user the work is for (the chat's user, the run's starter), when known. */
  user_id: z.string().nullable(),
  /** The workflow a run's plan belongs to, when known. */
  workflow_id: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  ended_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ToolCallPlan = z.infer<typeof toolCallPlanSchema>;

/** Where a call's cost units came from. */
export const COST_SOURCES = ['model_tokens', 'tool', 'skill'] as const;

/** One tool-layer call attributed to a plan (or a model step's tokens, `tool_name` = `model`). */
export const toolCallRecordSchema = z.object({
  id: z.string(),
  plan_id: z.uuid(),
  seq: z.number().int().min(0),
  tool_name: z.string(),
  /** sha256 of the arguments' canonical JSON (never the arguments themselves: they may hold PII). */
  args_digest: z.string(),
  /** The skill a skill call used (invoke_skill_tool's `skill`), when the call names one. */
  skill: z.string().nullable(),
  started_at: z.iso.datetime({ offset: true }),
  ended_at: z.iso.datetime({ offset: true }).nullable(),
  latency_ms: z.number().min(0).nullable(),
  status: z.enum(['running', 'ok', 'error', 'refused']),
  error_code: z.string().nullable(),
  cost_units: resourceUnits,
  cost_source: z.enum(COST_SOURCES),
  /** Index into plannedSequence of the intent it matched (a fallback matches its root's index), or null. */
  intent_index: z.number().int().min(0).nullable(),
});
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

export const FINDING_TYPES = ['BudgetExceeded', 'PlanDeviation', 'PolicyViolation', 'BLPViolation'] as const;
export type FindingType = (typeof FINDING_TYPES)[number];

/** The budget dimension that ran over, the limit and the amount over it. */
export const budgetExcessSchema = z.object({
  dimension: z.enum(['maxToolCalls', 'maxLatency', 'maxCost']),
  limit: z.number(),
  actual: z.number(),
  over: z.number(),
});

/**
 * The sentinel's findings (the DRR's ValidationFinding plus PolicyViolation). Evidence names the
 * records (ids) the finding rests on; `when`: `live` during the plan, `end` when it ended.
 */
export const findingDetailSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('BudgetExceeded'), exceeded: budgetExcessSchema, enforced: z.boolean() }),
  z.object({
    type: z.literal('PlanDeviation'),
    deviation: z.enum(['unplanned_call', 'skipped_intent']),
    expected: toolCallIntentSchema.nullable(),
    actual: z.object({ tool_name: z.string(), record_id: z.string() }).nullable(),
  }),
  z.object({
    type: z.literal('PolicyViolation'),
    strategy: z.enum(STRATEGIES),
    capability: z.string(),
    chosen: z.string(),
    /** What the strategy would take on the counts at the time (Greedy: the best-known arm). */
    expected: z.array(z.string()),
    scores: z.record(z.string(), z.number().nullable()),
  }),
  z.object({ type: z.literal('BLPViolation'), trick: z.string(), generalAlternative: z.string() }),
]);
export type FindingDetail = z.infer<typeof findingDetailSchema>;

/**
 * A skill choice the sentinel judges (PolicyViolation, BLPViolation): a call by the plan's agent
 * that names a skill (arguments `skill`, `skill_uri`, `skills_required[]`) whose capability has
 * two or more skills in the catalog, and that the unit was not handed (`given_skills`). The
 * tracker captures it when the call begins, with every arm's counts at that moment.
 */
export interface SkillChoiceEvidence {
  record_id: string;
  capability: string;
  /** The skill URI the call named. */
  chosen: string;
  /** Every catalog skill of the capability with its counts then (the policy's arms). */
  arms: Arm[];
  /**
   * The plan took the general method for this capability before the call: it read the catalog
   * (get_skillset, search, list of alternatives) or asked the policy (a recorded choice).
   */
  general_method_used: boolean;
}

export const sentinelFindingSchema = z.object({
  id: z.string(),
  plan_id: z.uuid(),
  agent_id: z.string(),
  type: z.enum(FINDING_TYPES),
  when: z.enum(['live', 'end']),
  message: z.string(),
  detail: findingDetailSchema,
  evidence: z.array(z.string()),
  at: z.iso.datetime({ offset: true }),
});
export type SentinelFinding = z.infer<typeof sentinelFindingSchema>;

/** A plan's use of its budget so far (the console's gauges). */
export const budgetUsageSchema = z.object({
  tool_calls: z.number().int().min(0),
  latency_ms: z.number().min(0),
  cost_units: resourceUnits,
  model_tokens: z.number().int().min(0),
});
export type BudgetUsage = z.infer<typeof budgetUsageSchema>;

/** A plan with what happened: its calls, its findings, its usage, and its replan chain's ids. */
export const planViewSchema = z.object({
  plan: toolCallPlanSchema,
  calls: z.array(toolCallRecordSchema),
  findings: z.array(sentinelFindingSchema),
  usage: budgetUsageSchema,
});
export type PlanView = z.infer<typeof planViewSchema>;

/** Cost per agent, session (unit's session), workflow or user, per Europe/London day. */
export const COST_DIMENSIONS = ['agent', 'session', 'workflow', 'user'] as const;
export const costReportSchema = z.object({
  dimension: z.enum(COST_DIMENSIONS),
  since: z.string(),
  until: z.string(),
  days: z.array(z.string()),
  series: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      total_units: z.number(),
      tool_calls: z.number().int(),
      plans: z.number().int(),
      /** Units per day, aligned with `days`. */
      per_day: z.array(z.number()),
    }),
  ),
});
export type CostReport = z.infer<typeof costReportSchema>;

/** One strategy's figures in a policy comparison, with the decisions behind them. */
export const strategyFiguresSchema = z.object({
  strategy: z.enum(STRATEGIES),
  decisions: z.number().int().min(0),
  success_rate: z.number().nullable(),
  /** Mean per-decision regret against the best arm in hindsight (its empirical success rate). */
  regret: z.number().nullable(),
  mean_latency_ms: z.number().nullable(),
});
export const policyComparisonSchema = z.object({
  source: z.enum(['offline_replay', 'live_split']),
  since: z.string().nullable(),
  until: z.string().nullable(),
  /** Decisions available (skill uses of capabilities with two or more skills). */
  history_decisions: z.number().int().min(0),
  capabilities: z.array(z.string()),
  strategies: z.array(strategyFiguresSchema),
  method: z.string(),
});
export type PolicyComparison = z.infer<typeof policyComparisonSchema>;

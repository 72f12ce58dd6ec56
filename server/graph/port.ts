import type { z } from 'zod';
import type {
  episodeSchema,
  episodeSourceSchema,
  episodeStateSchema,
  graphWriteSchema,
  linkKindSchema,
  linkSchema,
  patternEpisodeSchema,
  reliabilityWindowSchema,
  skillNodeSchema,
  taskEpisodeSchema,
  taskSkillUseSchema,
  workflowRefSchema,
  workflowVersionNodeSchema,
} from './schemas.ts';

/**
 * The knowledge-graph port (docs/ARCHITECTURE.md "Ports and adapters"): what the planner's
 * pre-flight checks (spec §2.2, §4.4), the lineage views (§3.2–3.5) and the post-run learning
 * loop (§4.3) ask of the graph. Two adapters implement it — Postgres tables (embedded default)
 * and Neo4j (Graphiti-compatible labels) — and one contract suite (contract.ts) tests both.
 *
 * Timestamps are ISO-8601 strings; the adapters return them in UTC with milliseconds
 * (`Date#toISOString`). Lists come back in a stable order, documented per method.
 */

export type EpisodeState = z.infer<typeof episodeStateSchema>;
export type Episode = z.infer<typeof episodeSchema>;
export type WorkflowVersionNode = z.infer<typeof workflowVersionNodeSchema>;
export type SkillNode = z.infer<typeof skillNodeSchema>;
export type WorkflowRef = z.infer<typeof workflowRefSchema>;
export type LinkKind = z.infer<typeof linkKindSchema>;
export type Link = z.infer<typeof linkSchema>;
/** Recent window: uses within the last `days` days AND/OR the last `lastRuns` uses of the skill. */
export type ReliabilityWindow = z.infer<typeof reliabilityWindowSchema>;
export type EpisodeSource = z.infer<typeof episodeSourceSchema>;
export type TaskSkillUse = z.infer<typeof taskSkillUseSchema>;
/** A finished delegated task and the skills it used. */
export type TaskEpisode = z.infer<typeof taskEpisodeSchema>;
/** A Strategist's pattern (Graphiti's add_memory). */
export type PatternEpisode = z.infer<typeof patternEpisodeSchema>;
/** One outbox item: which port write and its payload. */
export type GraphWrite = z.infer<typeof graphWriteSchema>;

/**
 * Reliability of one skill. Rates are null when the skill has no uses (in the window);
 * latency percentiles interpolate linearly (percentile_cont / percentileCont) over every use
 * with a known latency, failures included (a timeout's latency is part of the picture).
 *
 * Caller errors (uses that failed because of their caller's input: lib/failure-cause.ts) are no
 * uses of the skill here: they are left out of n_success, n_failures, both rates, the
 * percentiles and the window's last-N count, and shown apart as `n_caller_errors` (in a window:
 * those at or after its `days` bound, at most its `lastRuns` latest ones).
 */
export interface SkillReliability {
  skill: string;
  capability: string | null;
  n_success: number;
  n_failures: number;
  n_caller_errors: number;
  success_rate: number | null;
  failure_rate: number | null;
  p50_latency_ms: number | null;
  p95_latency_ms: number | null;
}

export interface LineageNode {
  workflow_id: string;
  version: string;
  name: string;
  created_at: string;
}

/** `from` = child (newer / derived), `to` = parent. */
export interface LineageEdge {
  kind: LinkKind;
  from: WorkflowRef;
  to: WorkflowRef;
}

export interface TrendBucket {
  /** Start of the bucket (inclusive); buckets are contiguous, oldest first, the last ends now. */
  start: string;
  n_success: number;
  n_failures: number;
  /** Uses that failed because of their caller: apart from the skill's own failures. */
  n_caller_errors: number;
}

/**
 * A failed use (recentFailures: the skill's own failures; recentCallerErrors: the caller's).
 * For a workflow run: its run id and state. For a delegated task: `task:<session
 * id>/<task id>` (a `/` or `%` inside either id percent-encoded) and the plan step(s) the skill
 * served, or `task` when the plan did not say.
 */
export interface SkillFailure {
  run_id: string;
  state: string;
  error: string | null;
  at: string;
}

export interface ExecutionSummary {
  run_id: string;
  status: string;
  started_at: string;
  finished_at: string;
}

/**
 * A Graphiti `:Episodic` node as get_episodes shows it: a workflow execution (group `dcf`), a
 * delegated task (group = its session id) or a Strategist's pattern (its own group).
 */
export interface EpisodicNode {
  uuid: string;
  name: string;
  group_id: string;
  source: EpisodeSource;
  source_description: string;
  content: string;
  /** When what it describes happened (a run's or task's end; a pattern's reference time). */
  valid_at: string;
  /** When the graph recorded it. */
  created_at: string;
}

/**
 * What happened on one Europe/London calendar day: the runs that finished that day (a run's day is
 * its finished_at's) and the skill uses of that day (a use's day is its `at`: a run's finished_at,
 * a delegated task's use time). Duration percentiles are over finished_at − started_at in ms,
 * interpolated linearly (percentile_cont / percentileCont), null without runs.
 */
export interface ActivityDay {
  /** YYYY-MM-DD, Europe/London. */
  day: string;
  runs: number;
  succeeded: number;
  /** FAILED, TIMED_OUT or ABORTED. */
  failed: number;
  p50_ms: number | null;
  p95_ms: number | null;
  /** Every skill use (runs' states and delegated tasks), caller errors included. */
  skill_calls: number;
  /** Uses that replaced another skill after its failure (`swapped_from` set). */
  swaps: number;
  /** Uses that failed because of their caller's input (lib/failure-cause.ts). */
  caller_errors: number;
}

/**
 * The graph's activity between two instants (both included). `totals` are over the whole window
 * (its percentiles too, which no sum of days gives). `skills` are the skills used in the window
 * (at least one use, a caller error included) with their reliability over the window's uses —
 * counted as allSkillReliability counts a window's (caller errors apart) — ordered by URI.
 */
export interface GraphActivity {
  since: string;
  until: string;
  /** Days with a run or a skill use, oldest first; days without either are absent. */
  days: ActivityDay[];
  totals: Omit<ActivityDay, 'day'>;
  skills: SkillReliability[];
}

/**
 * One recorded skill use as the policy comparison reads it (issue 17, "Policies compared"): which
 * skill served which capability, how it went, how long it took, when, and the live split's
 * strategy that chose it. Keyed like USED_SKILL: a run's id (a task's `task:<session>/<task>`)
 * and the use's position in it.
 */
export interface RecordedSkillUse {
  run_id: string;
  seq: number;
  /** The state (a task's plan step, or `task`). */
  state: string;
  skill: string;
  /** The skill node's capability; null for a skill known only by its URI (never upserted). */
  capability: string | null;
  outcome: 'success' | 'failure' | 'caller_error';
  latency_ms: number | null;
  at: string;
  /** The strategy of a live split (DCF_POLICY_SPLIT) that chose the skill, or null. */
  strategy: string | null;
}

export interface KnowledgeGraph {
  readonly kind: 'postgres' | 'neo4j';
  /** Throws when the graph store is unreachable. */
  ping(): Promise<void>;
  /** Creates or updates a `:Skill`; its counters are kept. */
  upsertSkill(s: SkillNode): Promise<void>;
  /** Creates or replaces a `:Workflow` version node (also filling a placeholder). */
  upsertWorkflowVersion(w: WorkflowVersionNode): Promise<void>;
  /**
   * Idempotent. A missing endpoint is created as a placeholder node (name = workflow id,
   * created_at = now), so links never depend on write order.
   */
  link(kind: LinkKind, child: WorkflowRef, parent: WorkflowRef): Promise<void>;
  /**
   * Idempotent per run_id (a second call with the same run_id changes nothing): an `:Episodic`
   * + a `:WorkflowExecution` EXECUTION_OF the `:Workflow` version (placeholder if unknown),
   * USED_SKILL to each skill used (outcome, latency, error, at = finished_at), and the skills'
   * n_success / n_failures / n_caller_errors counters incremented (a failure whose error is the
   * caller's is recorded as `caller_error`: episode-facts.ts). All or nothing.
   */
  recordEpisode(e: Episode): Promise<void>;
  /**
   * Idempotent per task (session_id, task_id): an `:Episodic` (group = the session id, content
   * = the task episode as JSON, valid_at = completed_at) + a `:DelegatedTask`, USED_SKILL to each
   * skill used, and the skills' counters incremented — uses that count in every reliability
   * read like a run's. All or nothing.
   */
  recordTaskEpisode(e: TaskEpisode): Promise<void>;
  /**
   * Insert-once per uuid: an episode already in the graph under that uuid (of any kind) is kept
   * as it is, so a replay changes nothing and a pattern can never overwrite a run's or a task's.
   */
  recordPatternEpisode(e: PatternEpisode): Promise<void>;
  /**
   * The latest `lastN` episodes of the groups (null: of every group; []: none), newest valid_at
   * first, then uuid descending.
   */
  episodes(groupIds: string[] | null, lastN: number): Promise<EpisodicNode[]>;
  /** The episode with this uuid, or null. */
  episode(uuid: string): Promise<EpisodicNode | null>;
  /** All-time (node counters) when `window` is absent; an unknown skill has zero uses. */
  skillReliability(uri: string, window?: ReliabilityWindow): Promise<SkillReliability>;
  /** Every known skill, ordered by URI. `lastRuns` applies per skill. */
  allSkillReliability(window?: ReliabilityWindow): Promise<SkillReliability[]>;
  /**
   * Runs that finished and skill uses from `since` to `until` (ISO date-times, both included), per
   * Europe/London day, with totals and the skills used (GraphActivity): the dashboard's Operations.
   */
  activity(since: string, until: string): Promise<GraphActivity>;
  /**
   * Every skill use (runs' and delegated tasks', caller errors included) from `since` to `until`
   * (ISO date-times, both included; null: unbounded on that side), in time order: by at, then
   * run_id and seq (strings compared by code point, ordering.ts). The policy comparison's history.
   */
  skillUses(since: string | null, until: string | null): Promise<RecordedSkillUse[]>;
  /** `buckets` contiguous buckets of `bucketDays` days ending now, oldest first (a sparkline). */
  skillTrend(uri: string, buckets: number, bucketDays: number): Promise<TrendBucket[]>;
  /** The skill's latest failed uses, newest first; caller errors are not among them. */
  recentFailures(uri: string, limit: number): Promise<SkillFailure[]>;
  /** The skill's latest uses that failed because of their caller, newest first. */
  recentCallerErrors(uri: string, limit: number): Promise<SkillFailure[]>;
  /**
   * Reclassifies the failures recorded before caller errors were told apart (or before
   * lib/failure-cause.ts learnt an error name) whose error is the caller's: each becomes a
   * `caller_error`, its skill's n_failures goes down and n_caller_errors up by one. Idempotent:
   * a second call finds nothing. Returns how many uses it reclassified.
   */
  correctCallerErrors(): Promise<number>;
  /**
   * The whole family of `workflowId`: every version reachable from any of its versions through
   * VERSION_OF / REFINEMENT_OF in either direction, across workflow ids, and every edge among
   * them. Nodes ordered by (created_at, workflow_id, version); edges by (from, to, kind).
   */
  lineage(workflowId: string): Promise<{ nodes: LineageNode[]; edges: LineageEdge[] }>;
  /** Versions transitively derived from `node` (edges pointing to it), excluding itself; ordered like lineage nodes. */
  descendants(node: WorkflowRef): Promise<LineageNode[]>;
  /** Executions of one version, newest start first. */
  executions(node: WorkflowRef, limit: number): Promise<ExecutionSummary[]>;
  /** Versions whose bindings include the skill, ordered by (workflow_id, version). */
  workflowsUsingSkill(uri: string): Promise<LineageNode[]>;
  /** Releases what the adapter owns (the Neo4j driver); the app database is not closed. */
  close(): Promise<void>;
}

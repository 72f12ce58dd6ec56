import { z } from 'zod';

/**
 * What the knowledge graph accepts, as zod schemas: the port's input types are inferred from
 * these (port.ts), and the outbox validates every payload with them when it is enqueued and
 * again when it is replayed (a row is data from outside the process).
 */

const timestamp = z.iso.datetime({ offset: true });

/**
 * How a use of a skill went. `caller_error`: it failed because of its caller's input (an unknown
 * advisor, a reversed period; lib/failure-cause.ts), which never counts against the skill. A
 * writer may send `failure` for those too: the graph classifies every failure by its error when
 * it records it (episode-facts.ts `useOutcome`).
 */
export const useOutcomeSchema = z.enum(['success', 'failure', 'caller_error']);

/** One state of a finished run as the graph learns it (spec §4.3: outcome, latency, swaps). */
export const episodeStateSchema = z.object({
  state: z.string().min(1),
  /** The skill URI the state used; null for states that use none (Pass, Choice, …). */
  skill: z.string().min(1).nullable(),
  outcome: useOutcomeSchema,
  /** Milliseconds; the graph keeps whole milliseconds (rounded). */
  latency_ms: z.number().min(0).nullable(),
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  /** The skill this one replaced after a failure (scenario 3), if any. */
  swapped_from: z.string().nullable().optional(),
  /**
   * The explore/exploit strategy of a live split (DCF_POLICY_SPLIT) that chose this skill, when one
   * did (issue 17, "Policies compared"); absent or null otherwise. Kept as the name given: the
   * graph stores the fact, the policy comparison (server/learning/policy-compare) reads the names it knows.
   */
  strategy: z.string().min(1).max(100).nullable().optional(),
});

/** A finished workflow run: becomes one `:Episodic` + one `:WorkflowExecution`. */
export const episodeSchema = z.object({
  run_id: z.string().min(1),
  workflow_id: z.string().min(1),
  workflow_version: z.string().min(1),
  workflow_name: z.string(),
  status: z.enum(['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED']),
  started_at: timestamp,
  finished_at: timestamp,
  states: z.array(episodeStateSchema),
});

/** One `:Workflow` node: a version of a workflow document. */
export const workflowVersionNodeSchema = z.object({
  workflow_id: z.string().min(1),
  version: z.string().min(1),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** Skill URIs bound by the version's Task states. */
  skills: z.array(z.string()),
  created_at: timestamp,
  author: z.string().nullable(),
});

/** One `:Skill` node (a skill manifest version). */
export const skillNodeSchema = z.object({
  uri: z.string().min(1),
  name: z.string().min(1),
  version: z.string().min(1),
  capability: z.string().nullable(),
  tags: z.array(z.string()),
});

export const workflowRefSchema = z.object({ workflow_id: z.string().min(1), version: z.string().min(1) });

export const linkKindSchema = z.enum(['VERSION_OF', 'REFINEMENT_OF']);

/** A lineage edge to write: child (newer / derived) → parent. */
export const linkSchema = z.object({ kind: linkKindSchema, child: workflowRefSchema, parent: workflowRefSchema });

/** The recent window of a reliability query; both bounds apply when both are given. */
export const reliabilityWindowSchema = z.object({
  days: z.number().positive().optional(),
  lastRuns: z.number().int().positive().optional(),
});

/** Graphiti's EpisodeType: how an episode's content is to be read. */
export const episodeSourceSchema = z.enum(['text', 'json', 'message']);

/** Graphiti's episode uuid, in the canonical lower-case form both stores compare. */
export const episodeUuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'a lower-case UUID');

/** One skill a delegated task used, and how that use went (a USED_SKILL of the task). */
export const taskSkillUseSchema = z.object({
  skill: z.string().min(1),
  /** The task plan's step(s) the skill served, when known: where a use is shown by state. */
  step: z.string().min(1).nullable(),
  outcome: useOutcomeSchema,
  /** Milliseconds of the skill's own work, null when unknown; the graph keeps whole milliseconds. */
  latency_ms: z.number().min(0).nullable(),
  error: z.string().nullable(),
  at: timestamp,
});

/** A finished delegated task (dcf-plus): one `:Episodic` in the session's group + its skill uses. */
export const taskEpisodeSchema = z.object({
  session_id: z.string().min(1),
  task_id: z.string().min(1),
  companion_id: z.string().min(1),
  status: z.enum(['succeeded', 'failed']),
  duration_s: z.number().min(0),
  error: z.string().nullable(),
  completed_at: timestamp,
  uses: z.array(taskSkillUseSchema),
});

/**
 * A pattern the Strategist persists (Graphiti's add_memory): an `:Episodic` of its own. The uuid
 * and created_at travel with it, so a replayed write names the same episode.
 */
export const patternEpisodeSchema = z.object({
  uuid: episodeUuidSchema,
  group_id: z.string().min(1),
  name: z.string().min(1),
  episode_body: z.string(),
  source: episodeSourceSchema,
  source_description: z.string(),
  created_at: timestamp,
  /** When what the episode describes happened (Graphiti's reference_time); created_at when absent. */
  valid_at: timestamp.optional(),
});

/** One graph write, as the outbox stores it (`kind` + `payload`). */
export const graphWriteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('episode'), payload: episodeSchema }),
  z.object({ kind: z.literal('workflow_version'), payload: workflowVersionNodeSchema }),
  z.object({ kind: z.literal('link'), payload: linkSchema }),
  z.object({ kind: z.literal('skill'), payload: skillNodeSchema }),
  z.object({ kind: z.literal('task_episode'), payload: taskEpisodeSchema }),
  z.object({ kind: z.literal('pattern_episode'), payload: patternEpisodeSchema }),
]);

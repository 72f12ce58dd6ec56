import { z } from 'zod';

/**
 * What the knowledge graph accepts, as zod schemas: the port's input types are inferred from
 * these (port.ts), and the outbox validates every payload with them when it is enqueued and
 * again when it is replayed (a row is data from outside the process).
 */

const timestamp = z.iso.datetime({ offset: true });

/** One state of a finished run as the graph learns it (spec §4.3: outcome, latency, swaps). */
export const episodeStateSchema = z.object({
  state: z.string().min(1),
  /** The skill URI the state used; null for states that use none (Pass, Choice, …). */
  skill: z.string().min(1).nullable(),
  outcome: z.enum(['success', 'failure']),
  /** Milliseconds; the graph keeps whole milliseconds (rounded). */
  latency_ms: z.number().min(0).nullable(),
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  /** The skill this one replaced after a failure (scenario 3), if any. */
  swapped_from: z.string().nullable().optional(),
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

/** One graph write, as the outbox stores it (`kind` + `payload`). */
export const graphWriteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('episode'), payload: episodeSchema }),
  z.object({ kind: z.literal('workflow_version'), payload: workflowVersionNodeSchema }),
  z.object({ kind: z.literal('link'), payload: linkSchema }),
  z.object({ kind: z.literal('skill'), payload: skillNodeSchema }),
]);

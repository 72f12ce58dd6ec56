import type { RedisClient } from '../redis/connection.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { ControlPlaneMeta } from '../engine/index.ts';
import { indexStates, type AslState, type Json, type StateLocation } from '../engine/runtime/index.ts';

/** What a run executes: its frozen workflow document, meta and an index of every state. */
export interface RunDefinition {
  runId: string;
  workflow: {
    workflow_id: string;
    workflow_name: string;
    version: string;
    asl: { StartAt: string; States: Record<string, AslState>; TimeoutSeconds?: number };
  } & Record<string, unknown>;
  meta: ControlPlaneMeta;
  states: Map<string, StateLocation>;
  /** The run's input ($$.Execution.Input): written when the run is created and never changed (a redrive keeps it). */
  input: Json;
}

const cache = new Map<string, RunDefinition>();
const MAX_CACHED = 500;

/**
 * The run's definition and input; immutable once the run exists, so they are cached per process.
 * Read in one round trip (a MULTI: the run's keys share its hash tag, so one Cluster slot).
 */
export async function loadRunDefinition(redis: RedisClient, runId: string): Promise<RunDefinition | null> {
  const hit = cache.get(runId);
  if (hit) return hit;
  const k = runKeys(runId);
  const read = await redis.multi().mget(k.workflow, k.meta).hget(k.run, 'input').exec();
  const [workflowRaw, metaRaw] = (read?.[0]?.[1] ?? []) as Array<string | null>;
  const inputRaw = read?.[1]?.[1] as string | null | undefined;
  if (!workflowRaw || !metaRaw) return null;
  const def = runDefinitionOf(runId, workflowRaw, metaRaw, inputRaw ?? null);
  // Not cached before the run record holds its input: read between a run's first write (workflow, meta) and its commit.
  if (inputRaw === null || inputRaw === undefined) return def;
  rememberRunDefinition(def);
  return def;
}

/** The definition from the stored texts of the run's workflow, meta and input (null: none stored). */
export function runDefinitionOf(runId: string, workflowRaw: string, metaRaw: string, inputRaw: string | null): RunDefinition {
  const workflow = JSON.parse(workflowRaw) as RunDefinition['workflow'];
  return {
    runId,
    workflow,
    meta: JSON.parse(metaRaw) as ControlPlaneMeta,
    states: indexStates(workflow.asl),
    input: inputRaw ? (JSON.parse(inputRaw) as Json) : null,
  };
}

/**
 * Caches `def` as its run's definition: for the run's creator, once its commit has written what `def`
 * was made from (runDefinitionOf on the same texts), so the run's first reads need no round trip.
 */
export function rememberRunDefinition(def: RunDefinition): void {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(def.runId, def);
}

/**
 * Drops the run's cached definition: its process calls this once the run has finished and settled (runtime.ts),
 * so the cache holds the runs under way, not the last MAX_CACHED runs (a 1,000-state workflow's is about 0.7 MB).
 * A later reader (a redrive, the run view) reads it again.
 */
export function forgetRunDefinition(runId: string): void {
  cache.delete(runId);
}

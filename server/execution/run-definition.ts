import type { RedisClient } from '../redis/connection.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { ControlPlaneMeta } from '../engine/index.ts';
import { indexStates, type AslState, type StateLocation } from '../engine/runtime/index.ts';

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
}

const cache = new Map<string, RunDefinition>();
const MAX_CACHED = 500;

/** The run's definition; immutable once the run exists, so it is cached per process. */
export async function loadRunDefinition(redis: RedisClient, runId: string): Promise<RunDefinition | null> {
  const hit = cache.get(runId);
  if (hit) return hit;
  const k = runKeys(runId);
  const [workflowRaw, metaRaw] = await redis.mget(k.workflow, k.meta);
  if (!workflowRaw || !metaRaw) return null;
  const workflow = JSON.parse(workflowRaw) as RunDefinition['workflow'];
  const def: RunDefinition = { runId, workflow, meta: JSON.parse(metaRaw) as ControlPlaneMeta, states: indexStates(workflow.asl) };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(runId, def);
  return def;
}

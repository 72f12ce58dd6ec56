import { collaborationDecompositions } from '../db/schema/index.ts';
import { loadSkillCatalog } from '../skills/catalog.ts';
import { platformAgents } from './agents.ts';
import { capabilitiesOfCatalog, capabilityVocabulary } from './capabilities.ts';
import type { Collab } from './context.ts';
import { decomposeDeterministic } from './decompose.ts';
import { writerOf } from './errors.ts';
import { decomposeWithModel } from './model-decompose.ts';

export interface DecomposeInput {
  task: string;
  available_models: Array<{ id: string; model_type: string; capabilities: string[] }>;
}

/**
 * decompose_task: the known capabilities are those of `available_models`, the platform's agents
 * and the skill catalog. With a model configured it is asked first (model-decompose.ts); when it
 * fails or answers badly the deterministic rules decide and `model_error` says why. Every
 * decomposition is recorded.
 */
export async function decomposeTask(c: Collab, input: DecomposeInput, fetchImpl?: typeof fetch) {
  const catalog = await loadSkillCatalog(c.config.skillsDir).then(capabilitiesOfCatalog, () => []);
  const known = capabilityVocabulary({
    availableModels: input.available_models,
    platformAgents: await platformAgents(c.platform),
    catalog,
  });
  let method: 'model' | 'deterministic' = 'deterministic';
  let modelError: string | null = null;
  let dropped: string[] = [];
  let subtasks = null;
  if (c.config.agentBrain.kind === 'openai') {
    try {
      const r = await decomposeWithModel(c.config.agentBrain, input.task, known, fetchImpl);
      subtasks = r.subtasks;
      dropped = r.dropped;
      method = 'model';
    } catch (err) {
      modelError = err instanceof Error ? err.message : String(err);
    }
  }
  subtasks ??= decomposeDeterministic(input.task, known);
  await c.db.insert(collaborationDecompositions).values({ task: input.task, method, subtasks, createdBy: writerOf(c.actor) });
  return {
    subtasks,
    method,
    model_error: modelError,
    dropped_capabilities: dropped,
    known_capabilities: known.map((k) => ({ name: k.name, sources: k.sources })),
  };
}

import { normalizeCapability } from './capability-words.ts';
import { requireAgents } from './agents.ts';
import type { Collab } from './context.ts';
import { CollaborationError } from './errors.ts';
import { collaborationFigures } from './figures.ts';

/**
 * compare_models: the agents side by side — their capabilities (all, or whether each holds the
 * capabilities asked about) and their measured figures (figures.ts), each mean with its count.
 */
export async function compareModels(c: Collab, input: { model_ids: string[]; capabilities?: string[] }) {
  if (input.model_ids.length === 0) throw new CollaborationError('invalid_input', 'model_ids is empty: name the agents to compare');
  const agents = await requireAgents(c.db, c.platform, input.model_ids);
  const figures = await collaborationFigures(
    c.db,
    agents.map((a) => a.id),
  );
  const focus = input.capabilities?.length ? [...new Set(input.capabilities.map(normalizeCapability))] : null;
  const compared = focus ?? [...new Set(agents.flatMap((a) => a.capabilities))].sort();
  return {
    capabilities_compared: compared,
    capability_filter_applied: focus !== null,
    models: agents.map((a) => ({
      model_id: a.id,
      kind: a.kind,
      model_type: a.model_type,
      capabilities: a.capabilities,
      capability_match: Object.fromEntries(compared.map((cap) => [cap, a.capabilities.includes(cap)])),
      capabilities_held: compared.filter((cap) => a.capabilities.includes(cap)).length,
      figures: figures.get(a.id)!,
    })),
  };
}

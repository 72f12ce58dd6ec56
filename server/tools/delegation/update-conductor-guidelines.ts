import { z } from 'zod';
import { updateConductorGuidelines } from '../../delegation/context-updates.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { isToolFailure, jsonParam, withHub } from './delegation.ts';
import { idString, jsonTextString } from '../limits.ts';

const object = z.record(z.string(), z.unknown());

/** dcf-plus "Strategist Tools": update_conductor_guidelines. */
export const updateConductorGuidelinesTool = defineTool({
  name: 'update_conductor_guidelines',
  description:
    'Publish advice to the Conductor in strategist_guidelines (the Strategist is its only writer); the ' +
    'revision goes up by one. A recommendation {"type": "skill_preference", "capability", "prefer": ' +
    '"skill://…", "avoid": [...], "reason", "evidence", "confidence"} also sets that capability\'s skill ' +
    "preference, which changes the Conductor's next skill choice.",
  readOnly: false,
  input: z.object({
    conductor_id: idString().min(1),
    add_recommendation_json: jsonTextString().optional().describe('JSON object: a recommendation to add.'),
    add_warning_json: jsonTextString().optional().describe('JSON object: a warning to add.'),
    update_companion_strategy_json: jsonTextString().optional().describe('JSON object merged into companion_strategy.'),
  }),
  output: z.object({ conductor_id: z.string(), guidelines_block_id: z.string(), revision: z.number() }),
  async handler(args, { actor, services }) {
    const recommendation = jsonParam('add_recommendation_json', args.add_recommendation_json, object);
    if (isToolFailure(recommendation)) return recommendation;
    const warning = jsonParam('add_warning_json', args.add_warning_json, object);
    if (isToolFailure(warning)) return warning;
    const companionStrategy = jsonParam('update_companion_strategy_json', args.update_companion_strategy_json, object);
    if (isToolFailure(companionStrategy)) return companionStrategy;
    return withHub(services, async (hub) => {
      const r = await updateConductorGuidelines(hub, actor, args.conductor_id, { recommendation, warning, companionStrategy });
      return ok({ conductor_id: args.conductor_id, guidelines_block_id: r.blockId, revision: r.revision });
    });
  },
});

import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { isFailure } from '../document-input.ts';
import { fail, ok } from '../result.ts';
import { execution } from './execution.ts';

/** Spec §5.8 tool-20: "Unload a previously loaded skill from a Letta agent". */
export const unloadSkillTool = defineTool({
  name: 'unload_skill',
  description: 'Unload a skill from a worker agent (its tools can no longer be invoked by that agent). Unloading a skill that is not loaded is a no-op.',
  readOnly: false,
  input: z.object({ agent_id: z.string().min(1), skill: z.string().min(1) }),
  output: z.object({ agent_id: z.string(), loaded_skills: z.array(z.string()), was_loaded: z.boolean() }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const agent = await x.agents.getAgent(args.agent_id);
    if (!agent) return fail('not_found', `no agent ${args.agent_id}`);
    const loaded = agent.loaded_skills.filter((s) => s !== args.skill);
    await x.agents.setLoadedSkills(agent.id, loaded);
    return ok({ agent_id: agent.id, loaded_skills: loaded, was_loaded: loaded.length !== agent.loaded_skills.length });
  },
});

import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { execution } from './execution.ts';
import { skillHolder } from './skill-holder.ts';
import { idString } from '../limits.ts';

/** Spec §5.8 tool-20: "Unload a previously loaded skill from a Letta agent" — any agent, as load_skill. */
export const unloadSkillTool = defineTool({
  name: 'unload_skill',
  description: [
    'Unload a skill from an agent — a workflow worker or any agent of the platform (its tools can no longer be invoked by',
    'that agent). Unloading a skill that is not loaded is a no-op.',
  ].join(' '),
  readOnly: false,
  input: z.object({ agent_id: idString().min(1), skill: idString().min(1) }),
  output: z.object({ agent_id: z.string(), loaded_skills: z.array(z.string()), was_loaded: z.boolean() }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const agent = await skillHolder(x, services, args.agent_id);
    if (isFailure(agent)) return agent;
    const loaded = agent.loaded.filter((s) => s !== args.skill);
    await agent.setLoaded(loaded);
    return ok({ agent_id: agent.agent_id, loaded_skills: loaded, was_loaded: loaded.length !== agent.loaded.length });
  },
});

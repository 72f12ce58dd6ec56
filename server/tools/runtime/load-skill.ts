import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution } from './execution.ts';
import { skillHolder } from './skill-holder.ts';
import { idString } from '../limits.ts';

/**
 * Spec §5.8 tool-19: "Load a skill into a Letta agent: attach directives, tools, and data
 * sources". The skill must be in the catalog; the agent's loaded set gains it and the call
 * returns what the agent now has: the skill's directives and tool schemas. Any agent: a run's
 * worker, or any agent of the agent platform (its dcf_active_skills block tracks the skills).
 */
export const loadSkillTool = defineTool({
  name: 'load_skill',
  description: [
    'Load a skill (skill://name@version from the catalog) into an agent — a workflow worker or any agent of the platform',
    "(a Companion, the Conductor): the agent may then invoke its tools with invoke_skill_tool. Returns the skill's directives",
    "and tools and the agent's loaded skills. Loading a loaded skill is a no-op.",
  ].join(' '),
  readOnly: false,
  input: z.object({ agent_id: idString().min(1), skill: idString().min(1) }),
  output: z.object({
    agent_id: z.string(),
    loaded_skills: z.array(z.string()),
    directives: z.string(),
    tools: z.array(z.object({ name: z.string(), description: z.string().nullable(), parameters: z.unknown() })),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const agent = await skillHolder(x, services, args.agent_id);
    if (isFailure(agent)) return agent;
    const manifest = x.skills.get(args.skill);
    if (!manifest) return fail('not_found', `skill ${args.skill} is not in the catalog (or its manifest is invalid)`);
    const loaded = agent.loaded.includes(args.skill) ? agent.loaded : [...agent.loaded, args.skill];
    await agent.setLoaded(loaded);
    return ok({
      agent_id: agent.agent_id,
      loaded_skills: loaded,
      directives: manifest.skillDirectives,
      tools: manifest.requiredTools.map((t) => ({
        name: t.toolName,
        description: t.description ?? null,
        parameters: t.json_schema?.parameters ?? null,
      })),
    });
  },
});

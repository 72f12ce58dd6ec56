import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { isFailure } from '../document-input.ts';
import { fail, ok } from '../result.ts';
import { execution } from './execution.ts';

/**
 * Spec §5.8 tool-19: "Load a skill into a Letta agent: attach directives, tools, and data
 * sources". The skill must be in the catalog; the agent's loaded set gains it and the call
 * returns what the agent now has: the skill's directives and tool schemas.
 */
export const loadSkillTool = defineTool({
  name: 'load_skill',
  description: 'Load a skill (skill://name@version from the catalog) into a worker agent: the agent may then invoke its tools with invoke_skill_tool. Returns the skill\'s directives and tools. Loading a loaded skill is a no-op.',
  readOnly: false,
  input: z.object({ agent_id: z.string().min(1), skill: z.string().min(1) }),
  output: z.object({
    agent_id: z.string(),
    loaded_skills: z.array(z.string()),
    directives: z.string(),
    tools: z.array(z.object({ name: z.string(), description: z.string().nullable(), parameters: z.unknown() })),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const agent = await x.agents.getAgent(args.agent_id);
    if (!agent) return fail('not_found', `no agent ${args.agent_id}`);
    const manifest = x.skills.get(args.skill);
    if (!manifest) return fail('not_found', `skill ${args.skill} is not in the catalog (or its manifest is invalid)`);
    const loaded = agent.loaded_skills.includes(args.skill) ? agent.loaded_skills : [...agent.loaded_skills, args.skill];
    await x.agents.setLoadedSkills(agent.id, loaded);
    return ok({
      agent_id: agent.id,
      loaded_skills: loaded,
      directives: manifest.skillDirectives,
      tools: manifest.requiredTools.map((t) => ({ name: t.toolName, description: t.description ?? null, parameters: t.json_schema?.parameters ?? null })),
    });
  },
});

import type { AgentPlatform } from '../contracts/agent-platform.ts';

/**
 * The skill loading tracker of a platform agent (dcf-plus: the `dcf_active_skills` block, "Skill
 * loading tracker"): the skill:// URIs it has loaded with load_skill, as a JSON array. Companions
 * get the block from their template; an agent without one gets it on its first load.
 */
export const ACTIVE_SKILLS_BLOCK = 'dcf_active_skills';

export const ACTIVE_SKILLS_DESCRIPTION =
  'Skill loading tracker: the skill:// URIs currently loaded (a JSON array), kept by load_skill and unload_skill.';

/** The URIs in a tracker value; a value edited by hand into something else reads as nothing loaded. */
export function parseActiveSkills(value: string | undefined): string[] {
  try {
    const v: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export async function readActiveSkills(platform: AgentPlatform, agentId: string): Promise<string[]> {
  const block = (await platform.listAgentBlocks(agentId)).find((b) => b.label === ACTIVE_SKILLS_BLOCK);
  return parseActiveSkills(block?.value);
}

export async function writeActiveSkills(platform: AgentPlatform, agentId: string, skills: string[]): Promise<void> {
  const value = JSON.stringify([...new Set(skills)]);
  const block = (await platform.listAgentBlocks(agentId)).find((b) => b.label === ACTIVE_SKILLS_BLOCK);
  if (block) await platform.updateBlock(block.id, { value });
  else
    await platform.attachBlock(
      agentId,
      (await platform.createBlock({ label: ACTIVE_SKILLS_BLOCK, value, description: ACTIVE_SKILLS_DESCRIPTION })).id,
    );
}

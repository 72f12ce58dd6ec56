import { skillDirectory } from '../../learning/services.ts';
import type { ScoringSkill } from '../../qa/reviewed-figures.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { callSkillData } from '../crm/skill-call.ts';

/**
 * The scoring skill as a review reaches it (server/qa/reviewed-figures.ts): the skill named by the result's
 * provenance, from the catalog, called on the platform's own path (callSkillData: MCP or the in-process demo
 * server) with the tool its manifest requires — `calculate_score`, or its only tool.
 */
export function scoringSkillOf(services: Pick<ToolServices, 'config'>): ScoringSkill {
  const s = services as ToolServices;
  return async (skill, args) => {
    let tools: string[];
    try {
      tools = (await skillDirectory(s)).get(skill)?.requiredTools.map((t) => t.toolName) ?? [];
    } catch (err) {
      return { ok: false, message: `cannot read the skill catalog: ${err instanceof Error ? err.message : String(err)}` };
    }
    if (!tools.length) return { ok: false, message: `${skill} is not in the skill catalog` };
    const tool = tools.includes('calculate_score') ? 'calculate_score' : tools.length === 1 ? tools[0]! : null;
    if (!tool) return { ok: false, message: `${skill} has several tools and none is calculate_score` };
    const r = await callSkillData<Record<string, unknown>>(s, skill, tool, args);
    return 'status' in r ? { ok: false, message: r.error } : { ok: true, data: r.data };
  };
}

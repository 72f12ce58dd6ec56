import { parseSkillUri } from '../skills/skill-uri.ts';

/**
 * Cost units of a call when no model reports tokens (DCF_TOOL_COSTS, server/config.ts): a tool's
 * entry by name, else `default`; a skill's by `skill:<skill name>`, else `skill:default`; each 1
 * when unset. A skill call costs its tool plus each skill it names (schemas.ts "Units").
 */
export interface CostTable {
  tool(toolName: string): number;
  skill(skill: string): number;
}

export function costTable(units: Record<string, number>): CostTable {
  const toolDefault = units.default ?? 1;
  const skillDefault = units['skill:default'] ?? 1;
  const skillCosts = new Map<string, number>();
  return {
    tool: (name) => units[name] ?? toolDefault,
    skill(skill) {
      let cost = skillCosts.get(skill);
      if (cost === undefined) {
        cost = units[`skill:${skillName(skill)}`] ?? skillDefault;
        skillCosts.set(skill, cost);
      }
      return cost;
    },
  };
}

/** A skill's name as the cost table keys it: `skill://whisper-transcribe@1.0.0` → `whisper-transcribe`. */
export function skillName(skill: string): string {
  return parseSkillUri(skill)?.name ?? skill;
}

/**
 * The skills a call's arguments name (ports.ts SkillChoiceEvidence): `skill` and `skill_uri`
 * (invoke_skill_tool, load_skill, update_workflow_control_plane), `skills_required[]`, and
 * `skills_required_json` (delegate_task and broadcast_task pass the list as JSON text). Called on
 * the tool layer's call path: it looks at four keys and allocates only when one names a skill.
 */
const NONE: readonly string[] = Object.freeze([]);

/**
 * The tools whose named skills are *used*: loaded, invoked, handed to a Companion, or swapped to.
 * Only these cost a skill's units and make a skill choice the sentinel judges; a tool that reads
 * about a skill (get_skill_reliability, check_workflow_health) or lets go of one (unload_skill)
 * chooses nothing.
 */
export const SKILL_USING_TOOLS: ReadonlySet<string> = new Set([
  'load_skill',
  'invoke_skill_tool',
  'delegate_task',
  'broadcast_task',
  'update_workflow_control_plane',
]);

/** The skills a call of `toolName` uses: its named skills when it is a skill-using tool, else none. */
export function usedSkills(toolName: string, args: unknown): readonly string[] {
  return SKILL_USING_TOOLS.has(toolName) ? namedSkills(args) : NONE;
}

export function namedSkills(args: unknown): readonly string[] {
  if (typeof args !== 'object' || args === null) return NONE;
  const a = args as Record<string, unknown>;
  if (a.skill === undefined && a.skill_uri === undefined && a.skills_required === undefined && a.skills_required_json === undefined)
    return NONE;
  const out: string[] = [];
  for (const one of [a.skill, a.skill_uri]) if (typeof one === 'string' && one) out.push(one);
  for (const s of listOf(a.skills_required, a.skills_required_json)) if (typeof s === 'string' && s) out.push(s);
  return out.length ? [...new Set(out)] : NONE;
}

function listOf(list: unknown, json: unknown): unknown[] {
  if (Array.isArray(list)) return list;
  if (typeof json !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * The skills a call's arguments name (ports.ts SkillChoiceEvidence): `skill` and `skill_uri`
 * (invoke_skill_tool, load_skill, update_workflow_control_plane), `skills_required[]`, and
 * `skills_required_json` (delegate_task and broadcast_task pass the list as JSON text). Called on
 * the tool layer's call path: it looks at four keys and allocates only when one names a skill.
 */
const NONE: readonly string[] = Object.freeze([]);

export function namedSkills(args: unknown): readonly string[] {
  if (typeof args !== 'object' || args === null) return NONE;
  const a = args as Record<string, unknown>;
  if (a.skill === undefined && a.skill_uri === undefined && a.skills_required === undefined
    && a.skills_required_json === undefined) return NONE;
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

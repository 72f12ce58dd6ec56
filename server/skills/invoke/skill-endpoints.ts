import type { SkillEndpoint } from '../../config-skill-endpoints.ts';

/**
 * Skill endpoints per skill or group (`DCF_MCP_ENDPOINTS`): a deployment may serve its CRM skills
 * from one MCP server and transcription from another. The setting (parsed by
 * server/config-skill-endpoints.ts) is a list of `key=url`. A key matches a skill
 * when it is one of the manifest's tags (its groups: `crm`, `transcription`…) or a prefix of the
 * skill's name (`crm-directory`, `whisper`); of the keys that match, the longest wins. A skill no
 * key matches goes to DCF_MCP_BASE_URL (or the in-process demo server when that is unset).
 * The URL replaces the manifest endpoint's host as DCF_MCP_BASE_URL does (endpoint.ts).
 */

/** The endpoint serving `skill`: the longest key among its tags and its name's prefixes; undefined when none matches. */
export function endpointFor(
  endpoints: readonly SkillEndpoint[],
  skill: { skillName: string; tags: readonly string[] },
): SkillEndpoint | undefined {
  let best: SkillEndpoint | undefined;
  for (const e of endpoints) {
    const matches = skill.tags.includes(e.key) || skill.skillName.startsWith(e.key);
    if (matches && (!best || e.key.length > best.key.length)) best = e;
  }
  return best;
}

/**
 * Skill endpoints per skill or group (`DCF_MCP_ENDPOINTS`): a deployment may serve its CRM skills
 * from one MCP server and transcription from another. The setting is a comma-separated list of
 * `key=url`, e.g. `crm=http://a:9001/mcp,transcription=http://b:9002/mcp`. A key matches a skill
 * when it is one of the manifest's tags (its groups: `crm`, `transcription`…) or a prefix of the
 * skill's name (`crm-directory`, `whisper`); of the keys that match, the longest wins. A skill no
 * key matches goes to DCF_MCP_BASE_URL (or the in-process demo server when that is unset).
 * The URL replaces the manifest endpoint's host as DCF_MCP_BASE_URL does (endpoint.ts).
 */
export interface SkillEndpoint {
  key: string;
  url: string;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The endpoints of the setting, or the reason it is invalid (a message naming the bad entry). */
export function parseSkillEndpoints(raw: string | undefined): { ok: true; endpoints: SkillEndpoint[] } | { ok: false; error: string } {
  if (raw === undefined || raw.trim() === '') return { ok: true, endpoints: [] };
  const endpoints: SkillEndpoint[] = [];
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const key = at < 0 ? '' : entry.slice(0, at).trim();
    const url = at < 0 ? '' : entry.slice(at + 1).trim();
    if (!KEY.test(key))
      return { ok: false, error: `"${entry}" is not key=url (a key is a skill name prefix or a manifest tag: letters, digits, . _ -)` };
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, error: `"${entry}": "${url}" is not a URL` };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return { ok: false, error: `"${entry}": the URL must be http or https (MCP over Streamable HTTP)` };
    if (endpoints.some((e) => e.key === key)) return { ok: false, error: `"${key}" is given twice` };
    endpoints.push({ key, url });
  }
  return { ok: true, endpoints };
}

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

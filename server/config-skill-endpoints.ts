/**
 * The setting DCF_MCP_ENDPOINTS: skill endpoints per skill or group. A deployment may serve its CRM
 * skills from one MCP server and transcription from another. The setting is a comma-separated list
 * of `key=url`, e.g. `crm=http://a:9001/mcp,transcription=http://b:9002/mcp`. Parsed here, where
 * the configuration loads; which endpoint serves a skill is the skills adapter's
 * (server/skills/invoke/skill-endpoints.ts).
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

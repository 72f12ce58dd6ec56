/**
 * `skill://<skillName>@<skillVersion>` — how workflows (AgentBinding.skills), the control-plane meta
 * and the DCF+ delegation messages name one version of a skill. The name grammar admits the dotted
 * names of the DCF+ document (`research.web`); the version grammar is the manifest's `skillVersion`.
 */
export const SKILL_URI_PATTERN = /^skill:\/\/([A-Za-z0-9][A-Za-z0-9._-]*)@(\d+\.\d+\.\d+(?:-[0-9A-Za-z-.]+)?)$/;

export interface SkillUriParts {
  name: string;
  version: string;
}

/** Splits a skill URI into name and version; `null` if `uri` is not one. */
export function parseSkillUri(uri: string): SkillUriParts | null {
  const m = SKILL_URI_PATTERN.exec(uri);
  return m ? { name: m[1]!, version: m[2]! } : null;
}

/** Builds the skill URI for a name and version (no validation: callers pass manifest fields). */
export function formatSkillUri(name: string, version: string): string {
  return `skill://${name}@${version}`;
}

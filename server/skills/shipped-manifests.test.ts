import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSkillManifest } from './check-manifest.ts';
import { formatSkillUri } from './skill-uri.ts';

/**
 * The manifests in skills/: the nine of spec §5.10 (corrected only where the spec is wrong, see
 * schemas/README.md "Skill manifests"), research.web, which the DCF+ document delegates with, the
 * CRM directory the Planner checks requests against (issue 15), and the three built-in skills
 * (echo, fail, sleep; server/skills/builtin/), whose tools are `registered` platform tools.
 */
const skillsDir = new URL('../../skills/', import.meta.url);
const specDir = new URL('../../schemas/examples/spec/', import.meta.url);
/** Fixture documents are read loosely; checkSkillManifest has already vouched for their shape. */
type Json = Record<string, any>;
const readJson = (url: URL): Json => JSON.parse(readFileSync(url, 'utf8'));

const files = readdirSync(skillsDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const shipped = new Map(files.map((f) => [f, readJson(new URL(f, skillsDir))]));
/** The built-in skills: each has one `registered` tool, which the agent platform must provide. */
const BUILTIN = ['builtin.echo.json', 'builtin.fail.json', 'builtin.sleep.json'];

describe('skills/', () => {
  it('holds the nine §5.10 manifests, research.web, crm-directory, pocketsphinx-transcribe and the three built-ins', () => {
    expect(files).toEqual([
      'assemblyai-transcribe.json',
      'builtin.echo.json',
      'builtin.fail.json',
      'builtin.sleep.json',
      'compliance-analysis.json',
      'crm-directory.json',
      'gpt4o-diarize.json',
      'labelling-segmentation.json',
      'pocketsphinx-transcribe.json',
      'recording-management.json',
      'research.web.json',
      'salesforce-integration.json',
      'scoring.json',
      'sentiment-analysis.json',
      'whisper-transcribe.json',
    ]);
  });

  it.each(files.filter((f) => !BUILTIN.includes(f)))('%s passes checkSkillManifest with no errors and no warnings', (f) => {
    expect(checkSkillManifest(shipped.get(f))).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it.each(BUILTIN)('%s passes checkSkillManifest with no errors and only the platform-tool warning', (f) => {
    const m = shipped.get(f)!;
    expect(m.requiredTools).toHaveLength(1);
    const toolId = m.requiredTools[0].definition.platformToolId;
    expect(m.requiredTools[0].definition.type).toBe('registered');
    expect(toolId).toBe(`${m.skillName}.${m.requiredTools[0].toolName}`);
    expect(checkSkillManifest(m)).toEqual({
      valid: true,
      errors: [],
      warnings: [
        {
          path: '/requiredTools/0/definition/platformToolId',
          code: 'skill.platform_tool_required',
          message: `/requiredTools/0/definition/platformToolId: needs "${toolId}" to be registered on the agent platform`,
        },
      ],
    });
  });

  it.each(files)('%s is named after its skill, and its manifestId is skill://name@version', (f) => {
    const m = shipped.get(f)!;
    expect(f).toBe(`${m.skillName}.json`);
    expect(m.manifestId).toBe(formatSkillUri(m.skillName, m.skillVersion));
  });

  it('gives every manifest its own skillPackageId', () => {
    const ids = [...shipped.values()].map((m) => m.skillPackageId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares skill://research.web@0.2.0, the skill the DCF+ delegation messages require', () => {
    const m = shipped.get('research.web.json')!;
    expect(m.manifestId).toBe('skill://research.web@0.2.0');
    expect(m.permissions.egress).toBe('internet');
    expect(m.permissions.secrets.length).toBeGreaterThan(0);
  });
});

/**
 * A corrected §5.10 manifest may differ from the spec's text only by (a) openApiSpecUrl without
 * the markdown autolink brackets, (b) tool descriptions, (c) added optional parameters and
 * (d) parameters that are no longer required — and (c)/(d) only in the manifests that
 * schemas/README.md lists (S1–S3).
 */
const AMENDED = ['compliance-analysis', 'gpt4o-diarize', 'salesforce-integration'];
/** Tools added after the spec's (S4): the spec's tools keep their places, so a Task's arguments still pick the spec's tool. */
const ADDED_TOOLS: Record<string, string[]> = { 'compliance-analysis': ['describe_rule_set'] };

describe.each(readdirSync(specDir).filter((f) => f.startsWith('5.10-skill-manifest-')))('%s', (specFile) => {
  const verbatim = readJson(new URL(specFile, specDir));
  const corrected = shipped.get(`${verbatim.skillName}.json`)!;

  /** The manifest with descriptions and parameter lists taken out, and the spec's URL artefact undone. */
  function skeleton(m: Json): Json {
    const copy = structuredClone(m);
    for (const t of copy.requiredTools) {
      delete t.description;
      delete t.json_schema.description;
      delete t.json_schema.parameters;
      t.definition.openApiSpecUrl = String(t.definition.openApiSpecUrl).replace(/^<(.*)>$/, '$1');
    }
    return copy;
  }

  it('differs from the spec only in descriptions, parameters, added tools and the openApiSpecUrl artefact', () => {
    const added = ADDED_TOOLS[verbatim.skillName] ?? [];
    const spec = corrected.requiredTools.slice(0, verbatim.requiredTools.length);
    expect(corrected.requiredTools.slice(verbatim.requiredTools.length).map((t: Json) => t.toolName)).toEqual(added);
    expect(skeleton({ ...corrected, requiredTools: spec })).toEqual(skeleton(verbatim));
  });

  it('keeps every spec parameter, adds only optional ones and requires nothing new', () => {
    verbatim.requiredTools.forEach((t: Json, i: number) => {
      const before = t.json_schema.parameters;
      const after = corrected.requiredTools[i].json_schema.parameters;
      for (const [name, p] of Object.entries<Json>(before.properties)) {
        expect(after.properties[name]).toMatchObject({ type: p.type });
      }
      for (const name of after.required) expect(before.required).toContain(name);
      for (const name of Object.keys(after.properties)) {
        if (!(name in before.properties)) expect(after.required).not.toContain(name);
      }
    });
  });

  it(AMENDED.includes(verbatim.skillName) ? 'has documented parameter amendments' : 'has the spec parameters unchanged', () => {
    const changed = verbatim.requiredTools.some(
      (t: Json, i: number) =>
        JSON.stringify(t.json_schema.parameters) !== JSON.stringify(corrected.requiredTools[i].json_schema.parameters),
    );
    expect(changed).toBe(AMENDED.includes(verbatim.skillName));
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { skillManifestSchema } from './manifest.ts';
import { skillInfoSchema, toSkillInfo } from './skill-info.ts';

const load = (name: string) =>
  skillManifestSchema.parse(JSON.parse(readFileSync(new URL(`../../skills/${name}.json`, import.meta.url), 'utf8')));

describe('toSkillInfo', () => {
  it('lists each tool with its declared parameters and required names', () => {
    const info = toSkillInfo(load('compliance-analysis'));
    expect(skillInfoSchema.parse(info)).toEqual(info);
    expect(info.uri).toBe('skill://compliance-analysis@1.3.0');
    expect(info.tools.map((t) => t.toolName)).toEqual(['evaluate_compliance', 'describe_rule_set']);
    expect(Object.keys(info.tools[0]!.parameters.properties)).toEqual(['transcript_text', 'rule_set_id', 'segments', 'allowed_labels']);
    expect(info.tools[0]!.parameters.required).toEqual(['transcript_text', 'rule_set_id']);
    expect(info.tools[1]!.parameters.required).toEqual(['rule_set_id']);
  });

  it('keeps the tools of a multi-tool skill in order', () => {
    expect(toSkillInfo(load('research.web')).tools.map((t) => [t.toolName, t.parameters.required])).toEqual([
      ['web_search', ['query']],
      ['fetch_page', ['url']],
      ['summarise_pages', ['urls', 'question']],
    ]);
  });

  it('merges the top-level json_schema.required into required, without duplicates', () => {
    const m = load('research.web');
    m.requiredTools[2]!.json_schema!.required = ['question', 'max_words'];
    expect(toSkillInfo(m).tools[2]!.parameters.required).toEqual(['urls', 'question', 'max_words']);
  });

  it('gives a tool without json_schema no parameters', () => {
    const m = load('scoring');
    delete m.requiredTools[0]!.json_schema;
    expect(toSkillInfo(m).tools[0]!.parameters).toEqual({ properties: {}, required: [] });
  });

  it('derives the URI from skillName@skillVersion when manifestId is a UUID', () => {
    const m = load('scoring');
    m.manifestId = '0d9d8a52-4b8e-4f4e-9a0c-3f1e2d6c7b58';
    expect(toSkillInfo(m).uri).toBe('skill://scoring@1.1.0');
  });
});

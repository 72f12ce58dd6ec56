import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSkillManifest } from './manifest.ts';
import { skillSummarySchema, summariseSkill } from './summarise.ts';

const raw = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../skills/${name}.json`, import.meta.url), 'utf8'));

describe('summariseSkill', () => {
  it('summarises a manifest for get_skillset', () => {
    const summary = summariseSkill(parseSkillManifest(raw('scoring'))!);
    expect(skillSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toEqual({
      manifestId: 'skill://scoring@1.1.0',
      uri: 'skill://scoring@1.1.0',
      skillName: 'scoring',
      skillVersion: '1.1.0',
      description:
        "Calculates a transcript's overall QA score given sentiment and compliance results, based on a formula from the vector store.",
      tags: ['scoring', 'qa', 'rag'],
      permissions: { secrets: [], egress: 'none' },
      tools: [
        {
          name: 'calculate_score',
          description: 'Calculates a quality score based on analysis results and a scoring formula.',
          parameters: ['sentiment_report', 'compliance_verdicts', 'formula_id'],
          required: ['sentiment_report', 'compliance_verdicts', 'formula_id'],
        },
      ],
      dataSourceCount: 0,
    });
  });

  it('counts data sources and lists every tool', () => {
    const summary = summariseSkill(parseSkillManifest(raw('research.web'))!);
    expect(summary.dataSourceCount).toBe(1);
    expect(summary.tools.map((t) => t.name)).toEqual(['web_search', 'fetch_page', 'summarise_pages']);
    expect(summary.permissions).toEqual({ secrets: ['WEB_SEARCH_API_KEY', 'OPENAI_API_KEY'], egress: 'internet' });
  });

  it('fills the schema defaults of a minimal manifest', () => {
    const minimal = {
      manifestApiVersion: 'v2.0.0',
      skillPackageId: '6f1c2a9e-0b7d-4c3e-8a5f-2d9b1e7c4a60',
      manifestId: 'skill://echo@0.1.0',
      skillName: 'echo',
      skillVersion: '0.1.0',
      skillDirectives: 'Repeat the input.',
    };
    expect(summariseSkill(parseSkillManifest(minimal)!)).toMatchObject({
      description: null,
      tags: [],
      permissions: { secrets: [], egress: 'none' },
      tools: [],
      dataSourceCount: 0,
    });
  });
});

describe('parseSkillManifest', () => {
  it('returns nothing for a document the JSON Schema rejects', () => {
    const doc = raw('scoring');
    doc.manifestId = 'scoring';
    expect(parseSkillManifest(doc)).toBeUndefined();
    expect(parseSkillManifest('scoring')).toBeUndefined();
  });
});

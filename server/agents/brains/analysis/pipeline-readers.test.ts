import { describe, expect, it } from 'vitest';
import { ANALYSIS_PIPELINE, INTAKE_ROLES, OUTCOME_ORDER, RECORDED_PARTS, STANDARD_OUTCOMES } from '../../../../lib/analysis/index.ts';
import { qaRecordFixture } from '../../../qa/testing/fixtures.ts';
import { qaRecordInputSchema } from '../../../qa/record-schema.ts';
import { REVIEW_ROLES } from '../conductor/call-review-plan.ts';
import { outcomeSet, QA_DEFAULT_OUTCOMES, rolesFor, ROLE_OF } from '../planner/compose-outcomes.ts';
import { intakePlans } from '../planner/compose.ts';
import { QA_CAPABILITIES } from '../planner/qa-flow.ts';
import { SKILL_QUERIES } from '../planner/skills.ts';

/** The server's readers of the analysis registry (lib/analysis/functions.ts) take their functions from it, not from a list of their own. */
describe('the readers of the analysis registry', () => {
  const roles = ANALYSIS_PIPELINE.map((s) => s.role);

  it("is what the Planner searches and composes and the Conductor's Companions run", () => {
    expect(Object.keys(SKILL_QUERIES)).toEqual(roles);
    for (const s of ANALYSIS_PIPELINE) expect(SKILL_QUERIES[s.role]).toBe(s.search);
    expect(INTAKE_ROLES).toEqual(['applications', 'recordings']);
    expect(intakePlans({ byAdvisor: true }).map((p) => p.role)).toEqual([...INTAKE_ROLES, 'transcription']);
    expect(QA_DEFAULT_OUTCOMES).toEqual(STANDARD_OUTCOMES);
    expect(rolesFor(outcomeSet(undefined))).toEqual(ANALYSIS_PIPELINE.filter((s) => s.standard).map((s) => s.role));
    expect(QA_CAPABILITIES).toEqual(ANALYSIS_PIPELINE.filter((s) => s.standard && s.outcome).map((s) => s.role));
    expect(Object.keys(ROLE_OF)).toEqual(OUTCOME_ORDER);
    for (const o of OUTCOME_ORDER) expect(ANALYSIS_PIPELINE.find((s) => s.role === ROLE_OF[o])!.outcome).toBe(o);
    expect(REVIEW_ROLES).toEqual(ANALYSIS_PIPELINE.filter((s) => s.review).map((s) => s.role));
  });

  it("is what a QA record's provenance keeps, part for part, in pipeline order", () => {
    const parsed = qaRecordInputSchema.parse(qaRecordFixture());
    expect(Object.keys(parsed.provenance.skills)).toEqual(RECORDED_PARTS);
    expect(Object.keys(parsed.provenance.states)).toEqual(RECORDED_PARTS);
    // A message published before a part was added does not name it: the part reads as not run.
    const { sentiment: _dropped, ...withoutOne } = qaRecordFixture().provenance.skills;
    const older = { ...qaRecordFixture(), provenance: { ...qaRecordFixture().provenance, skills: withoutOne } };
    const read = qaRecordInputSchema.parse(older).provenance.skills;
    expect(Object.keys(read)).toEqual(RECORDED_PARTS);
    expect(read.sentiment).toBeNull();
  });
});

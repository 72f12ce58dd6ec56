import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../../../lib/nl/index.ts';
import { REVIEW_ROLES } from '../conductor/call-review-plan.ts';
import { outcomeSet, rolesFor, ROLE_OF } from '../planner/compose-outcomes.ts';
import { intakePlans } from '../planner/compose.ts';
import { SKILL_QUERIES } from '../planner/skills.ts';
import { ANALYSIS_PIPELINE, INTAKE_ROLES, OUTCOME_ORDER } from './pipeline.ts';

/** The one registry of the call-analysis pipeline, and the three readers that take their steps from it. */
describe('the analysis pipeline', () => {
  it('names each function once, each outcome once, in the order they are produced, each with a skill search', () => {
    const roles = ANALYSIS_PIPELINE.map((s) => s.role);
    expect(new Set(roles).size).toBe(roles.length);
    expect(new Set(ANALYSIS_PIPELINE.map((s) => s.state)).size).toBe(roles.length);
    expect(OUTCOME_ORDER).toEqual(['transcript', 'speaker_turns', 'segments', 'sentiment', 'compliance', 'score']);
    for (const r of roles) expect(SKILL_QUERIES[r], r).toBeTruthy();
    // What a step consumes comes before it.
    ANALYSIS_PIPELINE.forEach((s, i) => {
      for (const c of s.consumes ?? []) expect(OUTCOME_ORDER.indexOf(c.outcome)).toBeLessThan(OUTCOME_ORDER.indexOf(s.outcome as Outcome));
      expect(i === 0 || !ANALYSIS_PIPELINE[i - 1]!.outcome || !!s.outcome, `${s.role}: the intake comes first`).toBe(true);
    });
  });

  it("is what the Planner composes and the Conductor's Companions run", () => {
    expect(INTAKE_ROLES).toEqual(['applications', 'recordings']);
    expect(intakePlans({ byAdvisor: true }).map((p) => p.role)).toEqual([...INTAKE_ROLES, 'transcription']);
    expect(rolesFor(outcomeSet(undefined))).toEqual(['applications', 'recordings', 'transcription', 'sentiment', 'compliance', 'scoring']);
    for (const o of OUTCOME_ORDER) expect(ANALYSIS_PIPELINE.find((s) => s.role === ROLE_OF[o])!.outcome).toBe(o);
    expect(REVIEW_ROLES).toEqual(ANALYSIS_PIPELINE.filter((s) => s.review).map((s) => s.role));
    expect(REVIEW_ROLES).toEqual(['applications', 'recordings', 'transcription', 'sentiment', 'compliance', 'scoring']);
  });
});

import { testConfig } from '../../testing/test-config.ts';
import { scoringSkillOf } from '../../tools/qa/scoring-skill.ts';
import type { ScoringSkill } from '../reviewed-figures.ts';

/** The real scoring skill for tests that review directly (the catalog in skills/, the in-process demo server). */
let scoring: ScoringSkill | null = null;
export const testScoringSkill = (): ScoringSkill => (scoring ??= scoringSkillOf({ config: testConfig() }));

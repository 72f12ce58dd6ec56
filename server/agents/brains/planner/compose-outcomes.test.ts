import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../../../lib/nl/index.ts';
import { systemActor } from '../../../contracts/audit-actor.ts';
import { PROJECT_ROOT } from '../../../testing/test-database.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { invokeTool } from '../../../tools/invoke.ts';
import { findTool } from '../../../tools/registry.ts';
import { validateWorkflowDocument } from '../../../workflows/validate-document.ts';
import { completeOutcomes, composedName, composeOutcomes, outcomeSet, ROLE_OF, rolesFor } from './compose-outcomes.ts';
import type { Meta } from './compose.ts';
import { skillsetOf, type Role, type Skillset } from './skills.ts';

const meta: Meta = {
  workflow_id: '11111111-2222-4333-8444-555555555555',
  created_at: '2024-07-08T09:15:00Z',
  author: 'planner@dcf-console',
};
const validate = (doc: unknown) => validateWorkflowDocument(doc, { rootDir: PROJECT_ROOT, skillsDir: path.join(PROJECT_ROOT, 'skills') });

/** Every outcome set a user can ask for composes a workflow the real validator accepts. */
describe('composition from outcomes', () => {
  let skillset: Skillset;
  const byRole: Partial<Record<Role, string>> = {
    applications: 'salesforce-integration',
    recordings: 'recording-management',
    transcription: 'whisper-transcribe',
    diarization: 'gpt4o-diarize',
    segmentation: 'labelling-segmentation',
    sentiment: 'sentiment-analysis',
    compliance: 'compliance-analysis',
    scoring: 'scoring',
  };
  const skillsFor = (outcomes: Outcome[]) =>
    Object.fromEntries(rolesFor(outcomes).map((r) => [r, skillset.skills.find((s) => s.skillName === byRole[r])!]));

  beforeAll(async () => {
    const r = await invokeTool(findTool('get_skillset')!, {}, { actor: systemActor('test'), services: { config: testConfig() } });
    skillset = skillsetOf(r as Record<string, unknown>)!;
  });

  it('applies the change to the defaults; the transcript is always produced', () => {
    expect(outcomeSet(undefined)).toEqual(['transcript', 'sentiment', 'compliance', 'score']);
    expect(outcomeSet({ add: [], remove: ['score'], only: null })).toEqual(['transcript', 'sentiment', 'compliance']);
    expect(outcomeSet({ add: ['speaker_turns'], remove: [], only: null })).toEqual([
      'transcript',
      'speaker_turns',
      'sentiment',
      'compliance',
      'score',
    ]);
    expect(outcomeSet({ add: [], remove: [], only: ['compliance'] })).toEqual(['transcript', 'compliance']);
  });

  it('brings back what the chosen scorecard requires, and says for what', () => {
    const asked = outcomeSet({ add: [], remove: ['sentiment'], only: null });
    const scoring = skillset.skills.find((s) => s.skillName === 'scoring')!;
    const done = completeOutcomes(asked, (o) => (ROLE_OF[o] === 'scoring' ? scoring : undefined));
    expect(done.outcomes).toEqual(['transcript', 'sentiment', 'compliance', 'score']);
    expect(done.added).toEqual([{ outcome: 'sentiment', for: 'score' }]);
  });

  it.each<[string, Outcome[], string[]]>([
    [
      'no score',
      ['transcript', 'sentiment', 'compliance'],
      ['GetApplicationIDs', 'GetCallRecordings', 'TranscribeRecording', 'ParallelAnalysis'],
    ],
    [
      'compliance only',
      ['transcript', 'compliance'],
      ['GetApplicationIDs', 'GetCallRecordings', 'TranscribeRecording', 'ComplianceAnalysis'],
    ],
    ['transcripts only', ['transcript'], ['GetApplicationIDs', 'GetCallRecordings', 'TranscribeRecording']],
    [
      'everything',
      ['transcript', 'speaker_turns', 'segments', 'sentiment', 'compliance', 'score'],
      [
        'GetApplicationIDs',
        'GetCallRecordings',
        'TranscribeRecording',
        'DiarizeTranscript',
        'SegmentAndLabel',
        'ParallelAnalysis',
        'CalculateScore',
      ],
    ],
  ])('%s: the states in order, and it validates', async (_, outcomes, states) => {
    const taxonomy = ['introduction', 'security_check', 'product_detail', 'offer_explanation', 'closing'];
    const c = composeOutcomes(outcomes, skillsFor(outcomes), skillset, meta, taxonomy);
    if (!c.ok) throw new Error(c.error);
    if (outcomes.includes('segments')) {
      const seg = (c.doc.asl as { States: Record<string, { Parameters: Record<string, unknown> }> }).States.SegmentAndLabel!;
      expect(seg.Parameters.taxonomy).toEqual(taxonomy);
      // Segments without the rule set's labels: said, nothing composed.
      expect(composeOutcomes(outcomes, skillsFor(outcomes), skillset, meta)).toMatchObject({
        ok: false,
        error: expect.stringContaining('taxonomy'),
      });
    }
    expect(Object.keys((c.doc.asl as { States: object }).States)).toEqual(states);
    expect(c.doc.workflow_name).toBe(composedName(outcomes));
    const report = await validate(c.doc);
    expect(report.errors).toEqual([]);
  });
});

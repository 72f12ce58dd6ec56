import { describe, expect, it } from 'vitest';
import { blpFindings, isTrick } from './blp.ts';
import { arm, choice, input, plan } from './testing/fixtures.ts';

const A = 'skill://whisper-transcribe@1.0.0';
const B = 'skill://assemblyai-transcribe@1.0.0';
const arms = [arm(A, 3, 1), arm(B, 1, 1)];
const byName = choice('rec-4', B, arms, { general_method_used: false });

describe('BLPViolation', () => {
  it('is found for a skill called by name where the catalog offered alternatives', () => {
    const p = plan({ policy: { strategy: 'UCB', preferGeneralMethods: true } });
    const generalAlternative =
      `choose among ${A}, ${B} for transcription with the plan's UCB policy ` + "(get_skillset, then the policy's choice)";
    expect(blpFindings(input({ plan: p, choices: [byName] }), 'live')).toEqual([
      {
        key: `${p.planId}:BLPViolation:rec-4`,
        plan_id: p.planId,
        agent_id: p.agent_id,
        type: 'BLPViolation',
        when: 'live',
        message:
          `The plan prefers general methods but called ${B} by name for transcription, without consulting ` +
          `the catalog or its policy; the general method: ${generalAlternative}.`,
        detail: { type: 'BLPViolation', trick: `called ${B} by name`, generalAlternative },
        evidence: ['rec-4'],
      },
    ]);
  });

  it('is not found when the general method was used', () => {
    expect(blpFindings(input({ choices: [{ ...byName, general_method_used: true }] }), 'live')).toEqual([]);
  });

  it('is not found when only one skill offers the capability', () => {
    expect(blpFindings(input({ choices: [{ ...byName, arms: [arm(B, 1, 1)] }] }), 'live')).toEqual([]);
  });

  it('is not found when the plan does not prefer general methods', () => {
    const p = plan({ policy: { preferGeneralMethods: false } });
    expect(blpFindings(input({ plan: p, choices: [byName] }), 'end')).toEqual([]);
  });

  it('is not found for a skill the unit was handed', () => {
    expect(isTrick([B], byName)).toBe(false);
    expect(blpFindings(input({ plan: plan({ given_skills: [B] }), choices: [byName] }), 'live')).toEqual([]);
  });

  it('is found once per call by name, each keyed by its record', () => {
    const found = blpFindings(input({ choices: [byName, { ...byName, record_id: 'rec-9' }] }), 'end');
    expect(found.map((f) => [f.key.split(':').at(-1), f.when])).toEqual([
      ['rec-4', 'end'],
      ['rec-9', 'end'],
    ]);
  });
});

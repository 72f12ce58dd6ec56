import { describe, expect, it } from 'vitest';
import { chooseArm, seededRandom } from '../../learning/policies/index.ts';
import { planPolicy } from './choices.ts';
import { probabilityBest, THOMPSON_DRAWS } from './expectation.ts';
import { policyFindings } from './policy.ts';
import { arm, choice, input, plan, record } from './testing/fixtures.ts';
import type { PlanPolicy } from '../../../lib/planning/schemas.ts';

const A = 'skill://whisper-transcribe@1.0.0';
const B = 'skill://assemblyai-transcribe@1.0.0';
const C = 'skill://deepgram-transcribe@1.0.0';

type Choice = ReturnType<typeof choice>;
const judge = (strategy: PlanPolicy['strategy'], choices: Choice[], extra: Partial<PlanPolicy> = {}) =>
  policyFindings(input({ plan: plan({ policy: { strategy, ...extra } }), choices }), 'live');

describe('PolicyViolation: Greedy', () => {
  const arms = [arm(A, 6, 0), arm(B, 0, 0), arm(C, 1, 3)]; // utilities 0.875, 0.5, 0.333

  it('is not found when the best-known arm was chosen', () => {
    expect(judge('Greedy', [choice('rec-1', A, arms)])).toEqual([]);
  });

  it('is found when another arm was chosen, with what Greedy expected and every score', () => {
    const [f] = judge('Greedy', [choice('rec-1', B, arms)]);
    expect(f).toMatchObject({
      key: `${plan().planId}:PolicyViolation:rec-1`,
      type: 'PolicyViolation',
      when: 'live',
      message: `The Greedy plan chose ${B} for transcription (utility 0.500), but the best-known arm is ${A} at 0.875.`,
      evidence: ['rec-1'],
    });
    expect(f?.detail).toMatchObject({ type: 'PolicyViolation', strategy: 'Greedy', capability: 'transcription', chosen: B, expected: [A] });
    if (f?.detail.type !== 'PolicyViolation') throw new Error('not a PolicyViolation');
    expect(f.detail.scores[A]).toBeCloseTo(0.875, 12);
    expect(f.detail.scores[C]).toBeCloseTo(1 / 3, 12);
  });

  it('allows either of tied arms', () => {
    const tied = [arm(A, 3, 1), arm(B, 3, 1), arm(C, 0, 4)];
    expect(judge('Greedy', [choice('rec-1', A, tied), choice('rec-2', B, tied)])).toEqual([]);
    expect(judge('Greedy', [choice('rec-3', C, tied)])[0]?.detail).toMatchObject({ expected: [A, B] });
  });

  it('charges latency as the policies do: the slow arm of two equal ones is not greedy', () => {
    const timed = [arm(A, 5, 5, 3_000), arm(B, 5, 5, 1_000)];
    expect(judge('Greedy', [choice('rec-1', A, timed)])[0]?.detail).toMatchObject({ expected: [B] });
    expect(judge('Greedy', [choice('rec-2', B, timed)])).toEqual([]);
  });

  it('judges each choice on its own counts, in call order', () => {
    const found = judge('Greedy', [
      choice('rec-2', B, arms),
      choice('rec-1', A, arms),
      choice('rec-3', C, [arm(A, 0, 9), arm(C, 9, 0)], { capability: 'diarisation' }),
    ]);
    expect(found.map((f) => f.evidence[0])).toEqual(['rec-2']);
  });
});

describe('the choices a policy judges', () => {
  const arms = [arm(A, 6, 0), arm(B, 0, 0)];

  it('leaves out skills the unit was handed', () => {
    const p = plan({ given_skills: [B] });
    expect(policyFindings(input({ plan: p, choices: [choice('rec-1', B, arms)] }), 'live')).toEqual([]);
  });

  it('leaves out choices with one arm, a chosen skill outside the arms, or arms the policies refuse', () => {
    expect(judge('Greedy', [choice('rec-1', B, [arm(B, 0, 9)])])).toEqual([]);
    expect(judge('Greedy', [choice('rec-2', C, arms)])).toEqual([]);
    expect(judge('Greedy', [choice('rec-3', B, [arm(A, 6, 0), arm(B, -1, 0)])])).toEqual([]);
    expect(judge('Greedy', [choice('rec-4', B, [arm(A, 6, 0), arm(B, 0, 0), arm(A, 1, 1)])])).toEqual([]);
  });
});

describe('PolicyViolation: UCB', () => {
  it('expects an untried arm first, scoring it ∞ (null)', () => {
    const arms = [arm(A, 9, 1), arm(B, 0, 0), arm(C, 0, 0)];
    const [f] = judge('UCB', [choice('rec-1', A, arms)]);
    expect(f?.detail).toMatchObject({ strategy: 'UCB', expected: [B, C], scores: { [B]: null, [C]: null } });
    expect(f?.message).toBe(
      `The UCB plan chose ${A} for transcription, but ${B} or ${C} are untried ` + 'and UCB tries untried arms first.',
    );
    expect(judge('UCB', [choice('rec-2', C, arms)])).toEqual([]);
  });

  it('once all are tried, expects the highest bound — which may not be the greedy arm', () => {
    const arms = [arm(A, 6, 2), arm(B, 1, 1)]; // bounds 1.509 and 2.017 at N = 10
    expect(judge('UCB', [choice('rec-1', B, arms)])).toEqual([]);
    const [f] = judge('UCB', [choice('rec-2', A, arms)]);
    expect(f?.message).toBe(`The UCB plan chose ${A} for transcription (bound 1.509), but the highest UCB bound is ${B} at 2.017.`);
  });

  it("reads the plan's temperature as UCB's constant c", () => {
    const arms = [arm(A, 6, 2), arm(B, 1, 1)];
    expect(judge('UCB', [choice('rec-1', A, arms)], { temperature: 0 })).toEqual([]);
    expect(judge('UCB', [choice('rec-1', B, arms)], { temperature: 0 })).toHaveLength(1);
  });
});

describe('PolicyViolation: ThompsonSampling', () => {
  it('is found for an arm with under 1 % chance of being the best', () => {
    const arms = [arm(A, 30, 0), arm(B, 0, 30)];
    const [f] = judge('ThompsonSampling', [choice('rec-1', B, arms)]);
    expect(f?.detail).toMatchObject({ strategy: 'ThompsonSampling', expected: [A], scores: { [A]: 1, [B]: 0 } });
    expect(f?.message).toBe(
      `The ThompsonSampling plan chose ${B} for transcription, which had a 0.0 % chance of ` +
        `being the best arm under the Beta posteriors (below 1.0 %); a Thompson chooser takes ${A}.`,
    );
  });

  it('is not found for an arm with a fair chance, even when it is not the greedy one', () => {
    const arms = [arm(A, 6, 4), arm(B, 5, 5)];
    expect(judge('ThompsonSampling', [choice('rec-1', B, arms)])).toEqual([]);
  });

  it("estimates each arm's chance as often as chooseArm takes it, reproducibly per record", () => {
    const arms = [arm(A, 6, 4), arm(B, 5, 5), arm(C, 2, 1, 900)];
    const policy = planPolicy(plan({ policy: { strategy: 'ThompsonSampling' } }));
    const p = probabilityBest(arms, policy, 'rec-7');
    expect(probabilityBest(arms, policy, 'rec-7')).toEqual(p);
    expect(probabilityBest(arms, policy, 'rec-8')).not.toEqual(p);
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    const random = seededRandom(99);
    const taken = arms.map(() => 0);
    for (let n = 0; n < THOMPSON_DRAWS; n++) {
      const c = chooseArm(arms, { ...policy, strategy: 'ThompsonSampling' }, random);
      taken[arms.findIndex((a) => a.id === c.arm)]!++;
    }
    taken.forEach((t, i) => expect(Math.abs(t / THOMPSON_DRAWS - p[i]!)).toBeLessThan(0.03));
  });
});

describe('PolicyViolation: EpsilonGreedy, per decision', () => {
  it('allows any arm live (its exploration is judged over the plan)', () => {
    const arms = [arm(A, 30, 0), arm(B, 0, 30)];
    expect(judge('EpsilonGreedy', [choice('rec-1', B, arms), choice('rec-2', B, arms)])).toEqual([]);
  });
});

it('records of the choices only order them: a choice of an unknown record is judged last', () => {
  const arms = [arm(A, 6, 0), arm(B, 0, 0)];
  const found = policyFindings(
    input({
      records: [record(5, 'invoke_skill_tool', { id: 'second' }), record(0, 'invoke_skill_tool', { id: 'first' })],
      choices: [choice('unknown', B, arms), choice('second', B, arms), choice('first', B, arms)],
    }),
    'live',
  );
  expect(found.map((f) => f.evidence[0])).toEqual(['first', 'second', 'unknown']);
});

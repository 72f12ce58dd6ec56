import { describe, expect, it } from 'vitest';
import { readProtocolMessage } from '../../../delegation/protocol.ts';
import { asConfidence, probabilityBelow } from './beta.ts';
import { RATING_RULE } from './ratings.ts';
import { ASSEMBLY, PUBLISHING_TURN, StrategistScript, templateTools, WHISPER } from './testing/session-script.ts';

const names = (calls: Array<{ name: string }>) => calls.map((c) => c.name);
const succeeds = (s: StrategistScript, id: string, companion = 'comp-1') =>
  s.observe(s.result({ task_id: id, companion, status: 'succeeded', skills: [ASSEMBLY], duration_s: 30 }));
const warningOf = (calls: Array<{ name: string; args: Record<string, any> }>) => {
  const call = calls.find((c) => c.name === 'update_conductor_guidelines');
  return call ? JSON.parse(call.args.add_warning_json) : null;
};

describe("the Strategist judges the ratings of the Companions' work (rule 5, evaluate_contribution)", () => {
  it("warns when most of a Companion's rated work is below 3 of 5, though its tasks succeed", async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'call-review');
    s.evaluations.set('comp-1', [2, 1.5, 2.5]);
    const t = await succeeds(s, 't-1');
    expect(names(t.calls)).toEqual(PUBLISHING_TURN);
    expect(t.calls[3]!.args).toEqual({ model_ids: ['comp-1'] });
    // Three poor of three: P(rate of good evaluations < 0.5) under Beta(1, 4) = 1 − 0.5⁴.
    const p = asConfidence(probabilityBelow({ successes: 0, failures: 3 }, 0.5));
    expect(p).toBe(0.937);
    const w = warningOf(t.calls);
    expect(w).toMatchObject({
      type: 'companion_rated_low',
      companion_id: 'comp-1',
      specialization: 'call-review',
      confidence: p,
    });
    expect(w.evidence).toEqual({
      companion_id: 'comp-1',
      specialization: 'call-review',
      evaluations: 3,
      below_midpoint: 3,
      mean_rating: 2,
      session_tasks: 1,
    });
    expect(w.reason).toContain('3 of its 3 evaluations rated its work below 3 of 5 (mean rating 2)');
    expect(s.guidelines().warnings.map((x) => x.type)).toEqual(['companion_rated_low']);
    const advice = readProtocolMessage(s.sent[0]!.message);
    expect(advice).toMatchObject({ kind: 'valid', message: { advice_type: 'warning', confidence: p } });
    expect(s.block('pattern_library').value).toMatch(/^warning companion_rated_low comp-1: /);
    // Said once: the next observation finds it in the guidelines.
    const next = await succeeds(s, 't-2');
    expect(names(next.calls)).not.toContain('update_conductor_guidelines');
    expect(next.reply).toContain('Companion comp-1: the guidelines already warn that its work is rated low.');
  });

  it('needs enough evaluations and a credible majority of poor ones', async () => {
    const few = new StrategistScript();
    few.companion('comp-1', 'generalist');
    few.evaluations.set('comp-1', [1, 2]);
    const t = await succeeds(few, 't-1');
    expect(names(t.calls)).not.toContain('update_conductor_guidelines');
    expect(t.reply).toContain(
      'Companion comp-1: 2 of 2 evaluations rated its work below 3 of 5; ' +
        `a warning needs ${RATING_RULE.minEvaluations} or more evaluations.`,
    );

    const mixed = new StrategistScript();
    mixed.companion('comp-1', 'generalist');
    mixed.evaluations.set('comp-1', [1, 2, 4]);
    const m = await succeeds(mixed, 't-1');
    expect(names(m.calls)).not.toContain('update_conductor_guidelines');
    // Two poor of three: Beta(2, 3) below one half = 11/16.
    expect(m.reply).toContain('P(most of its work is rated poorly) = 0.687, below 0.8.');

    const good = new StrategistScript();
    good.companion('comp-1', 'generalist');
    good.evaluations.set('comp-1', [4, 5, 3, 4]);
    const g = await succeeds(good, 't-1');
    expect(names(g.calls)).not.toContain('update_conductor_guidelines');
    expect(g.reply).not.toContain('comp-1:');
  });

  it('asks only about Companions still serving, and without compare_models applies the other rules alone', async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'generalist');
    s.companion('comp-2', 'generalist');
    s.evaluations.set('comp-1', [1, 1, 1]);
    await succeeds(s, 't-1', 'comp-1');
    s.companionStates.push({
      at: new Date().toISOString(),
      kind: 'companion_dismissed',
      task_id: null,
      actor: 'conductor',
      subject: 'comp-1',
      detail: {},
    });
    const t = await succeeds(s, 't-2', 'comp-2');
    expect(t.calls.find((c) => c.name === 'compare_models')!.args).toEqual({ model_ids: ['comp-2'] });

    const without = new StrategistScript({ tools: templateTools().filter((n) => n !== 'compare_models') });
    without.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
    without.companion('comp-1', 'generalist');
    without.evaluations.set('comp-1', [1, 1, 1]);
    const fail = (id: string) =>
      without.observe(
        without.result({
          task_id: id,
          companion: 'comp-1',
          status: 'failed',
          skills: [WHISPER],
          failed_skill: WHISPER,
          duration_s: 60,
        }),
      );
    await fail('w-1');
    const w = await fail('w-2');
    expect(names(w.calls)).not.toContain('compare_models');
    expect(JSON.parse(w.calls.find((c) => c.name === 'update_conductor_guidelines')!.args.add_recommendation_json)).toMatchObject({
      type: 'skill_preference',
      prefer: ASSEMBLY,
    });
  });

  it('when the ratings cannot be read, says so and still publishes what the outcomes show', async () => {
    const s = new StrategistScript();
    s.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
    s.companion('comp-1', 'generalist');
    s.failing.set('compare_models', { status: 'error', error: 'unknown agent: comp-1', error_code: 'not_found' });
    const fail = (id: string) =>
      s.observe(
        s.result({
          task_id: id,
          companion: 'comp-1',
          status: 'failed',
          skills: [WHISPER],
          failed_skill: WHISPER,
          duration_s: 60,
        }),
      );
    await fail('w-1');
    const t = await fail('w-2');
    expect(names(t.calls)).toContain('update_conductor_guidelines');
    expect(t.reply).toContain("The Companions' ratings could not be read (unknown agent: comp-1); they were not judged.");
  });

  it("puts a failing Companion's ratings in the evidence of the companion_failing warning", async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'generalist');
    s.evaluations.set('comp-1', [4]);
    const fails = (id: string) => s.observe(s.result({ task_id: id, companion: 'comp-1', status: 'failed', skills: [], error: 'no plan' }));
    await fails('c-1');
    await fails('c-2');
    const third = await fails('c-3');
    const w = warningOf(third.calls);
    expect(w).toMatchObject({
      type: 'companion_failing',
      evidence: { evaluations: { rated: 1, below_midpoint: 0, mean_rating: 4 } },
    });
  });
});

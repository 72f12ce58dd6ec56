import { describe, expect, it } from 'vitest';
import { readProtocolMessage, type StrategicAdvice } from '../../../delegation/protocol.ts';
import { asConfidence, probabilityBelow, probabilityBetter } from './beta.ts';
import { RULES } from './rules.ts';
import {
  ADD_MEMORY,
  ASSEMBLY,
  CONDUCTOR,
  PUBLISHING_TURN,
  QUIET_TURN,
  SESSION,
  STRATEGIST,
  StrategistScript,
  templateTools,
  WHISPER,
} from './testing/session-script.ts';

const names = (calls: Array<{ name: string }>) => calls.map((c) => c.name);
const whisperFails = (s: StrategistScript, id: string, companion = 'comp-1') =>
  s.observe(
    s.result({
      task_id: id,
      companion,
      status: 'failed',
      skills: [WHISPER],
      failed_skill: WHISPER,
      duration_s: 120,
      error: 'TimeoutError: whisper-transcribe timed out',
    }),
  );
const advice = (s: StrategistScript): StrategicAdvice[] =>
  s.sent.map((m) => {
    const carried = readProtocolMessage(m.message);
    if (carried.kind !== 'valid') throw new Error(`advice is not a valid strategic_advice: ${JSON.stringify(carried)}`);
    return carried.message as StrategicAdvice;
  });

describe('the deterministic Strategist brain', () => {
  it('notes a first failure, reads the session and the skill history, and publishes nothing without evidence against the skill', async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'generalist');
    s.block('observation_buffer').value = 'a line of another shape';
    const t = await whisperFails(s, 't-1');
    expect(names(t.calls)).toEqual(QUIET_TURN);
    expect(t.calls[0]!.args).toEqual({
      label: 'observation_buffer',
      content: expect.stringMatching(
        new RegExp(
          `^task=t-1 companion=comp-1 specialization=generalist skills=${WHISPER} status=failed duration_s=120 failed_skill=${WHISPER} at=`,
        ),
      ),
    });
    expect(t.calls[1]!.args).toEqual({
      session_id: SESSION,
      include_delegation_log: false,
      include_companion_states: true,
      time_window_minutes: 129600,
    });
    expect(t.calls[2]!.args).toEqual({ skill: WHISPER });
    expect(t.calls[3]!.args).toEqual({ model_ids: ['comp-1'] });
    // The analysed observation leaves the buffer; what it did not analyse stays.
    expect(t.calls[4]!.args).toMatchObject({ label: 'observation_buffer', new_content: 'a line of another shape' });
    expect(s.block('observation_buffer').value).toBe('a line of another shape');
    expect(s.guidelines().revision).toBe(0);
    expect(s.sent).toEqual([]);
    expect(t.reply).toContain('No change published');
    expect(t.reply).toContain(`${WHISPER}: 1 failure in this session; a preference needs 2 or more.`);
    expect(t.reply).toContain('generalist 0 of 1, mean 120 s');
  });

  it("counts no failure the caller's input caused: three unknown recordings publish nothing against the skill or the Companion", async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'generalist');
    s.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
    const notFound = (id: string) =>
      s.observe(
        s.result({
          task_id: id,
          companion: 'comp-1',
          status: 'failed',
          skills: [WHISPER],
          failed_skill: WHISPER,
          duration_s: 1,
          error: `step transcribe (${WHISPER} transcribe_audio): RecordingNotFound: no recording at s3://calls/${id}.mp3`,
        }),
      );
    for (const id of ['t-1', 't-2', 't-3']) await notFound(id);
    const t = await notFound('t-4');
    expect(names(t.calls)).not.toContain('update_conductor_guidelines');
    expect(s.guidelines().revision).toBe(0);
    expect(s.sent).toEqual([]);
    expect(t.reply).toContain('0 finished tasks in this session');
    // The same tasks failing on the skill's own timeout do count (the next test's preference).
    await whisperFails(s, 't-5');
    const own = await whisperFails(s, 't-6');
    expect(names(own.calls)).toContain('update_conductor_guidelines');
  });

  it(
    'after repeated failures, prefers an alternative that does better: published once, with evidence and the computed confidence; ' +
      'the advice is valid',
    async () => {
      const s = new StrategistScript();
      s.companion('comp-1', 'generalist');
      s.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
      await whisperFails(s, 't-1');
      const t = await whisperFails(s, 't-2');
      expect(names(t.calls)).toEqual(PUBLISHING_TURN);
      const p = asConfidence(probabilityBetter({ successes: 4, failures: 0 }, { successes: 0, failures: 2 }));
      expect(p).toBeGreaterThanOrEqual(RULES.threshold);
      const published = JSON.parse(t.calls[4]!.args.add_recommendation_json);
      expect(t.calls[4]!.args.conductor_id).toBe(CONDUCTOR);
      expect(published).toMatchObject({
        type: 'skill_preference',
        capability: 'transcription',
        prefer: ASSEMBLY,
        avoid: [WHISPER],
        confidence: p,
        session_id: SESSION,
      });
      expect(published.evidence.skills[WHISPER]).toEqual({
        session_successes: 0,
        session_failures: 2,
        history_successes: 0,
        history_failures: 0,
        success_rate: 0,
        mean_duration_s: 120,
      });
      expect(published.evidence.skills[ASSEMBLY]).toEqual({
        session_successes: 0,
        session_failures: 0,
        history_successes: 4,
        history_failures: 0,
        success_rate: 1,
        mean_duration_s: null,
      });
      expect(published.evidence.p_prefer_more_reliable).toEqual({ [WHISPER]: p });
      expect(published.evidence.history_window).toBe('the last 7 days, at most 50 uses per skill');
      const g = s.guidelines();
      expect(g.revision).toBe(1);
      expect(g.skill_preferences.transcription).toMatchObject({
        prefer: ASSEMBLY,
        avoid: [WHISPER],
        confidence: p,
        since_revision: 1,
      });

      const [a] = advice(s);
      expect(s.sent[0]!.other_agent_id).toBe(CONDUCTOR);
      expect(a).toMatchObject({ advice_type: 'skill_preference', confidence: p, strategist_id: STRATEGIST });
      expect(a!.recommendation).toMatch(new RegExp(`^For transcription tasks, use ${ASSEMBLY} rather than ${WHISPER}\\.`));
      expect(a!.evidence).toMatchObject({ guidelines_revision: 1, skills: { [WHISPER]: { session_failures: 2 } } });

      expect(s.block('pattern_library').value).toMatch(
        new RegExp(
          `^skill_preference transcription: For transcription tasks, use ${ASSEMBLY} .*\\(confidence ${p}; guidelines revision 1; `,
        ),
      );
      expect(s.block('observation_buffer').value).toBe('');
      expect(t.reply).toContain(`Published (revision 1, confidence ${p})`);
      expect(t.reply).toContain('Advice sent to the Conductor (1 strategic_advice message).');
    },
  );

  it('does not republish what the guidelines already hold; new evidence of another kind still counts', async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'generalist');
    s.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
    await whisperFails(s, 't-1');
    await whisperFails(s, 't-2');
    expect(s.guidelines().revision).toBe(1);
    const again = await whisperFails(s, 't-3');
    expect(names(again.calls)).toEqual(QUIET_TURN);
    expect(s.guidelines().revision).toBe(1);
    expect(s.sent).toHaveLength(1);
    expect(again.reply).toContain(`transcription: the guidelines already prefer ${ASSEMBLY} over ${WHISPER} (revision 1).`);
    // The preferred skill now used successfully: still nothing new to say.
    const good = await s.observe(
      s.result({ task_id: 't-4', companion: 'comp-1', status: 'succeeded', skills: [ASSEMBLY], duration_s: 40 }),
    );
    expect(names(good.calls)).not.toContain('update_conductor_guidelines');
    expect(good.reply).toContain(`${ASSEMBLY} 1 of 1, mean 40 s`);
  });

  it('needs more failures before preferring an untried alternative: 0 of 3 gives P = 0.8', async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'generalist');
    await whisperFails(s, 't-1');
    const second = await whisperFails(s, 't-2');
    expect(names(second.calls)).not.toContain('update_conductor_guidelines');
    expect(second.reply).toContain(`${WHISPER}: best alternative ${ASSEMBLY} is more reliable with P = 0.75, below 0.8.`);
    const third = await whisperFails(s, 't-3');
    expect(names(third.calls)).toContain('update_conductor_guidelines');
    expect(s.guidelines().skill_preferences.transcription).toMatchObject({
      prefer: ASSEMBLY,
      avoid: [WHISPER],
      confidence: 0.8,
    });
  });

  it('does not count a use twice when the skill history already holds this session', async () => {
    const s = new StrategistScript();
    s.companion('comp-1', 'generalist');
    // The graph has recorded both session failures (and nothing else): 0 of 2 stays 0 of 2.
    s.recent.set(WHISPER, { successes: 0, failures: 2 });
    await whisperFails(s, 't-1');
    const t = await whisperFails(s, 't-2');
    expect(names(t.calls)).not.toContain('update_conductor_guidelines');
    expect(t.reply).toContain('P = 0.75, below 0.8');
  });

  it('compares specializations on tasks using the same skill and publishes companion strategy with per-specialization outcomes', async () => {
    const s = new StrategistScript();
    const WEB = 'skill://research.web@0.2.0';
    s.catalog.set('research', [WEB]);
    s.companion('spec-1', 'call-review');
    s.companion('gen-1', 'generalist');
    s.companion('gen-2', 'generalist');
    const done = (task_id: string, companion: string, ok: boolean, duration_s: number) =>
      s.observe(
        s.result({
          task_id,
          companion,
          status: ok ? 'succeeded' : 'failed',
          skills: [WEB],
          failed_skill: ok ? null : WEB,
          duration_s,
        }),
      );
    await done('r-1', 'gen-1', false, 50);
    await done('r-2', 'spec-1', true, 20);
    await done('r-3', 'gen-2', true, 40);
    await done('r-4', 'spec-1', true, 22);
    const early = await done('r-5', 'gen-1', false, 60);
    // Two call-review tasks are too few to compare (3 each side).
    expect(s.guidelines().revision).toBe(0);
    expect(early.reply).toContain('Specializations (successes of tasks): call-review 2 of 2, mean 21 s; generalist 1 of 3, mean 50 s.');
    const t = await done('r-6', 'spec-1', true, 18);
    // research.web alone in its capability and mostly succeeding: no skill advice; the specialization is what differs.
    const call = t.calls.find((c) => c.name === 'update_conductor_guidelines')!;
    expect(call.args.add_recommendation_json).toBeUndefined();
    expect(call.args.add_warning_json).toBeUndefined();
    const strategy = JSON.parse(call.args.update_companion_strategy_json);
    // call-review 3 of 3 on research.web against the generalists' 1 of 3.
    const p = asConfidence(probabilityBetter({ successes: 3, failures: 0 }, { successes: 1, failures: 2 }));
    expect(p).toBeGreaterThanOrEqual(RULES.threshold);
    expect(strategy.research).toMatchObject({ prefer_specialization: 'call-review', skill: WEB, confidence: p });
    expect(strategy.research.evidence.all_tasks_by_specialization).toEqual({
      'call-review': { tasks: 3, successes: 3, failures: 0, mean_duration_s: 20 },
      generalist: { tasks: 3, successes: 1, failures: 2, mean_duration_s: 50 },
    });
    expect(strategy.research.evidence.on_this_skill).toEqual(strategy.research.evidence.all_tasks_by_specialization);
    expect(s.guidelines().companion_strategy.research).toMatchObject({ prefer_specialization: 'call-review' });
    const [a] = advice(s);
    expect(a).toMatchObject({ advice_type: 'companion_specialization', confidence: p });
    expect(a!.recommendation).toMatch(/^For research tasks, delegate to Companions specialised in call-review\./);
    expect(t.reply).toContain('Specializations (successes of tasks): call-review 3 of 3, mean 20 s; generalist 1 of 3, mean 50 s.');
    const next = await done('r-7', 'gen-2', false, 70);
    expect(names(next.calls)).not.toContain('update_conductor_guidelines');
    expect(next.reply).toContain('research: the guidelines already prefer Companions specialised in call-review.');
  });

  it('warns about a Companion that fails on its own, and about a capability with no reliable skill', async () => {
    const s = new StrategistScript();
    const SENTIMENT = 'skill://sentiment-analysis@1.2.0';
    s.catalog.set('sentiment', [SENTIMENT]);
    s.companion('comp-1', 'generalist');
    for (const id of ['c-1', 'c-2'])
      await s.observe(s.result({ task_id: id, companion: 'comp-1', status: 'failed', skills: [], error: 'no plan' }));
    const third = await s.observe(s.result({ task_id: 'c-3', companion: 'comp-1', status: 'failed', skills: [], error: 'no plan' }));
    const warning = JSON.parse(third.calls.find((c) => c.name === 'update_conductor_guidelines')!.args.add_warning_json);
    expect(warning).toMatchObject({
      type: 'companion_failing',
      companion_id: 'comp-1',
      specialization: 'generalist',
      confidence: asConfidence(1 - probabilityBelow({ successes: 3, failures: 0 }, 0.5)),
    });
    expect(warning.evidence).toMatchObject({ tasks: 3, failures: 3 });

    const first = await s.observe(
      s.result({ task_id: 's-1', companion: 'comp-2', status: 'failed', skills: [SENTIMENT], failed_skill: SENTIMENT }),
    );
    expect(names(first.calls)).not.toContain('update_conductor_guidelines');
    const t = await s.observe(
      s.result({ task_id: 's-2', companion: 'comp-2', status: 'failed', skills: [SENTIMENT], failed_skill: SENTIMENT }),
    );
    const w = JSON.parse(t.calls.find((c) => c.name === 'update_conductor_guidelines')!.args.add_warning_json);
    // The only sentiment skill, 0 of 2: P(rate < 0.5) = 1 − 0.5³ = 0.875.
    expect(w).toMatchObject({
      type: 'no_reliable_skill',
      capability: 'sentiment',
      skills: [SENTIMENT],
      confidence: asConfidence(probabilityBelow({ successes: 0, failures: 2 }, 0.5)),
    });
    expect(w.confidence).toBe(0.875);
    expect(s.guidelines().warnings.map((x) => x.type)).toEqual(['companion_failing', 'no_reliable_skill']);
    expect(advice(s).map((a) => a.advice_type)).toEqual(['warning', 'warning']);
    // Neither warning is repeated.
    const again = await s.observe(
      s.result({ task_id: 's-3', companion: 'comp-2', status: 'failed', skills: [SENTIMENT], failed_skill: SENTIMENT }),
    );
    expect(names(again.calls)).not.toContain('update_conductor_guidelines');
  });

  it('records the pattern as a knowledge-graph episode when an episode tool is attached, with only the parameters it declares', async () => {
    const s = new StrategistScript({ tools: [...templateTools().filter((t) => t !== 'add_memory'), ADD_MEMORY] });
    s.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
    await whisperFails(s, 't-1');
    const t = await whisperFails(s, 't-2');
    const episode = t.calls.find((c) => c.name === 'add_memory')!;
    expect(Object.keys(episode.args).sort()).toEqual(['episode_body', 'group_id', 'name', 'source', 'source_description', 'uuid']);
    expect(episode.args).toMatchObject({
      name: 'strategist_pattern skill_preference transcription',
      group_id: 'dcf-strategist',
      source: 'json',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(JSON.parse(episode.args.episode_body)).toMatchObject({
      advice_type: 'skill_preference',
      key: 'transcription',
      session_id: SESSION,
      guidelines_revision: 1,
    });
    expect(t.reply).toContain('Recorded 1 episode with add_memory.');
  });

  it('replaces the pattern about the same capability instead of adding another', async () => {
    const s = new StrategistScript();
    s.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
    s.block('pattern_library').value =
      'skill_preference transcription: For transcription tasks, use skill://whisper-transcribe@1.0.0 (old)\nother pattern';
    await whisperFails(s, 't-1');
    const t = await whisperFails(s, 't-2');
    expect(t.calls.find((c) => c.args.label === 'pattern_library')!.name).toBe('core_memory_replace');
    const lines = s.block('pattern_library').value.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`use ${ASSEMBLY} rather than ${WHISPER}`);
    expect(lines[1]).toBe('other pattern');
  });

  it('publishes nothing when it cannot read the session, and keeps the observation', async () => {
    const s = new StrategistScript();
    s.failing.set('read_session_activity', {
      status: 'error',
      error: 'cannot reach the agent platform',
      error_code: 'unavailable',
    });
    const t = await whisperFails(s, 't-1');
    expect(names(t.calls)).toEqual(['core_memory_append', 'read_session_activity']);
    expect(t.reply).toMatch(/could not read session .*cannot reach the agent platform.*nothing analysed or published/);
    expect(s.block('observation_buffer').value).toMatch(/^task=t-1 /);
  });

  it('reads a narrower window when the whole session comes back cut short', async () => {
    const s = new StrategistScript();
    s.raw.set('read_session_activity', '{"status":"ok","activity":{"task_completions":[… [truncated: 61234 characters, limit 50000]');
    const t = await whisperFails(s, 't-1');
    expect(t.calls.filter((c) => c.name === 'read_session_activity').map((c) => c.args.time_window_minutes)).toEqual([129600, 1440, 60]);
    expect(t.reply).toMatch(/the answer was cut short/);
  });

  it('acts only on observations of its own session', async () => {
    const s = new StrategistScript();
    const o = {
      ...s.result({ task_id: 't-1', companion: 'comp-1', status: 'failed', skills: [WHISPER], failed_skill: WHISPER }),
      session_id: 'another',
    };
    const t = await s.observe(o);
    expect(t.calls).toEqual([]);
    expect(t.reply).toBe(`This observation is of session another; I am the Strategist of session ${SESSION}. Nothing done.`);
    const bad = await s.turn(JSON.stringify({ type: 'session_observation', session_id: SESSION, status: 'odd' }));
    expect(bad.calls).toEqual([]);
    expect(bad.reply).toMatch(
      new RegExp(
        String.raw`^This session_observation cannot be analysed \(task_id must be a non-empty string; ` +
          String.raw`companion_id must be a non-empty string; status must be "succeeded" or "failed"`,
      ),
    );
  });

  it('answers a question from the guidelines, and says it acts only on observations', async () => {
    const s = new StrategistScript();
    const before = await s.turn(
      `[Incoming message from agent with ID '${CONDUCTOR}' - your response will not be seen by the user] Which transcription skill should I use?`,
    );
    expect(before.calls).toEqual([]);
    expect(before.reply).toBe(
      'No advice published yet (strategist_guidelines revision 0). I act on the session observations ' +
        'the console sends after each task result; I do not take instructions.',
    );
    s.recent.set(ASSEMBLY, { successes: 4, failures: 0 });
    await whisperFails(s, 't-1');
    await whisperFails(s, 't-2');
    const after = await s.turn('Which transcription skill should I use?');
    expect(after.calls).toEqual([]);
    expect(after.reply).toContain(`- transcription: prefer ${ASSEMBLY}, avoid ${WHISPER} (confidence`);
    expect(after.reply).toContain('since revision 1)');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGuidelines } from './guidelines.ts';
import { DelegatedScenario } from './testing/delegated-scenario.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
const ADVISORS = ['Alex Wong', 'Priya Shah', 'Tom Ellis', 'Maria Garcia', 'Fatima Khan'];

/**
 * The feedback loop of dcf-plus ("The Feedback Loop"), demonstrated offline: with the demo's
 * whisper-transcribe failing every call (set_demo_faults), the first reviews fail on it; the
 * Strategist, woken after each result, publishes a skill preference for transcription with its
 * evidence; the Conductor reads strategist_guidelines before its next delegation and chooses the
 * preferred skill; the first attempts of later tasks succeed. One advisor per request, one after
 * the other, so each delegation sees what the Strategist published before it.
 */
describe('the Strategist changes the Conductor’s skill choice and later tasks succeed more often', () => {
  let s: DelegatedScenario;
  beforeAll(async () => {
    s = await DelegatedScenario.start();
    await s.tool('set_demo_faults', { faults: { 'whisper-transcribe': { failure_rate: 1 } }, replace: true, seed: 7 });
  }, 60_000);
  afterAll(async () => {
    await s?.tool('set_demo_faults', { faults: {}, replace: true }).catch(() => undefined);
    await s?.close();
  });

  it('prints the first-attempt success rate before and after the preference', async () => {
    const { id: conductor, session } = await s.conductor();
    for (const advisor of ADVISORS) {
      await s.say(conductor, `Review ${advisor}'s calls from last week for vulnerable customers`);
      await s.settle(session.id, 90_000);
    }
    const tasks = await s.hub.store.tasks(session.id);
    const firsts = tasks.filter((t) => (t.context as { attempt?: number }).attempt === 1);
    expect(firsts).toHaveLength(ADVISORS.length);
    const revision = (t: (typeof tasks)[number]) => Number((t.context as { guidelines_revision?: number }).guidelines_revision ?? 0);
    const before = firsts.filter((t) => revision(t) === 0);
    const after = firsts.filter((t) => revision(t) > 0);
    const rate = (list: typeof tasks) => list.filter((t) => t.status === 'succeeded').length / Math.max(1, list.length);
    const succeeded = (list: typeof tasks) => list.filter((t) => t.status === 'succeeded').length;
    const skills = (list: typeof tasks) => list.map((t) => (t.skillsRequired.includes(WHISPER) ? 'whisper' : 'assemblyai')).join(', ');
    console.log(
      `first attempts before the Strategist's preference: ${succeeded(before)}/${before.length} succeeded (${skills(before)}); ` +
        `after: ${succeeded(after)}/${after.length} (${skills(after)})`,
    );
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const t of before) expect(t.skillsRequired).toContain(WHISPER);
    for (const t of after) expect(t.skillsRequired).toContain(ASSEMBLY);
    expect(rate(before)).toBe(0);
    expect(rate(after)).toBe(1);

    const block = await s.hub.blocks.read(session.guidelinesBlockId);
    const g = parseGuidelines(block!.value);
    expect(g.skill_preferences.transcription).toMatchObject({ prefer: ASSEMBLY, avoid: [WHISPER] });
    expect(g.revision).toBeGreaterThan(0);
    const kinds = (await s.hub.store.events(session.id)).map((e) => e.kind);
    expect(kinds).toContain('guidelines_updated');
    expect(kinds).toContain('strategic_advice');
    expect(kinds).not.toContain('message_rejected');
  }, 600_000);
});

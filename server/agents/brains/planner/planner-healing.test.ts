import { describe, expect, it } from 'vitest';
import { reliability, STANDARD, workflowFile } from './testing/fake-tools.ts';
import { ALEX, names, REQUEST, withCatalog } from './testing/planner-fixtures.ts';
import { ok, ScriptedConversation } from './testing/script.ts';

describe('proactive healing (spec §4.4)', () => {
  // What check_workflow_health proposes: the same document, the binding swapped (server/learning/health.ts).
  const document = JSON.parse(
    JSON.stringify({ ...workflowFile('standard-advice-call-analysis.json'), version: '1.0.1' }).replaceAll(
      'skill://whisper-transcribe@1.0.0',
      'skill://assemblyai-transcribe@1.2.0',
    ),
  ) as Record<string, unknown>;
  const proposal = { proposal_id: '6f1c8a52-1111-4222-8333-444455556666', new_version: '1.0.1', reason: 'whisper failed', document };
  const unhealthy = () =>
    ok({
      workflow_id: STANDARD,
      version: '1.0.0',
      healthy: false,
      threshold: 0.05,
      proposal,
      findings: [
        {
          skill: 'skill://whisper-transcribe@1.0.0',
          states: ['TranscribeRecording'],
          failure_rate: 0.25,
          uses: 40,
          alternative: { skill: 'skill://assemblyai-transcribe@1.2.0', failure_rate: 0, uses: 10 },
        },
      ],
    });
  const healing = (extra = {}) =>
    withCatalog({
      check_workflow_health: unhealthy,
      get_skill_reliability: (_: string, a: Record<string, unknown>) => reliability(String(a.skill), 'transcription'),
      accept_workflow_update: () =>
        ok({ workflow_id: STANDARD, version: '1.0.1', parent_version: '1.0.0', memory_id: 'm', workflow_update: {} }),
      ...extra,
    });

  it('asks before running the improved version', async () => {
    const c = new ScriptedConversation(healing());
    await c.turn(REQUEST);
    const t = await c.turn('Yes');
    expect(names(t.calls).slice(-2)).toEqual(['check_workflow_health', 'get_skill_reliability']);
    expect(t.reply).toContain(
      'I am ready to start the Advice Call Analysis with «Standard Advice Call Analysis» v1.0.0. ' +
        "I've noticed that a tool I normally use for transcription (whisper-transcribe) has become less reliable recently: " +
        'it failed 25% of its last 40 uses',
    );
    expect(t.reply).toContain('Shall I proceed with this improved version?');
    const yes = await c.turn('yes please');
    expect(names(yes.calls)).toEqual(['accept_workflow_update', 'start_workflow_run', 'wait_for_workflow_run']);
    // The accepted 1.0.1 is a draft the Planner saved: a test run until someone publishes it.
    expect(yes.calls[1]!.args).toEqual({ workflow_id: STANDARD, version: '1.0.1', input: ALEX, test_run: true });
    expect(yes.reply).toContain('**Test run**: «Standard Advice Call Analysis» v1.0.1 is a draft I saved');
    expect(yes.reply).toContain('I saved version 1.0.1');
  });

  it('"no" runs the version as it is; "cancel" runs nothing', async () => {
    const c = new ScriptedConversation(healing());
    await c.turn(REQUEST);
    await c.turn('Yes');
    const no = await c.turn('No, keep the current one.');
    expect(names(no.calls)).toEqual(['start_workflow_run', 'wait_for_workflow_run']);
    expect(no.calls[0]!.args).toMatchObject({ version: '1.0.0' });
    expect(no.reply).toContain('I ran version 1.0.0 as it is');

    const d = new ScriptedConversation(healing());
    await d.turn(REQUEST);
    await d.turn('Yes');
    const cancel = await d.turn('No, cancel.');
    expect(cancel.calls).toEqual([]);
    expect(cancel.reply).toMatch(/won't run anything/);
  });
});

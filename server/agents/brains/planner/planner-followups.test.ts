import { describe, expect, it } from 'vitest';
import { RUN_ID, STANDARD } from './testing/fake-tools.ts';
import { ok, ScriptedConversation } from './testing/script.ts';
import { names, withCoveringCatalog } from './testing/planner-fixtures.ts';
/**
 * What people actually type (issue 15), over the scripted tool layer with the demo CRM's own
 * directory (list_advisors, count_calls answered by the crm-directory skill's functions). Today
 * is 2024-07-08 (the demo clock): "last week" is 1–7 July.
 * This file: follow-ups and composition from the outcomes asked for.
 */
const catalog = withCoveringCatalog;

describe('follow-ups refer to what came before', () => {
  it('the same for June, now for Tom, re-run for the whole team', async () => {
    const c = new ScriptedConversation(catalog());
    await c.turn("Check the quality of Priya Shah's calls last week");
    const pilot = await c.turn('yes');
    expect(pilot.reply).toContain('REC-88310');
    expect((await c.turn('the same for June')).reply).toContain("To confirm: for Priya Shah's calls in June (1–30 Jun 2024)");
    expect((await c.turn('now for Tom')).reply).toContain("To confirm: for Tom Ellis's calls in June");
    expect((await c.turn('re-run that for the whole team')).reply).toMatch(/To confirm: for every advisor \(/);
  });

  it('"yes scale it to all of them" about one advisor runs that advisor\'s calls only, never everyone\'s', async () => {
    const c = new ScriptedConversation(catalog());
    expect((await c.turn("Check the quality of Priya Shah's calls last week")).reply).toContain("To confirm: for Priya Shah's calls");
    const run = await c.turn('yes scale it to all of them');
    const starts = run.calls.filter((x) => x.name === 'start_workflow_run');
    expect(starts.length).toBe(1);
    const input = JSON.stringify(starts[0]!.args);
    expect(input).toContain('Priya Shah');
    for (const other of ['Alex Wong', 'Tom Ellis']) expect(input).not.toContain(other);
    expect(run.reply).not.toMatch(/Alex Wong|Tom Ellis|every advisor/);
  });

  it('"why did that call score low?" after a pilot explains the pilot\'s call', async () => {
    const c = new ScriptedConversation(
      catalog({
        list_qa_results: () => ok({ items: [{ qa_result_id: '33333333-3333-4333-8333-333333333333' }], total: 1 }),
        get_qa_result: () =>
          ok({
            qa_result: {
              qa_result_id: '33333333-3333-4333-8333-333333333333',
              call_id: 'REC-88310',
              score: 91,
              max_score: 100,
              verdicts: [],
            },
          }),
      }),
    );
    await c.turn("Check the quality of Alex Wong's calls last week");
    await c.turn('yes');
    const t = await c.turn('why did that call score low?');
    expect(t.calls[0]!.args).toEqual({ filter: { call_id: 'REC-88310' }, limit: 1 });
    expect(t.reply).toContain('**REC-88310**');
  });
});

describe('composition from the outcomes asked for', () => {
  it('"skip the scoring" composes a workflow without it, validated, ' + 'saved as a refinement of the covering one', async () => {
    const c = new ScriptedConversation(catalog());
    const t = await c.turn("Check Alex Wong's calls last week but skip the scoring");
    expect(t.reply).toContain('without the QA score');
    const run = await c.turn('yes');
    const validated = run.calls.find((x) => x.name === 'validate_workflow')!.args.workflow as {
      workflow_name: string;
      asl: { States: Record<string, unknown> };
    };
    expect(validated.workflow_name).toBe('Advice Call Analysis (sentiment, compliance verdicts)');
    expect(Object.keys(validated.asl.States)).toEqual([
      'GetApplicationIDs',
      'GetCallRecordings',
      'TranscribeRecording',
      'ParallelAnalysis',
    ]);
    const saved = run.calls.find((x) => x.name === 'save_workflow')!.args;
    expect(saved.parent).toEqual({ workflow_id: STANDARD, version: '1.0.0', relation: 'REFINEMENT_OF' });
    expect(names(run.calls).indexOf('validate_workflow')).toBeLessThan(names(run.calls).indexOf('start_workflow_run'));
    expect(run.reply).toContain('saved it as a REFINEMENT_OF «Standard Advice Call Analysis»');
  });

  it('"also give me the speaker turns" adds diarization; ' + 'skipping sentiment keeps it for the scorecard and says so', async () => {
    const c = new ScriptedConversation(catalog());
    await c.turn("Check Alex Wong's calls last week and include the speaker turns");
    const run = await c.turn('yes');
    const doc = run.calls.find((x) => x.name === 'validate_workflow')!.args.workflow as {
      asl: { States: Record<string, unknown> };
    };
    expect(Object.keys(doc.asl.States)).toContain('DiarizeTranscript');
    const c2 = new ScriptedConversation(catalog());
    await c2.turn("Check Alex Wong's calls last week without sentiment");
    const run2 = await c2.turn('yes');
    expect(run2.reply).toContain('The QA score needs the sentiment, so I kept it');
    expect(run2.calls.find((x) => x.name === 'start_workflow_run')!.args).toMatchObject({ input: { advisor_name: 'Alex Wong' } });
    expect(RUN_ID).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { ukDate } from '../../../../lib/uk-time.ts';
import type { BrainMessage } from '../brain.ts';
import { MAX_STEPS_PER_TURN } from './context.ts';
import { fakeTools, RUN_ID, runView, STANDARD } from './testing/fake-tools.ts';
import { ok, PLANNER_TOOLS, ScriptedConversation, toolError } from './testing/script.ts';
import { ALEX, covering, names, REQUEST, withCatalog } from './testing/planner-fixtures.ts';

describe('the deterministic Planner brain (spec §2, §3, §4.4) over scripted histories', () => {
  it('turn 1: confirms the evaluation axes, naming the advisor and the range resolved against the clock block', async () => {
    const c = new ScriptedConversation(fakeTools());
    const t = await c.turn(REQUEST);
    expect(names(t.calls)).toEqual(['list_advisors', 'count_calls']);
    expect(t.reply).toBe(
      "Of course. To confirm: for Alex Wong's calls last week (1–7 Jul 2024), " +
        'should I check compliance with the standard script, assess customer sentiment, and produce an overall score?',
    );
    expect(t.reasoning[0]).toContain('Intent classification → advisor QA review');
  });

  it('asks for what the request lacks, then confirms once the reply gives it; a name the CRM lacks is a question', async () => {
    const c = new ScriptedConversation(fakeTools());
    expect((await c.turn('Can you check the quality of advice calls from last week?')).reply).toContain(
      "Could you tell me which advisor's calls I should look at?",
    );
    expect((await c.turn('Jane Doe')).reply).toMatch(/^I can't find Jane Doe in the CRM\. Did you mean .+\?$/);
    expect((await c.turn('Tom Ellis')).reply).toContain("for Tom Ellis's calls last week (1–7 Jul 2024), should I check compliance");
    expect(c.calls.some((x) => x.name === 'start_workflow_run')).toBe(false);
  });

  it('scenario 1 on an empty catalog: gap → memory → skill discovery → reliability → validate → save → health → pilot → report', async () => {
    const c = new ScriptedConversation(fakeTools());
    await c.turn(REQUEST);
    const t = await c.turn('Yes. Please use the existing QA scorecard.');
    expect(names(t.calls)).toEqual([
      'search_embeddings',
      'find_closest_workflow',
      'store_memory',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'get_skillset',
      'get_skill_reliability',
      'get_skill_reliability',
      'validate_workflow',
      'save_workflow',
      'check_workflow_health',
      'start_workflow_run',
      'wait_for_workflow_run',
    ]);
    expect(t.content[0]).toContain(
      "Great. I'll source Alex Wong's recordings for last week, transcribe them, analyse sentiment and compliance in parallel",
    );
    expect(t.calls[2]!.args).toMatchObject({ kind: 'capability_gap', tags: ['qa', 'advisor_quality', 'capability:new'] });
    const doc = t.calls.find((x) => x.name === 'validate_workflow')!.args.workflow as {
      workflow_id: string;
      asl: { States: Record<string, { AgentBinding?: { skills: string[] } }> };
    };
    expect(t.calls.find((x) => x.name === 'save_workflow')!.args.workflow).toEqual(doc); // composed once, saved as validated
    expect(doc.asl.States.TranscribeRecording!.AgentBinding!.skills).toEqual(['skill://whisper-transcribe@1.0.0']);
    // Issue 28: what the Planner has just built is a draft; it runs it only as a test run, and says so.
    expect(t.calls.find((x) => x.name === 'start_workflow_run')!.args).toEqual({
      workflow_id: doc.workflow_id,
      version: '1.0.0',
      input: ALEX,
      test_run: true,
    });
    expect(t.reply).toContain('**Test run**: «Standard Advice Call Analysis» v1.0.0 is a draft I saved, not yet published');
    expect(t.reply).toContain('its QA result is kept out of the QA review queue and the dashboard');
    expect(t.reply).toContain('I recorded a capability gap and built one from the skills in the catalog');
    expect(t.reply).toContain('QA score: 91/100** (scorecard qa_scoring_formula_v3) — compliance 70, sentiment 21.');
    expect(t.reply).toContain('FCA-DISC-01 (Tell the customer that the call is recorded) — Required wording missing from the call.');
    expect(t.reply).toContain('only the first one — REC-88310 (application APP-49201, recorded 3 Jul 2024)');
    expect(t.reply).toContain(
      'I can build a refinement of this workflow that analyses every call and scores them together. Shall I scale it to the whole set?',
    );

    // "Yes" to scaling: no saved workflow does it, so the pilot is refined (REFINEMENT_OF) and run.
    c.setResponder(fakeTools({ get_saved_workflow: (_, a) => ok({ workflow_id: a.workflow_id, version: a.version, document: doc }) }));
    const scale = await c.turn('Yes, scale it to all the calls.');
    expect(names(scale.calls)).toEqual([
      'get_saved_workflow',
      'validate_workflow',
      'save_workflow',
      'check_workflow_health',
      'start_workflow_run',
      'wait_for_workflow_run',
    ]);
    const saved = scale.calls.find((x) => x.name === 'save_workflow')!.args as {
      parent: unknown;
      workflow: { workflow_name: string; asl: { States: object } };
    };
    expect(saved.parent).toEqual({ workflow_id: doc.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' });
    expect(Object.keys(saved.workflow.asl.States)).toEqual(['GetApplicationIDs', 'GetCallRecordings', 'AnalyseEachCall', 'AggregateScore']);
    expect(scale.reply).toContain('Scaling up: I refined the pilot into «Standard Advice Call Analysis (all calls)» v1.0.0');
  });

  it('is stateless: from any point of a history it takes the same next step (a restart loses nothing)', async () => {
    const c = new ScriptedConversation(fakeTools());
    await c.turn(REQUEST);
    await c.turn('Yes. Please use the existing QA scorecard.');
    const saved = c.history.findIndex((m) => m.role === 'tool' && m.name === 'save_workflow');
    const resumed = new ScriptedConversation(fakeTools());
    resumed.history.push(...c.history.slice(0, saved + 1));
    const next = await resumed.decide();
    const doc = c.calls.find((x) => x.name === 'save_workflow')!.args.workflow as { workflow_id: string };
    expect(next).toMatchObject({
      kind: 'tool_calls',
      tool_calls: [{ name: 'check_workflow_health', arguments: JSON.stringify({ workflow_id: doc.workflow_id, version: '1.0.0' }) }],
    });
  });

  it('reuses a saved workflow that covers the request, offers to scale, and scales on "yes"', async () => {
    const c = new ScriptedConversation(withCatalog());
    await c.turn(REQUEST);
    const t = await c.turn('yes');
    expect(names(t.calls)).toEqual([
      'search_embeddings',
      'find_closest_workflow',
      'get_saved_workflow',
      'check_workflow_health',
      'start_workflow_run',
      'wait_for_workflow_run',
    ]);
    expect(t.calls[4]!.args).toEqual({ workflow_id: STANDARD, version: '1.0.0', input: ALEX });
    expect(t.reply).toContain('An existing workflow already covers this');
    expect(t.reply).toContain('Shall I scale it to the whole set?');
    const scale = await c.turn('Yes, scale it up');
    expect(scale.calls.find((x) => x.name === 'start_workflow_run')!.args).toMatchObject({ workflow_id: covering[0]!.workflow_id });
    expect((await c.turn('thanks!')).reply).toMatch(/welcome/);
  });

  it('runs a reused workflow only in its published version, and says which one (issue 28)', async () => {
    const c = new ScriptedConversation(withCatalog());
    await c.turn(REQUEST);
    const t = await c.turn('Yes');
    expect(t.calls.find((x) => x.name === 'start_workflow_run')!.args).not.toHaveProperty('test_run');
    expect(t.reply).toContain('the published version (published 8 Jul 2024, 10:15 UK time by dee@bank.test)');
  });

  it('does not run a workflow that has no published version, and says how to publish it (issue 28)', async () => {
    const draft = {
      version_status: 'draft',
      saved_at: '2024-07-08T09:15:00.000Z',
      saved_by: 'dee@bank.test',
      published_at: null,
      published_by: null,
    };
    const c = new ScriptedConversation(withCatalog({}, draft));
    await c.turn(REQUEST);
    const t = await c.turn('Yes');
    expect(c.calls.some((x) => x.name === 'start_workflow_run')).toBe(false);
    expect(t.reply).toContain('has no published version I can run: v1.0.0 is a draft (saved 8 Jul 2024, 10:15 UK time by dee@bank.test)');
    expect(t.reply).toContain('publish it in the editor');
  });

  it('a tool error ends the turn with an explanation; "retry" calls it again', async () => {
    let fail = true;
    const c = new ScriptedConversation(
      fakeTools({
        start_workflow_run: () =>
          fail ? toolError('workflow execution needs Redis: set REDIS_URL') : ok({ run_id: RUN_ID, created: true }),
      }),
    );
    await c.turn(REQUEST);
    const t = await c.turn('yes');
    expect(names(t.calls).slice(-1)).toEqual(['start_workflow_run']);
    expect(t.reply).toContain(
      'I could not start «Standard Advice Call Analysis»: start_workflow_run answered “workflow execution needs Redis: set REDIS_URL”',
    );
    expect(t.reply).toContain('Reply “retry” to try again.');
    fail = false;
    const again = await c.turn('retry');
    expect(names(again.calls)).toEqual(['start_workflow_run', 'wait_for_workflow_run']);
    expect(again.reply).toContain('SUCCEEDED');
  });

  it('reports a failed run with its cause, and "retry" starts a new run', async () => {
    let status = 'FAILED';
    const c = new ScriptedConversation(withCatalog({ wait_for_workflow_run: () => runView(status) }));
    await c.turn(REQUEST);
    const t = await c.turn('yes');
    expect(t.reply).toContain('**FAILED**');
    expect(t.reply).toContain('States.TaskFailed: whisper-transcribe timed out');
    expect(t.reply).toContain('TranscribeRecording (TimeoutError: whisper-transcribe timed out after 120s)');
    status = 'SUCCEEDED';
    expect(names((await c.turn('try again')).calls)).toEqual(['start_workflow_run', 'wait_for_workflow_run']);
  });

  it("a run that failed on its input is reported as the request's problem, not a skill's", async () => {
    const invalid = () => {
      const v = runView('FAILED') as unknown as { run: Record<string, unknown> };
      v.run.error = 'AdvisorNotFound';
      v.run.cause = 'invalid input: no advisor named "John Smith"';
      return v as unknown as Record<string, unknown>;
    };
    const c = new ScriptedConversation(withCatalog({ wait_for_workflow_run: invalid }));
    await c.turn(REQUEST);
    const t = await c.turn('yes');
    expect(t.reply).toContain('The request itself was the problem (invalid input), not a skill');
  });

  it("reports a worker's skill swap during the run (spec §4.2)", async () => {
    const swapped = () => {
      const v = runView('SUCCEEDED') as unknown as {
        states: Record<string, unknown>;
        data: Record<string, { metrics: Record<string, unknown> }>;
      };
      v.states.TranscribeRecording = {
        status: 'done',
        attempts: 2,
        lease: {},
        last_error: 'States.Timeout: whisper-transcribe timed out after 120s',
      };
      v.data.TranscribeRecording!.metrics = { ...v.data.TranscribeRecording!.metrics, skill: 'skill://assemblyai-transcribe@1.2.0' };
      return v as unknown as Record<string, unknown>;
    };
    const c = new ScriptedConversation(withCatalog({ wait_for_workflow_run: swapped }));
    await c.turn(REQUEST);
    expect((await c.turn('yes')).reply).toContain(
      'During the run: TranscribeRecording needed 2 attempts (States.Timeout: whisper-transcribe timed out after 120s); ' +
        'the worker finished it with skill://assemblyai-transcribe@1.2.0.',
    );
  });

  it('never saves or runs a workflow that does not validate', async () => {
    const c = new ScriptedConversation(
      fakeTools({
        validate_workflow: () =>
          ok({
            valid: false,
            errors: [{ path: '/asl/States/CalculateScore/Parameters', code: 'x', message: 'formula_id is required' }],
            warnings: [],
            workflow_id: null,
            workflow_name: null,
            version: null,
            file: null,
          }),
      }),
    );
    await c.turn(REQUEST);
    const t = await c.turn('yes');
    expect(names(t.calls).slice(-1)).toEqual(['validate_workflow']);
    expect(t.reply).toContain('does not validate (1 error), so I did not save or run it');
    expect(t.reply).toContain('/asl/States/CalculateScore/Parameters: formula_id is required');
  });

  it('says which tool it needs when one is not attached', async () => {
    const c = new ScriptedConversation(withCatalog(), { tools: PLANNER_TOOLS.filter((n) => n !== 'start_workflow_run') });
    await c.turn(REQUEST);
    expect((await c.turn('yes')).reply).toContain('I need the tool `start_workflow_run` for the next step, but it is not attached to me.');
  });

  it(`stops after ${MAX_STEPS_PER_TURN} tool steps in one turn`, async () => {
    const c = new ScriptedConversation(fakeTools());
    await c.turn(REQUEST);
    c.history.push({ role: 'user', content: 'yes' });
    for (let i = 0; i < MAX_STEPS_PER_TURN; i++) {
      const id = `call_${i}`;
      c.history.push({
        role: 'assistant',
        content: null,
        tool_calls: [{ id, name: 'get_skillset', arguments: JSON.stringify({ tag: `t${i}` }) }],
      } as BrainMessage);
      c.history.push({ role: 'tool', tool_call_id: id, name: 'get_skillset', content: '{"status":"ok"}', status: 'success' });
    }
    expect(await c.decide()).toMatchObject({
      kind: 'message',
      content: expect.stringContaining(`I have used the ${MAX_STEPS_PER_TURN} steps I allow myself in one turn`),
    });
  });

  it('a run still going after the waits is reported as running; asking for its status later waits again and reports', async () => {
    let status = 'RUNNING';
    const c = new ScriptedConversation(withCatalog({ wait_for_workflow_run: () => runView(status) }));
    await c.turn(REQUEST);
    const t = await c.turn('yes');
    expect(names(t.calls).filter((n) => n === 'wait_for_workflow_run')).toHaveLength(3);
    expect(t.reply).toContain('is still running');
    status = 'SUCCEEDED';
    const later = await c.turn('Is it finished?');
    expect(names(later.calls)).toEqual(['wait_for_workflow_run']);
    expect(later.reply).toContain('QA score: 91/100');
  });

  it("a run reading cut short by the runtime's return limit is read again without the run output", async () => {
    const c = new ScriptedConversation(
      withCatalog({
        wait_for_workflow_run: (_: string, a: Record<string, unknown>) =>
          a.include_output
            ? { __raw: `${JSON.stringify(runView('SUCCEEDED')).slice(0, 500)}… [truncated: 61234 characters, limit 50000]` }
            : runView('SUCCEEDED'),
      }),
    );
    await c.turn(REQUEST);
    const t = await c.turn('yes');
    expect(t.calls.filter((x) => x.name === 'wait_for_workflow_run').map((x) => x.args.include_output)).toEqual([true, false]);
    expect(t.reply).toContain('QA score: 91/100');
  });

  it('without a clock block, "last week" is resolved against the real clock', async () => {
    const c = new ScriptedConversation(fakeTools(), { clock: null });
    const t = await c.turn(REQUEST);
    expect(t.reasoning[0]).toContain(`today = ${ukDate(new Date().toISOString())}`);
  });
});

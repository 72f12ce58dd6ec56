import { describe, expect, it } from 'vitest';
import { readRequest } from './request.ts';
import { assign } from './staffing.ts';
import { CONDUCTOR, ScriptedConductor } from './testing/script.ts';
import { DEMO_DIRECTORY } from '../../../../lib/nl/testing/directories.ts';
import { DEMO_WORLD } from '../../../skills/demo/worlds/index.ts';

const REQUEST =
  'Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs coaching on vulnerable customers';
const TODAY = new Date('2024-07-08T09:00:00Z');

/** A call as a Companion reports it, with one vulnerability verdict. */
const call = (id: string, verdict: 'pass' | 'fail' | 'not_applicable', flagged: boolean, score: number) => ({
  recording_id: id,
  recorded_at: '2024-07-03T09:15:00Z',
  score,
  max_score: 100,
  flags: flagged ? [{ type: 'vulnerability', severity: 'high', excerpt: 'My husband passed away in March.' }] : [],
  focus_verdicts: [
    {
      rule_id: 'VUL-01',
      category: 'vulnerability',
      rule: 'Acknowledge a disclosed vulnerability.',
      verdict,
      rationale: verdict === 'fail' ? 'Required wording missing where the rule applies.' : 'ok',
    },
  ],
  failed_rules: verdict === 'fail' ? ['VUL-01'] : [],
});
const succeeded = (calls: unknown[]) => ({ summary: `calls: ${calls.length} items done`, data: { calls } });

describe('what the Conductor reads in a message', () => {
  it.each([
    [
      REQUEST,
      {
        kind: 'review',
        subjects: ['Alex Wong', 'Priya Shah'],
        range: { start_date: '2024-07-01', end_date: '2024-07-07' },
        focus: { topic: 'vulnerable_customers' },
      },
    ],
    [
      'Compare Tom Ellis and Fatima Khan on disclosures since the start of the month',
      { kind: 'review', subjects: ['Tom Ellis', 'Fatima Khan'], focus: { topic: 'disclosures' } },
    ],
    ["Check Sophie Turner's calls", { kind: 'review', subjects: ['Sophie Turner'], range: null, focus: { topic: 'overall' } }],
    ['Can you review the calls from last week?', { kind: 'review', subjects: [] }],
    ['How is it going?', { kind: 'status' }],
    ["We're done, please close the session", { kind: 'finish' }],
    ['Thanks!', { kind: 'thanks' }],
    ['What is the weather like?', { kind: 'other' }],
  ])('%s', (text, expected) => {
    expect(readRequest(text, TODAY, DEMO_DIRECTORY)).toMatchObject(expected);
  });
});

describe('staffing: reuse before create', () => {
  const member = (id: string, status: 'idle' | 'busy' | 'error', specialization = 'call-review') => ({
    companion_id: id,
    companion_name: id,
    specialization,
    status,
  });
  it('reuses idle Companions (its specialization first), creates while the pool has room, then reuses failed ones, then queues', () => {
    expect(assign(2, [member('a', 'idle', 'generalist'), member('b', 'idle')], 4)).toEqual([
      { kind: 'existing', companion: member('b', 'idle') },
      { kind: 'existing', companion: member('a', 'idle', 'generalist') },
    ]);
    expect(assign(3, [member('a', 'busy')], 3).map((a) => a.kind)).toEqual(['new', 'new', 'queued']);
    expect(assign(2, [member('a', 'busy'), member('b', 'error')], 2)).toEqual([
      { kind: 'existing', companion: member('b', 'error') },
      { kind: 'queued' },
    ]);
  });
});

describe('the deterministic Conductor over a scripted tool layer', () => {
  it('asks whose calls and which period rather than guessing, then works from the answers', async () => {
    const c = new ScriptedConductor();
    expect((await c.turn('Can you review the calls for vulnerable customers?')).reply).toContain('Whose calls should I review?');
    const when = await c.turn('Alex Wong and Priya Shah');
    expect(when.names).toEqual(['list_advisors']);
    expect(when.reply).toContain('Which period should I review?');
    const go = await c.turn('last week');
    expect(go.names).toContain('delegate_task');
    expect(c.delegations().map((d) => d.context.request)).toMatchObject([
      { subjects: ['Alex Wong', 'Priya Shah'], start_date: '2024-07-01', end_date: '2024-07-07', focus: 'vulnerable_customers' },
      { subjects: ['Alex Wong', 'Priya Shah'] },
    ]);
  });

  it('records the goal, discovers skills, creates two Companions and delegates both tasks in one step', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn(REQUEST);
    expect(t.names).toEqual([
      'list_advisors',
      'list_products',
      'describe_rule_set',
      'update_session_context',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'search_embeddings',
      'get_skillset',
      'get_skill_reliability',
      'get_skill_reliability',
      'list_session_companions',
      'create_companion',
      'create_companion',
      'delegate_task',
      'delegate_task',
    ]);
    const [a, b] = c.delegations();
    expect([a!.companion_id, b!.companion_id]).toEqual(['agent-c1', 'agent-c2']);
    expect(a!.skills).toContain('skill://whisper-transcribe@1.0.0');
    // The rule set is the CRM's (list_products' rule_set_id, the demo directory skill's), bound into the compliance step.
    expect(a!.context).toMatchObject({
      subject: 'Alex Wong',
      attempt: 1,
      guidelines_revision: 0,
      inputs: { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId },
    });
    expect(JSON.stringify(a!.context.plan)).toContain('"rule_set_id.$":"$.inputs.rule_set_id"');
    expect((a!.context.plan as unknown[]).length).toBe(3);
    // The focus's rules are the rule set's own vulnerability rules, found in its data (describe_rule_set), by their ids.
    const select = JSON.stringify((a!.context.plan as Array<{ select?: unknown }>)[2]!.select);
    expect(select).toContain(`verdicts[?(@.rule_id == \\"VUL-01\\" || @.rule_id == \\"VUL-02\\" || @.rule_id == \\"VUL-03\\")]`);
    expect(t.reply).toContain('**Alex Wong** → companion-1 (a new Companion)');
    expect(t.reply).toContain('You can keep talking to me meanwhile.');
  });

  it("follows the Strategist's skill preference from strategist_guidelines and says so", async () => {
    const c = new ScriptedConductor();
    c.guidelines = {
      ...c.guidelines,
      revision: 2,
      skill_preferences: {
        transcription: {
          prefer: 'skill://assemblyai-transcribe@1.2.0',
          avoid: ['skill://whisper-transcribe@1.0.0'],
          reason: '3 of 3 failed',
          confidence: 0.93,
          evidence: {},
          since_revision: 2,
        },
      },
    };
    const t = await c.turn(REQUEST);
    const [a] = c.delegations();
    expect(a!.skills).toContain('skill://assemblyai-transcribe@1.2.0');
    expect(a!.skills).not.toContain('skill://whisper-transcribe@1.0.0');
    expect(a!.context.guidelines_revision).toBe(2);
    expect(t.reply).toContain("the Strategist's guidelines (revision 2) prefers it for transcription");
  });

  it('reuses idle Companions instead of creating, and queues what no Companion can take', async () => {
    const c = new ScriptedConductor();
    c.poolMax = 2;
    c.pool = [
      { companion_id: 'agent-x', companion_name: 'companion-x', specialization: 'call-review', status: 'idle' },
      { companion_id: 'agent-y', companion_name: 'companion-y', specialization: 'generalist', status: 'busy' },
    ];
    const t = await c.turn(REQUEST);
    expect(t.names).not.toContain('create_companion');
    expect(c.delegations().map((d) => d.companion_id)).toEqual(['agent-x']);
    expect(t.reply).toContain('**Priya Shah**: waiting');
  });

  it('notes a first result, then merges both into who needs coaching, with the evidence', async () => {
    const c = new ScriptedConductor();
    await c.turn(REQUEST);
    const [alex, priya] = c.delegations();
    const first = await c.turn(
      c.result(
        String(alex!.task_id),
        'succeeded',
        succeeded([call('REC-1', 'pass', true, 70), call('REC-2', 'not_applicable', false, 67)]),
      ),
      'agent-c1',
    );
    expect(first.reply).toBe("Alex Wong's review is in (1 of 2). Still waiting for Priya Shah.");
    const last = await c.turn(c.result(String(priya!.task_id), 'succeeded', succeeded([call('REC-9', 'fail', true, 55)])), 'agent-c2');
    // Means and rates on fewer than MIN_SAMPLE (lib/min-sample.ts) calls or checks are stated, marked thin.
    expect(last.reply).toContain('| Alex Wong | 2 | 1 | 0 of 1 (thin) | 68.5 (mean of 2 calls) (thin) |');
    expect(last.reply).toContain('| Priya Shah | 1 | 1 | 1 of 1 (thin) | 55 (mean of 1 call) (thin) |');
    expect(last.reply).toContain(
      'A figure marked thin stands on fewer than 10 calls or checks: it is stated, but not to be read much into.',
    );
    expect(last.reply).toContain('**Priya Shah** needs coaching on vulnerable customers:');
    expect(last.reply).toContain('- Priya Shah, call REC-9, 3 Jul 2024, 10:15 — the customer said: “My husband passed away in March.”');
    expect(last.reply).toContain(
      '  failed VUL-01 “Acknowledge a disclosed vulnerability.”: Required wording missing where the rule applies.',
    );
  });

  it('says the period in en-GB to the user and to each Companion, and keeps ISO days only in the task data', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn("Review Sophie Turner's calls from last week");
    expect(t.reply).toContain('reviewing the calls on applications of 1–7 Jul 2024 for');
    const task = c.calls.find((x) => x.name === 'delegate_task')!;
    expect(String(task.args.description)).toMatch(/^Review Sophie Turner's calls of 1–7 Jul 2024 for /);
    const request = (JSON.parse(String(task.args.context_json)) as { request: { start_date: string; end_date: string } }).request;
    expect([request.start_date, request.end_date]).toEqual(['2024-07-01', '2024-07-07']);
  });

  it('says plainly when no calls were found for someone, without counting it as a failure', async () => {
    const c = new ScriptedConductor();
    await c.turn("Review Sophie Turner's calls from last week");
    const [sophie] = c.delegations();
    const t = await c.turn(c.result(sophie!.task_id, 'succeeded', succeeded([])), 'agent-c1');
    expect(t.reply).toContain('I found no calls for Sophie Turner on applications of 1–7 Jul 2024.');
    expect(t.reply).not.toContain('| Sophie Turner |');
  });

  it('asks about a name the CRM does not have instead of delegating it', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn("Review John Smith's calls from last week");
    expect(t.names).toEqual(['list_advisors']);
    expect(t.reply).toMatch(/^I can't find John Smith in the CRM\. Did you mean .+\? Whose calls should I review\?$/);
    expect(c.delegations()).toEqual([]);
  });

  it('retries a task that failed on a skill with its alternative, then answers when the retry is in', async () => {
    const c = new ScriptedConductor();
    await c.turn("Review Alex Wong's calls from last week for vulnerable customers");
    const [first] = c.delegations();
    const failure = {
      summary: 'failed',
      error: 'step calls: item 1 of 4: TimeoutError: whisper-transcribe timed out',
      failed_skill: 'skill://whisper-transcribe@1.0.0',
      data: {},
    };
    const t = await c.turn(c.result(String(first!.task_id), 'failed', failure), 'agent-c1');
    const retry = c.delegations()[1]!;
    expect(retry.task_id).toBe(`${String(first!.task_id)}-r1`);
    expect(retry.skills).toContain('skill://assemblyai-transcribe@1.2.0');
    expect(retry.skills).not.toContain('skill://whisper-transcribe@1.0.0');
    expect(t.reply).toContain("Alex Wong's review failed");
    expect(t.reply).toContain("I've delegated it again without the skill that failed");
    const done = await c.turn(
      c.result(String(retry.task_id), 'succeeded', succeeded([call('REC-1', 'pass', true, 80)])),
      String(retry.companion_id),
    );
    expect(done.reply).toContain('No one needs coaching on vulnerable customers from these calls');
  });

  it('keeps quiet on progress, acknowledges advice, and answers a follow-up with the same period', async () => {
    const c = new ScriptedConductor();
    await c.turn(REQUEST);
    const [alex] = c.delegations();
    const progress = JSON.stringify({
      type: 'task_progress',
      task_id: alex!.task_id,
      progress_pct: 67,
      status_message: '2 of 3 steps done',
      companion_id: 'agent-c1',
      updated_at: '2024-07-08T09:01:00Z',
    });
    expect((await c.turn(progress, 'agent-c1')).reply).toBe('');
    const advice = JSON.stringify({
      type: 'strategic_advice',
      advice_type: 'skill_preference',
      recommendation: 'Prefer AssemblyAI for transcription.',
      evidence: { failures: 3 },
      confidence: 0.91,
      strategist_id: 'agent-s',
      advised_at: '2024-07-08T09:02:00Z',
    });
    expect((await c.turn(advice, 'agent-s')).reply).toContain(
      'The Strategist advises (skill preference, 91% confident): Prefer AssemblyAI',
    );
    const status = await c.turn('status?');
    expect(status.reply).toContain('- Alex Wong: running, 67% — 2 of 3 steps done');
    await c.turn('And Tom Ellis, same period?');
    const tom = c.delegations().find((d) => d.context.subject === 'Tom Ellis')!;
    expect(tom.context.request).toMatchObject({ start_date: '2024-07-01', end_date: '2024-07-07', focus: 'vulnerable_customers' });
  });

  it('asks before closing the session and finalizes it on yes', async () => {
    const c = new ScriptedConductor();
    expect((await c.turn("That's all, close the session")).reply).toContain('Shall I close this session?');
    const yes = await c.turn('yes');
    expect(yes.calls).toEqual([{ name: 'finalize_session', args: { session_id: 'session-1', conductor_id: CONDUCTOR } }]);
    expect(yes.reply).toContain('Session closed');
  });
});

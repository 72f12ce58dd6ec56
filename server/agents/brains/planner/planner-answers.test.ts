import { describe, expect, it } from 'vitest';
import { fakeTools, RUN_ID } from './testing/fake-tools.ts';
import { ok, ScriptedConversation } from './testing/script.ts';
import { covering, names, withCoveringCatalog } from './testing/planner-fixtures.ts';
/**
 * What people actually type (issue 15), over the scripted tool layer with the demo CRM's own
 * directory (list_advisors, count_calls answered by the crm-directory skill's functions). Today
 * is 2024-07-08 (the demo clock): "last week" is 1–7 July.
 * This file: team reviews, rankings, vulnerability and explanations.
 */
const catalog = withCoveringCatalog;

describe('a team, ranking, vulnerability and explanations', () => {
  it('the whole team over a period: confirm, one run per advisor with calls, ' + 'then a table from the stored results', async () => {
    const summary = ok({
      groups: [
        {
          key: 'Priya Shah',
          label: 'Priya Shah',
          calls: 3,
          scored: 3,
          mean_score: 71.3,
          min_score: 60,
          failed_mandatory: 1,
          vulnerable: 0,
        },
        {
          key: 'Alex Wong',
          label: 'Alex Wong',
          calls: 4,
          scored: 4,
          mean_score: 80,
          min_score: 70,
          failed_mandatory: 0,
          vulnerable: 1,
        },
      ],
      total_calls: 7,
    });
    const c = new ScriptedConversation(catalog({ summarise_qa_results: () => summary }));
    const t = await c.turn('Review the Home Finance North team’s calls last week');
    expect(names(t.calls)).toEqual(['list_advisors', 'count_calls']);
    expect(t.reply).toMatch(
      /To confirm: for the Home Finance North team \(.+\) — \d+ calls (?:recorded|of the applications opened) last week/,
    );
    const run = await c.turn('yes');
    const starts = run.calls.filter((x) => x.name === 'start_workflow_run');
    expect(starts.length).toBeGreaterThan(1);
    expect(starts.every((s) => s.args.workflow_id === covering[0]!.workflow_id)).toBe(true);
    expect(run.calls.at(-1)!.args).toMatchObject({
      group_by: 'advisor',
      filter: { team: 'Home Finance North', from: '2024-07-01', to: '2024-07-07' },
    });
    // A mean on fewer than MIN_SAMPLE (lib/min-sample.ts) calls is stated, marked thin, in the dashboard's words.
    expect(run.reply).toContain('| Priya Shah | 3 of 3 | 71.3/100 (thin) | 60/100 | 1 | 0 |');
    expect(run.reply).toContain(
      'Lowest mean score: Priya Shah (71.3/100 over 3 calls) — too few calls to read much into (a ranking needs 10).',
    );
    expect(run.reply).toContain('A figure marked thin stands on fewer than 10 scored calls: it is stated, but not to be read much into.');
    expect(run.reply).toContain('(/qa?team=Home+Finance+North&from=2024-07-01&to=2024-07-07)');
  });

  it('a team review says what the check before running found', async () => {
    const unhealthy = () =>
      ok({
        workflow_id: covering[0]!.workflow_id,
        version: '1.0.0',
        healthy: false,
        threshold: 0.05,
        proposal: null,
        findings: [
          {
            skill: 'skill://whisper-transcribe@1.0.0',
            states: ['TranscribeRecording'],
            failure_rate: 0.25,
            uses: 40,
            alternative: null,
          },
        ],
      });
    const c = new ScriptedConversation(
      catalog({
        check_workflow_health: unhealthy,
        summarise_qa_results: () => ok({ groups: [], total_calls: 0 }),
      }),
    );
    await c.turn('Review the Home Finance North team’s calls last week');
    const run = await c.turn('yes');
    expect(run.reply).toContain('Note from the check before running: skill://whisper-transcribe@1.0.0 failed 25% of its last 40 uses');
  });

  it('"Which advisor has the lowest QA score?" is answered from the stored results ' + 'with the counts behind it', async () => {
    const groups = [
      {
        key: 'Tom Ellis',
        label: 'Tom Ellis',
        calls: 5,
        scored: 5,
        mean_score: 64.2,
        min_score: 40,
        failed_mandatory: 2,
        vulnerable: 0,
      },
    ];
    const c = new ScriptedConversation(fakeTools({ summarise_qa_results: () => ok({ groups, total_calls: 5 }) }));
    const t = await c.turn('Which advisor has the lowest QA score?');
    expect(t.calls.find((x) => x.name === 'summarise_qa_results')!.args).toMatchObject({ group_by: 'advisor', order: 'mean_score_asc' });
    expect(t.reply).toContain('**Tom Ellis**: 64.2/100 over 5 analysed calls');
  });

  it('"Compare Alex Wong and Priya Shah in June" compares just the two, each from their own filter', async () => {
    const figures: Record<string, Record<string, unknown>> = {
      'Priya Shah': {
        key: 'all',
        label: 'All calls',
        calls: 2,
        scored: 2,
        mean_score: 70,
        min_score: 65,
        failed_mandatory: 0,
        vulnerable: 0,
      },
      'Alex Wong': {
        key: 'all',
        label: 'All calls',
        calls: 0,
        scored: 0,
        mean_score: null,
        min_score: null,
        failed_mandatory: 0,
        vulnerable: 0,
      },
    };
    const c = new ScriptedConversation(
      fakeTools({
        summarise_qa_results: (_, a) => {
          const g = figures[String((a.filter as Record<string, unknown>).advisor)];
          return ok({ groups: g && g.calls ? [g] : [], total_calls: g?.calls ?? 0 });
        },
      }),
    );
    const t = await c.turn('Compare Alex Wong and Priya Shah in June');
    expect(t.reply).toMatch(
      /\| \[Priya Shah\]\(\/qa\?advisor=Priya\+Shah&from=2024-06-01&to=2024-06-30\) \| 2 \| \d+ \| 2 \| 70\/100 \(thin\) \|/,
    );
    expect(t.reply).toContain('Alex Wong has no scored calls in the QA store for this period.');
    expect(t.reply).not.toContain('Tom Ellis');
  });

  it('"which rule fails most last week" ranks rules and offers to analyse the calls not yet analysed', async () => {
    const groups = [
      {
        key: 'FCA-DISC-01',
        label: 'FCA-DISC-01 Call recording disclosure',
        calls: 2,
        scored: 2,
        mean_score: null,
        min_score: null,
        failed_mandatory: 2,
        vulnerable: 0,
        fails: 2,
      },
    ];
    const c = new ScriptedConversation(catalog({ summarise_qa_results: () => ok({ groups, total_calls: 2 }) }));
    const t = await c.turn('Which rule fails most last week?');
    expect(t.reply).toContain('**FCA-DISC-01 Call recording disclosure** fails most: in 2 of 2 analysed calls');
    expect(t.reply).toMatch(/Only 2 of the \d+ calls recorded last week .* Shall I analyse the \d+ calls not analysed yet\?/);
    const run = await c.turn('yes please');
    expect(names(run.calls)).toContain('start_workflow_run');
  });

  it('"analyse the rest" runs only the advisors with calls not analysed, then reports from a summary read after the runs', async () => {
    const before = [
      {
        key: 'Alex Wong',
        label: 'Alex Wong',
        calls: 4,
        scored: 4,
        mean_score: 68.5,
        min_score: 29,
        failed_mandatory: 2,
        vulnerable: 1,
      },
    ];
    const after = [
      ...before,
      {
        key: "James O'Connor",
        label: "James O'Connor",
        calls: 1,
        scored: 1,
        mean_score: 75,
        min_score: 75,
        failed_mandatory: 0,
        vulnerable: 0,
      },
    ];
    let runsStarted = false;
    const c = new ScriptedConversation(
      catalog({
        summarise_qa_results: () => ok({ groups: runsStarted ? after : before, total_calls: runsStarted ? 5 : 4 }),
        start_workflow_run: () => {
          runsStarted = true;
          return ok({ run_id: RUN_ID, created: true });
        },
      }),
    );
    await c.turn('which advisor had the lowest score last week?');
    const rest = await c.turn('ok analyse the rest');
    const advisors = rest.calls
      .filter((x) => x.name === 'start_workflow_run')
      .map((x) => (x.args.input as { advisor_name: string }).advisor_name);
    expect(advisors).not.toContain('Alex Wong');
    expect(advisors).toContain("James O'Connor");
    expect(rest.reply).toContain("| James O'Connor | 1 of 1 | 75/100 (thin) |");
  });

  it('a reply that answers nothing is said to be so, and the question asked again', async () => {
    const c = new ScriptedConversation(fakeTools());
    await c.turn("Check John Smith's calls in July");
    const t = await c.turn('book a meeting room');
    expect(t.calls).toEqual([]);
    expect(t.reply).toMatch(/^That isn't something I can act on here\. I can't find John Smith in the CRM\. Did you mean .+\?$/);
  });

  it('"which calls missed disclosures last week?" lists the disclosure rules that failed, with links to their calls', async () => {
    const groups = [
      {
        key: 'FCA-DISC-01',
        label: 'FCA-DISC-01 Tell the customer that the call is recorded.',
        calls: 9,
        scored: 9,
        mean_score: null,
        min_score: null,
        failed_mandatory: 3,
        vulnerable: 0,
        fails: 3,
      },
      {
        key: 'CD-04',
        label: "CD-04 Assess affordability from the customer's income and outgoings.",
        calls: 9,
        scored: 9,
        mean_score: null,
        min_score: null,
        failed_mandatory: 0,
        vulnerable: 0,
        fails: 2,
      },
    ];
    const c = new ScriptedConversation(fakeTools({ summarise_qa_results: () => ok({ groups, total_calls: 9 }) }));
    const t = await c.turn('Which calls missed disclosures last week?');
    expect(t.calls.find((x) => x.name === 'summarise_qa_results')!.args).toMatchObject({ group_by: 'rule' });
    expect(t.reply).toContain('1 disclosure rule failed in the 9 analysed calls last week');
    expect(t.reply).toContain(
      '- FCA-DISC-01 Tell the customer that the call is recorded.: failed in 3 calls' + ' — [open them](/qa?rule_id=FCA-DISC-01',
    );
    expect(t.reply).not.toContain('CD-04');
    const a = await new ScriptedConversation(fakeTools({ summarise_qa_results: () => ok({ groups, total_calls: 9 }) })).turn(
      'how are advisors doing on affordability checks in their calls last week?',
    );
    expect(a.reply).toContain('CD-04');
  });

  it('vulnerable customers this month: the flagged calls with links to their review pages', async () => {
    const items = [
      {
        qa_result_id: '11111111-1111-4111-8111-111111111111',
        call_id: 'REC-88342',
        call_at: '2024-07-03T10:00:00.000Z',
        advisor: 'Alex Wong',
        customer: 'Mr Okafor',
        product: 'HELOC 2.0',
        score: 58,
        max_score: 100,
        failed_mandatory: true,
      },
    ];
    const c = new ScriptedConversation(
      fakeTools({
        list_qa_results: () => ok({ items, total: 1, next_cursor: null, aggregate: null }),
        summarise_qa_results: () => ok({ groups: [], total_calls: 9 }),
      }),
    );
    const t = await c.turn('Show me all calls this month where the customer sounded vulnerable');
    expect(t.calls.find((x) => x.name === 'list_qa_results')!.args).toMatchObject({
      filter: { vulnerable: true, from: '2024-07-01', to: '2024-07-08' },
    });
    expect(t.reply).toContain('**1 of 9 analysed calls**');
    expect(t.reply).toContain(
      '[REC-88342](/qa/11111111-1111-4111-8111-111111111111) — 3 Jul 2024, Alex Wong with Mr Okafor (HELOC 2.0): ' +
        '58/100, failed a mandatory rule',
    );
  });

  it('"Why did REC-88342 score so low?" explains from the stored result: ' + 'failed rules with quotes, the cap', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    const result = {
      qa_result_id: id,
      call_id: 'REC-88342',
      advisor: 'Alex Wong',
      call_at: '2024-07-03T10:00:00.000Z',
      customer: 'Mr Okafor',
      product: 'HELOC 2.0',
      score: 58,
      max_score: 100,
      score_detail: { breakdown: { compliance: 40, sentiment: 18 }, breakdown_total: 58, cap: null },
      verdicts: [
        {
          rule_id: 'FCA-DISC-01',
          rule: 'Tell the customer that the call is recorded.',
          mandatory: true,
          verdict: 'fail',
          rationale: 'Required wording missing from the call.',
          quote: null,
          evidence: null,
        },
        {
          rule_id: 'FCA-PROD-02',
          rule: 'Explain the variable rate.',
          mandatory: false,
          verdict: 'fail',
          rationale: 'Prohibited wording used.',
          quote: 'it is basically fixed',
          evidence: { quote: 'it is basically fixed', start_s: 125 },
        },
      ],
      sentiment: {
        overall: 'negative',
        flags: [{ type: 'vulnerability', severity: 'high', excerpt: 'since my husband died' }],
      },
      review: { overridden: false },
    };
    const c = new ScriptedConversation(
      fakeTools({
        list_qa_results: () => ok({ items: [{ qa_result_id: id }], total: 1 }),
        get_qa_result: () => ok({ qa_result: result }),
      }),
    );
    const t = await c.turn('Why did REC-88342 score so low?');
    expect(names(t.calls)).toEqual(['list_qa_results', 'get_qa_result']);
    expect(t.reply).toContain(
      '**REC-88342** (Alex Wong, 3 Jul 2024, Mr Okafor, HELOC 2.0) scored **58/100** — compliance 40, sentiment 18.',
    );
    expect(t.reply).toContain('- FCA-PROD-02 — Explain the variable rate: Prohibited wording used; “it is basically fixed” at 2:05.');
    expect(t.reply).toContain('vulnerability (high) “since my husband died”');
  });

  it('asks which capability it lacks instead of guessing', async () => {
    const t = await new ScriptedConversation(fakeTools()).turn('Book me a meeting room for Tuesday');
    expect(t.calls).toEqual([]);
    expect(t.reply).toContain('Here is what I can do');
  });
});

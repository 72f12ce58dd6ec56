import { describe, expect, it } from 'vitest';
import { fakeTools } from './testing/fake-tools.ts';
import { ok, ScriptedConversation } from './testing/script.ts';
import { parseRequest } from './request.ts';
import { rulesOfTopic, sameWord } from '../analysis/topic-rules.ts';

/**
 * Questions answered from the stored QA results with one set of figures (issue 30): compare, rank
 * on a topic, the N worst or best calls — over the scripted tools with the demo CRM's directory.
 * Today is 2024-07-08: "June" is 1–30 June 2024, "last month" is June.
 */
const TODAY = new Date('2024-07-08T09:00:00Z');
const kindOf = (text: string) => parseRequest(text, TODAY)?.kind ?? null;
const group = (key: string, g: Partial<Record<string, unknown>> = {}) => ({
  key,
  label: key,
  calls: 0,
  scored: 0,
  mean_score: null,
  min_score: null,
  failed_mandatory: 0,
  vulnerable: 0,
  fails: 0,
  rule_fails: null,
  category: null,
  mandatory: null,
  ...g,
});
const RULES = [
  group('FCA-DISC-01', {
    label: 'FCA-DISC-01: Tell the customer that the call is recorded.',
    category: 'mandatory_disclosure',
    mandatory: true,
  }),
  group('FCA-DISC-02', { label: 'FCA-DISC-02: State the repossession risk warning.', category: 'mandatory_disclosure', mandatory: true }),
  group('CD-04', {
    label: "CD-04: Assess affordability from the customer's income and outgoings.",
    category: 'consumer_duty',
    mandatory: false,
  }),
  group('CD-01', { label: 'CD-01: Do not make guarantees.', category: 'consumer_duty', mandatory: false }),
  group('VUL-01', { label: 'VUL-01: Acknowledge a disclosed vulnerability.', category: 'vulnerability', mandatory: false }),
];

describe('reading the questions', () => {
  it.each([
    ['compare the north and south teams for June', 'compare'],
    // A bare month after "for" is a period, never a topic to rank on ("cannot rank anyone on march").
    ['compare the residential and specialist lending teams for March', 'compare'],
    ['which team is worst for March?', 'rank'],
    ['Compare Alex and Priya in July', 'compare'],
    ['June vs July for the south team', 'compare'],
    ['how does Tom Ellis compare with Priya Shah last month?', 'compare'],
    ["who's weakest on disclosures?", 'topic_rank'],
    ['which team is worst on affordability?', 'topic_rank'],
    ['rank the advisors on Consumer Duty outcomes in June', 'topic_rank'],
    ['who is best at vulnerability this month', 'topic_rank'],
    ['show me the three worst calls in June', 'calls_ranked'],
    ['what were the 5 lowest-scoring calls last month?', 'calls_ranked'],
    ["Priya Shah's best call in June", 'calls_ranked'],
    ['top 10 calls this year', 'calls_ranked'],
    ['which advisor has the lowest QA score?', 'rank'],
    ['which rule fails most last week', 'rank'],
    ['who has the lowest score for June', 'rank'],
  ])('“%s” → %s', (text, kind) => expect(kindOf(text)).toBe(kind));

  it('reads the count, the order, the topic and the periods', () => {
    expect(parseRequest('show me the three worst calls in June', TODAY)?.question).toEqual({
      kind: 'calls_ranked',
      order: 'worst',
      count: 3,
    });
    expect(parseRequest('the best 2 calls in July', TODAY)?.question).toMatchObject({ order: 'best', count: 2 });
    expect(parseRequest('the worst 900 calls', TODAY)?.question).toMatchObject({ count: 20 });
    expect(parseRequest('which teams are worst on affordability checks last month?', TODAY)?.question).toEqual({
      kind: 'topic_rank',
      order: 'worst',
      topic: { words: 'affordability checks', subject: 'teams' },
    });
    const periods = parseRequest('June vs July for the south team', TODAY)?.question?.periods;
    expect(periods?.map((p) => [p.start_date, p.end_date])).toEqual([
      ['2024-06-01', '2024-06-30'],
      ['2024-07-01', '2024-07-08'],
    ]);
    expect(parseRequest('compare the north and south teams for June', TODAY)?.question?.periods).toBeNull();
  });

  it("finds a topic's rules by category, else by text, by stem", () => {
    expect(rulesOfTopic('disclosures', RULES)).toMatchObject({ by: 'category', rules: [{ key: 'FCA-DISC-01' }, { key: 'FCA-DISC-02' }] });
    expect(rulesOfTopic('affordability checks', RULES)).toMatchObject({ by: 'text', rules: [{ key: 'CD-04' }] });
    expect(rulesOfTopic('Consumer Duty outcomes', RULES).rules.map((r) => r.key)).toEqual(['CD-04', 'CD-01']);
    expect(rulesOfTopic('vulnerable customers', RULES).rules.map((r) => r.key)).toEqual(['VUL-01']);
    expect(rulesOfTopic('pensions', RULES)).toEqual({ rules: [], by: null });
    expect(sameWord('fees', 'feed')).toBe(false);
    expect(sameWord('duties', 'duty')).toBe(true);
  });
});

/** A summary per filter: each side's figures differ, so a figure from the wrong filter shows. */
function stored(calls: Array<{ name: string; args: Record<string, unknown> }>) {
  return fakeTools({
    summarise_qa_results: (_, a) => {
      calls.push({ name: 'summarise_qa_results', args: a });
      const f = a.filter as Record<string, string>;
      if (a.group_by === 'rule') return ok({ groups: RULES, total_groups: RULES.length, total_calls: 25 });
      if (a.group_by === 'all') {
        const south = f.team === 'Home Finance South' || f.advisor === 'Priya Shah';
        const g = group(
          'all',
          south
            ? { calls: 11, scored: 11, mean_score: 67.3, min_score: 41, failed_mandatory: 4, vulnerable: 1 }
            : { calls: 14, scored: 13, mean_score: 83, min_score: 70, failed_mandatory: 1, vulnerable: 0 },
        );
        return ok({ groups: [{ ...g, mean_score: f.from === '2024-07-01' ? 75.5 : g.mean_score }], total_groups: 1, total_calls: g.calls });
      }
      const ids = (a.rule_ids as string[] | undefined) ?? [];
      return ok({
        groups: [
          group('Alex Wong', { calls: 10, fails: 2, rule_fails: 2, mean_score: 80, scored: 10 }),
          group('Tom Ellis', { calls: 4, fails: 3, rule_fails: ids.length > 1 ? 5 : 3, mean_score: 60, scored: 4 }),
        ],
        total_groups: 2,
        total_calls: 14,
      });
    },
    list_qa_results: () =>
      ok({
        items: [
          {
            qa_result_id: 'q1',
            call_id: 'C-1',
            call_at: '2024-06-12T10:00:00Z',
            advisor: 'Tom Ellis',
            score: 41,
            max_score: 100,
            score_source: 'review',
            failed_rule_ids: ['FCA-DISC-02', 'CD-01'],
          },
          {
            qa_result_id: 'q2',
            call_id: 'C-2',
            call_at: '2024-06-03T10:00:00Z',
            advisor: 'Alex Wong',
            score: 55,
            max_score: 100,
            score_source: 'ai',
            failed_rule_ids: ['CD-01'],
          },
        ],
        total: 25,
        next_cursor: null,
        aggregate: null,
      }),
  });
}

describe('answering from the stored results', () => {
  it.each([
    'compare the north and south teams for June',
    'Compare Home Finance North and Home Finance South in June',
    'north team vs south team in June',
  ])('“%s”: one row per team, each from its own filter', async (text) => {
    const seen: Array<{ name: string; args: Record<string, unknown> }> = [];
    const c = new ScriptedConversation(stored(seen));
    const t = await c.turn(text);
    const sums = seen.filter((x) => x.args.group_by === 'all').map((x) => x.args.filter);
    expect(sums).toEqual(
      expect.arrayContaining([
        { from: '2024-06-01', to: '2024-06-30', team: 'Home Finance North' },
        { from: '2024-06-01', to: '2024-06-30', team: 'Home Finance South' },
      ]),
    );
    expect(t.reply).toMatch(/\| \[the Home Finance North team\]\([^)]*\) \| 14 \| \d+ \| 13 \| 83\/100 \| 70\/100 \| 1 \| 0 \|/);
    expect(t.reply).toMatch(/\| \[the Home Finance South team\]\([^)]*\) \| 11 \| \d+ \| 11 \| 67\.3\/100 \| 41\/100 \| 4 \| 1 \|/);
    expect(t.reply).toContain('**the Home Finance South team** has the lower mean: 67.3/100 over 11 scored calls, 15.7 points below');
  });

  it('compares advisors and periods, and asks when only one side is named', async () => {
    const seen: Array<{ name: string; args: Record<string, unknown> }> = [];
    const c = new ScriptedConversation(stored(seen));
    const people = await c.turn('Compare Alex Wong and Priya Shah in July');
    expect(people.reply).toContain('| [Priya Shah]');
    expect(people.reply).toContain('| [Alex Wong]');
    const periods = await new ScriptedConversation(stored(seen)).turn('June vs July for the south team');
    expect(periods.reply).toContain('| [the Home Finance South team, in June (1–30 Jun 2024)]');
    expect(periods.reply).toContain('| [the Home Finance South team, in July (1–8 Jul 2024)]');
    expect(periods.reply).toMatch(/75\.5\/100/);
    const one = await new ScriptedConversation(stored(seen)).turn('compare the south team');
    expect(one.reply).toContain('Could you tell me what to compare?');
  });

  it.each([
    ["who's weakest on disclosures?", 'disclosures'],
    ['which advisor is worst at disclosures in June', 'disclosures'],
    ['rank the advisors on affordability', 'affordability'],
  ])("“%s”: ranks by failures of the topic's rules found in the data", async (text, topic) => {
    const seen: Array<{ name: string; args: Record<string, unknown> }> = [];
    const t = await new ScriptedConversation(stored(seen)).turn(text);
    const ranked = seen.find((x) => x.args.rule_ids)!;
    expect(ranked.args.rule_ids).toEqual(topic === 'disclosures' ? ['FCA-DISC-01', 'FCA-DISC-02'] : ['CD-04']);
    expect(ranked.args.group_by).toBe('advisor');
    expect(t.reply).toContain('**Tom Ellis** is weakest: 3 of 4 analysed calls failed at least one of these rules');
    expect(t.reply.indexOf('| Tom Ellis |')).toBeLessThan(t.reply.indexOf('| Alex Wong |'));
  });

  it('a ranking or mean on fewer than MIN_SAMPLE calls is stated and marked thin; one on MIN_SAMPLE is not', async () => {
    // Alex Wong stands on 10 calls (MIN_SAMPLE, lib/min-sample.ts), Tom Ellis on 4.
    const topic = await new ScriptedConversation(stored([])).turn("who's weakest on disclosures in june?");
    expect(topic.reply).toContain(
      '**Tom Ellis** is weakest: 3 of 4 analysed calls failed at least one of these rules (5 failures in all) — ' +
        'too few calls to read much into (a ranking needs 10).',
    );
    expect(topic.reply).toContain('| Tom Ellis | 4 | 3 (thin) | 5 | 60/100 (thin) |');
    expect(topic.reply).toContain('| Alex Wong | 10 | 2 | 2 | 80/100 |');
    expect(topic.reply).toContain('A figure marked thin stands on fewer than 10 analysed or scored calls');
    const rank = await new ScriptedConversation(stored([])).turn('who scored lowest in june?');
    expect(rank.reply).toContain('| Tom Ellis | 4 | 60/100 (thin) |');
    expect(rank.reply).toContain('| Alex Wong | 10 | 80/100 |');
  });

  it('a topic no rule is about is asked about, never dropped', async () => {
    const t = await new ScriptedConversation(stored([])).turn('who is weakest on pensions?');
    expect(t.reply).toContain("I can't find rules about “pensions”");
    expect(t.reply).toContain('mandatory disclosure');
    expect(t.reply).toContain('Could you tell me which of those you mean?');
  });

  it.each([
    ['show me the three worst calls in June', 'asc', 3],
    ['the 2 best calls last month', 'desc', 2],
  ])('“%s”: the calls by score with their failed mandatory rules', async (text, dir, n) => {
    const seen: Array<{ name: string; args: Record<string, unknown> }> = [];
    const c = new ScriptedConversation(stored(seen));
    const t = await c.turn(text);
    const list = c.calls.find((x) => x.name === 'list_qa_results')!;
    expect(list.args).toEqual({ filter: { from: '2024-06-01', to: '2024-06-30' }, sort: { by: 'score', dir }, limit: n });
    expect(t.reply).toMatch(/of the 25 analysed calls (?:in June|last month) \(1–30 Jun 2024\) for all advisors/);
    expect(t.reply).toContain(
      '1. [C-1](/qa/q1) — 12 Jun 2024, Tom Ellis: 41/100 (reviewed); failed FCA-DISC-02: State the repossession risk warning.',
    );
    expect(t.reply).toContain('2. [C-2](/qa/q2) — 3 Jun 2024, Alex Wong: 55/100; no mandatory rule failed');
  });
});

describe('read before proposing work', () => {
  it.each(['how did the north team do last month?', 'How did the Home Finance North team perform in June?'])(
    '“%s”: answered from the stored results, only the calls not analysed yet offered',
    async (text) => {
      const seen: Array<{ name: string; args: Record<string, unknown> }> = [];
      const c = new ScriptedConversation(stored(seen));
      const t = await c.turn(text);
      expect(t.calls.map((x) => x.name)).not.toContain('start_workflow_run');
      expect(seen.filter((x) => x.args.group_by === 'all')[0]!.args.filter).toEqual({
        from: '2024-06-01',
        to: '2024-06-30',
        team: 'Home Finance North',
      });
      expect(t.reply).toMatch(
        new RegExp(
          String.raw`From the stored QA results, the Home Finance North team (?:in June|last month) \(1–30 Jun 2024\): ` +
            String.raw`\*\*83/100\*\* mean QA score over 13 scored of 14 analysed calls`,
        ),
      );
      const recorded = Number(
        c.calls.find((x) => x.name === 'count_calls') ? (t.reply.match(/of the (\d+) calls recorded/)?.[1] ?? 14) : 14,
      );
      if (recorded > 14) expect(t.reply).toContain(`Shall I analyse the ${recorded - 14} calls not analysed yet?`);
      else expect(t.reply).toContain('have been analysed');
    },
  );

  it('with nothing stored, a "how did" question proposes the review as before', async () => {
    const t = await new ScriptedConversation(fakeTools()).turn('how did the north team do last month?');
    expect(t.reply).toContain('To confirm: for the Home Finance North team');
  });
});

describe('which count a figure is (“12 South calls in June where the dashboard says 11”)', () => {
  it('a review proposal names the calls it would analyse and, when they differ, the calls recorded in the period as the dashboard counts them', async () => {
    // The demo CRM: South has 12 calls on applications opened in June, one of them recorded on 2 July; 11 recorded in June.
    const c = new ScriptedConversation(fakeTools());
    const t = await c.turn("review the south team's calls for June");
    const counted = c.calls.find((x) => x.name === 'count_calls')!;
    expect(counted.args).toMatchObject({ start_date: '2024-06-01', end_date: '2024-06-30' });
    const crm = (await fakeTools()('count_calls', counted.args)) as { calls: number; recorded_in_period: number };
    expect([crm.calls, crm.recorded_in_period]).toEqual([12, 11]);
    expect(t.reply).toContain(
      '12 calls of the applications opened in June (1–30 Jun 2024); ' +
        "11 calls were recorded in that period, the dashboard's and the QA queue's count by call date",
    );
    expect(t.reply).not.toMatch(/12 recorded calls/);
  });

  it('a comparison states the analysed calls beside the recorded ones, each named', async () => {
    const t = await new ScriptedConversation(stored([])).turn('compare the north and south teams for June');
    expect(t.reply).toContain('| Scope | Calls analysed | Recorded in the CRM |');
    // The recorded column is the CRM's by-call-date count (count_calls recorded_in_period), not the applications' count.
    expect(t.reply).toMatch(/\| \[the Home Finance South team\]\([^)]*\) \| 11 \| 11 \|/);
  });
});

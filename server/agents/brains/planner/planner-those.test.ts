import { describe, expect, it } from 'vitest';
import { fakeTools } from './testing/fake-tools.ts';
import { ok, ScriptedConversation } from './testing/script.ts';
import { parseRequest } from './request.ts';

/**
 * Follow-ups on the previous answer (issue 30): "which of those failed a mandatory rule, and why?"
 * is about exactly the calls (or the scopes) of the answer before it, read from that episode's tool
 * returns; "and for South?" / "and July?" asks the same of the answer's question changed alike.
 * Today is 2024-07-08.
 */
const TODAY = new Date('2024-07-08T09:00:00Z');
const JUNE = { from: '2024-06-01', to: '2024-06-30' };
type Seen = Array<{ name: string; args: Record<string, unknown> }>;

const item = (id: string, advisor: string, score: number, failed: string[], extra: Record<string, unknown> = {}) => ({
  qa_result_id: `q-${id}`,
  call_id: id,
  call_at: '2024-06-12T10:00:00Z',
  advisor,
  score,
  max_score: 100,
  score_source: 'ai',
  failed_rule_ids: failed,
  ...extra,
});
const verdict = (rule_id: string, mandatory: boolean, verdict: string, quote: string | null = null, start_s: number | null = null) => ({
  rule_id,
  rule: `${rule_id} rule text.`,
  mandatory,
  verdict,
  rationale: `${rule_id} not met.`,
  quote,
  evidence: quote ? { quote, start_s } : null,
});
const RESULTS: Record<string, Record<string, unknown>> = {
  'q-C-1': {
    verdicts: [verdict('FCA-DISC-02', true, 'fail', 'we can sort the risks later', 192), verdict('CD-01', false, 'fail')],
    reviewed_verdicts: [],
  },
  'q-C-2': { verdicts: [verdict('CD-01', false, 'fail')], reviewed_verdicts: [] },
  // A reviewer overrode the AI's fail on FCA-DISC-01: as reviewed the call failed no rule.
  'q-C-3': { verdicts: [verdict('FCA-DISC-01', true, 'fail')], reviewed_verdicts: [{ rule_id: 'FCA-DISC-01', verdict: 'pass' }] },
  'q-S-1': { verdicts: [verdict('FCA-ID-02', true, 'fail', 'can I take your date of birth', 15)], reviewed_verdicts: [] },
};
const TEAM_OF: Record<string, string> = {
  'C-1': 'Home Finance North',
  'C-2': 'Home Finance North',
  'C-3': 'Home Finance North',
  'S-1': 'Home Finance South',
};

const WORST = [
  item('C-1', 'Tom Ellis', 41, ['FCA-DISC-02', 'CD-01']),
  item('C-2', 'Alex Wong', 55, ['CD-01']),
  item('C-3', 'Priya Shah', 60, []),
];

function tools(seen: Seen, worst = WORST) {
  return fakeTools({
    summarise_qa_results: (_, a) => {
      seen.push({ name: 'summarise_qa_results', args: a });
      const f = a.filter as Record<string, string>;
      if (a.group_by === 'rule') return ok({ groups: [], total_groups: 0, total_calls: 25 });
      const calls = f.team === 'Home Finance South' ? 11 : f.team === 'Home Finance North' ? 14 : 25;
      const all = { key: 'all', calls, scored: calls, mean_score: 70, min_score: 41, failed_mandatory: 1, vulnerable: 0 };
      return ok({ groups: [all], total_groups: 1, total_calls: calls });
    },
    list_qa_results: (_, a) => {
      seen.push({ name: 'list_qa_results', args: a });
      const f = a.filter as Record<string, unknown>;
      const pool = f.team === 'Home Finance South' ? [item('S-1', "James O'Connor", 48, ['FCA-ID-02'])] : worst;
      const items = pool
        .filter((i) => !f.team || TEAM_OF[i.call_id] === f.team)
        .filter((i) => !f.failed_mandatory || i.failed_rule_ids.some((r) => RESULTS[i.qa_result_id]?.verdicts && r.startsWith('FCA')));
      return ok({ items: items.slice(0, Number(a.limit ?? 50)), total: items.length, next_cursor: null, aggregate: null });
    },
    get_qa_result: (_, a) => {
      seen.push({ name: 'get_qa_result', args: a });
      return ok({ qa_result: { qa_result_id: a.qa_result_id, ...RESULTS[String(a.qa_result_id)] } });
    },
  });
}

describe('reading a question about the previous answer', () => {
  it.each([
    ['which of those calls failed a mandatory rule, and why?', true],
    ['which of them failed a mandatory rule?', true],
    ['why did those fail?', false],
  ])('“%s” → failed_those', (text, mandatory) => {
    expect(parseRequest(text, TODAY)?.question).toEqual({ kind: 'failed_those', mandatory });
  });
});

describe('which of those failed a mandatory rule, and why', () => {
  it('after the three worst calls: exactly those calls, their failed mandatory rules with the quote and its time', async () => {
    const seen: Seen = [];
    const c = new ScriptedConversation(tools(seen));
    await c.turn('show me the three worst calls in June');
    const t = await c.turn('which of those calls failed a mandatory rule, and why?');
    // No new listing: the calls are the ones the previous answer listed; only the failing ones are read in full.
    expect(t.calls.map((x) => x.name)).toEqual(['get_qa_result', 'get_qa_result']);
    expect(t.calls.map((x) => x.args.qa_result_id)).toEqual(['q-C-1', 'q-C-2']);
    expect(t.reply).toContain('Of the 3 calls my last answer listed (all advisors, 1–30 Jun 2024), 1 failed a mandatory rule');
    expect(t.reply).toContain('1. [C-1](/qa/q-C-1) — 12 Jun 2024, Tom Ellis: 41/100; failed:');
    expect(t.reply).toContain(
      '   - FCA-DISC-02 (mandatory) — FCA-DISC-02 rule text: FCA-DISC-02 not met; “we can sort the risks later” at 3:12.',
    );
    expect(t.reply).not.toContain('CD-01 rule text');
    expect(t.reply).toContain('C-2, C-3 failed no mandatory rule.');
  });

  it('"why did those fail?": every failed rule, as reviewed (an overridden fail is not a failure)', async () => {
    const worst = [item('C-1', 'Tom Ellis', 41, ['FCA-DISC-02', 'CD-01']), item('C-3', 'Priya Shah', 60, ['FCA-DISC-01'])];
    const c = new ScriptedConversation(tools([], worst));
    await c.turn('show me the two worst calls in June');
    const t = await c.turn('why did those fail?');
    expect(t.reply).toContain('1 failed a rule');
    expect(t.reply).toContain('CD-01 rule text: CD-01 not met.');
    expect(t.reply).toContain('C-3 failed no rule.');
  });

  it('after a comparison: per compared scope, the calls that failed a mandatory rule, never a wider scope', async () => {
    const seen: Seen = [];
    const c = new ScriptedConversation(tools(seen));
    await c.turn('compare the north and south teams for June');
    seen.length = 0;
    const t = await c.turn('which of them failed a mandatory rule?');
    const lists = seen.filter((x) => x.name === 'list_qa_results').map((x) => x.args.filter);
    expect(lists).toEqual([
      { ...JUNE, team: 'Home Finance North', failed_mandatory: true },
      { ...JUNE, team: 'Home Finance South', failed_mandatory: true },
    ]);
    expect(t.reply).toContain('**the Home Finance North team, 1–30 Jun 2024**: 1 of the 14 analysed calls failed a mandatory rule');
    expect(t.reply).toContain('**the Home Finance South team, 1–30 Jun 2024**: 1 of the 11 analysed calls failed a mandatory rule');
    expect(t.reply).toContain('“can I take your date of birth” at 0:15');
  });

  it('"and for South?" asks the same of the answer\'s question for South; "and July?" for July', async () => {
    const seen: Seen = [];
    const c = new ScriptedConversation(tools(seen));
    await c.turn('show me the three worst calls in June');
    await c.turn('which of those calls failed a mandatory rule, and why?');
    seen.length = 0;
    const south = await c.turn('and for South?');
    expect(seen.find((x) => x.name === 'list_qa_results')!.args).toEqual({
      filter: { ...JUNE, team: 'Home Finance South' },
      sort: { by: 'score', dir: 'asc' },
      limit: 3,
    });
    expect(south.reply).toContain(
      'Of the 1 call the same question lists for the Home Finance South team, 1–30 Jun 2024, 1 failed a mandatory rule',
    );
    expect(south.reply).toContain('FCA-ID-02 (mandatory)');
    seen.length = 0;
    await c.turn('and July?');
    expect(seen.find((x) => x.name === 'list_qa_results')!.args.filter).toEqual({
      from: '2024-07-01',
      to: '2024-07-08',
      team: 'Home Finance South',
    });
  });

  it('says so plainly when there is no earlier answer, or it had no calls', async () => {
    const none = await new ScriptedConversation(tools([])).turn('which of those failed a mandatory rule?');
    expect(none.reply).toContain("I haven't given you any calls in this conversation yet");
    const c = new ScriptedConversation(tools([], []));
    await c.turn('show me the three worst calls in June');
    const empty = await c.turn('which of those failed a mandatory rule, and why?');
    expect(empty.reply).toContain('There were no calls in the 0 calls my last answer listed');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../contracts/audit-actor.ts';
import { qaTrends } from '../../../dashboard/qa-trends.ts';
import { listQaPage, qaAggregate } from '../../../qa/query.ts';
import type { QaRecordInput } from '../../../../lib/qa-record.ts';
import { upsertQaRecords } from '../../../qa/store.ts';
import { summariseQaResults } from '../../../qa/summary.ts';
import { FIXTURE_RULES, qaRecordFixture } from '../../../qa/testing/fixtures.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../../../testing/test-database.ts';
import { invokeTool } from '../../../tools/invoke.ts';
import { findTool } from '../../../tools/registry.ts';
import { crm } from './testing/fake-tools.ts';
import { MIN_SAMPLE } from '../../../../lib/min-sample.ts';
import { ScriptedConversation } from './testing/script.ts';

/**
 * One set of figures (issue 30): the Planner asked to compare, rank on a topic and list the worst
 * calls over real stored QA results (PGlite / PostgreSQL, the real summarise_qa_results and
 * list_qa_results tools; the demo CRM for people and call counts). Every figure it states is
 * compared with what the QA queue's query (qaAggregate, listQaPage, summariseQaResults) and the
 * dashboard's (qaTrends) return for the same filter. Today is 2024-07-08.
 */
const TEAMS: Record<string, string> = {
  'Alex Wong': 'Home Finance North',
  'Priya Shah': 'Home Finance North',
  'Tom Ellis': 'Home Finance North',
  "James O'Connor": 'Home Finance South',
  'Fatima Khan': 'Home Finance South',
};
const ADVISORS = Object.keys(TEAMS);
const FAILS = [[], ['FCA-DISC-01'], ['CD-01'], ['FCA-DISC-02', 'CD-03'], [], ['FCA-DISC-05'], ['FCA-ID-02'], []];

function records(): QaRecordInput[] {
  const out: QaRecordInput[] = [];
  for (let i = 0; i < 40; i++) {
    const advisor = ADVISORS[(i * 3) % ADVISORS.length]!;
    const day = i < 34 ? `2024-06-${String(1 + (i % 30)).padStart(2, '0')}` : `2024-07-0${1 + (i % 6)}`;
    out.push(
      qaRecordFixture({
        runId: `run-${i % 3}`,
        callId: `CALL-${3000 + i}`,
        advisor,
        team: TEAMS[advisor]!,
        callAt: `${day}T10:${String(i).padStart(2, '0')}:00.000Z`,
        fail: [...FAILS[i % FAILS.length]!, ...(advisor === 'Fatima Khan' && i % 2 ? ['FCA-DISC-02'] : [])],
        vulnerable: i % 9 === 0,
        runFinishedAt: '2024-07-08T08:00:00.000Z',
      }),
    );
  }
  // An earlier analysis of one call: never counted twice.
  out.push(qaRecordFixture({ ...pick(out[5]!), runId: 'run-old', fail: ['CD-01'], runFinishedAt: '2024-07-01T08:00:00.000Z' }));
  return out;
}
const pick = (r: QaRecordInput) => ({ callId: r.callId, advisor: r.advisor, team: r.team, product: r.product, callAt: r.callAt });
const JUNE = { from: '2024-06-01', to: '2024-06-30' };
const num = (s: string) => (s === 'not scored' ? null : Number(s.replace(/ \(thin\)$/, '').replace(/\/100$/, '')));

describe(`the Planner's figures are the queue's and the dashboard's (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const config = testConfig({ DCF_CLOCK: '2024-07-08T09:00:00Z' });
  const conversation = () =>
    new ScriptedConversation(async (name, args) => {
      if (name === 'list_advisors' || name === 'count_calls' || name === 'list_products') return crm(name, args);
      return (await invokeTool(findTool(name)!, args, {
        actor: systemActor('test'),
        services: { config, db: async () => h.db },
      })) as Record<string, unknown>;
    });
  const ask = (text: string) => conversation().turn(text);

  beforeAll(async () => {
    h = await createTestDatabase();
    await upsertQaRecords(h.db, records());
  });
  afterAll(() => h.dispose());

  it('"compare the north and south teams for June": each row is the team\'s figures in the queue and on the dashboard', async () => {
    const t = await ask('compare the north and south teams for June');
    for (const team of ['Home Finance North', 'Home Finance South']) {
      const row = t.reply.split('\n').find((l) => l.startsWith(`| [the ${team} team]`));
      expect(row, team).toBeDefined();
      const [, calls, , scored, mean, lowest, failedMandatory] = row!.split(' | ');
      const filter = { ...JUNE, team };
      const queue = await qaAggregate(h.db, filter);
      const dashboard = await qaTrends(h.db, filter, '2024-07-08');
      const summary = await summariseQaResults(h.db, { filter, group_by: 'all', limit: 1 });
      expect(Number(calls)).toBe(queue.calls);
      expect(Number(calls)).toBe(dashboard.calls);
      expect(Number(scored)).toBe(queue.scored);
      expect(num(mean!)).toBe(queue.mean);
      expect(num(mean!)).toBe(dashboard.team_mean);
      expect(num(lowest!)).toBe(summary.groups[0]!.min_score);
      expect(Number(failedMandatory)).toBe(summary.groups[0]!.failed_mandatory);
      expect(queue.calls).toBeGreaterThan(0);
    }
  });

  it('"how did sarah get on with her calls in june?" names no advisor of the CRM: a question, and no figure for anyone else', async () => {
    for (const text of ['how did sarah get on with her calls in june? please check them', 'How is Sarah doing this month?']) {
      const t = await ask(text);
      expect(t.reply, text).toMatch(/^I can't find Sarah in the CRM\. Did you mean .+\?$/i);
      expect(t.reply, text).not.toMatch(/\/100|mean QA score/);
      expect(t.calls.map((c) => c.name)).toEqual(['list_advisors']);
    }
  });

  it('"how did she get on in june?" with no one named before: who, not everyone\'s figure; the name given then is taken', async () => {
    for (const text of ['how did she get on in june?', 'how did my advisor do in june', 'how did her calls go in june']) {
      const t = await ask(text);
      expect(t.reply, text).toMatch(/^I can't tell which advisor you mean \(“.+”\)\. Could you tell me the advisor's name, or the team\?$/);
      expect(t.calls.map((c) => c.name)).toEqual(['list_advisors']);
    }
    const c = conversation();
    await c.turn('how did she get on in june?');
    const named = await c.turn('Tom Ellis');
    expect(named.reply).toContain('Tom Ellis in June (1–30 Jun 2024)');
    // A follow-up about someone the CRM does not have is a question, not the last answer again.
    const other = conversation();
    await other.turn('how did tom do in june?');
    expect((await other.turn('what about sarah?')).reply).toMatch(/^I can't find sarah in the CRM\./);
    // A follow-up about another month says that month, never the last answer's again.
    const follow = conversation();
    await follow.turn('how did Priya do in june?');
    expect((await follow.turn('what about may?')).reply).not.toContain('June');
    // About everyone or a team, or someone named: no question either.
    for (const text of ['how did we do in june', 'how did the north team get on in june', 'how did tom do in june'])
      expect((await ask(text)).reply, text).not.toMatch(/I can't (tell|find)/);
  });

  it('"how did Tom and Priya do in June?": each one\'s figures as the queue gives them, never everyone\'s under their names', async () => {
    const t = await ask('how did Tom and Priya do in june');
    expect(t.reply).toContain("From the stored QA results, Tom Ellis and Priya Shah in June (1–30 Jun 2024), each advisor's own figures:");
    const everyone = await qaAggregate(h.db, JUNE);
    expect(t.reply).not.toContain(`over ${everyone.scored} scored`);
    for (const advisor of ['Tom Ellis', 'Priya Shah']) {
      const row = t.reply.split('\n').find((l) => l.startsWith(`| [${advisor}]`));
      expect(row, advisor).toBeDefined();
      const [, calls, mean, lowest, failedMandatory] = row!.split(' | ');
      const queue = await qaAggregate(h.db, { ...JUNE, advisor });
      const summary = await summariseQaResults(h.db, { filter: { ...JUNE, advisor }, group_by: 'all', limit: 1 });
      expect(Number(calls)).toBe(queue.calls);
      expect(num(mean!)).toBe(queue.mean);
      expect(num(lowest!)).toBe(summary.groups[0]!.min_score);
      expect(Number(failedMandatory!.replace(/ \|$/, ''))).toBe(summary.groups[0]!.failed_mandatory);
      expect(queue.calls).toBeGreaterThan(0);
    }
    // Their calls alone are counted against the CRM's.
    expect(t.calls.find((c) => c.name === 'count_calls')?.args).toMatchObject({ advisor_names: ['Tom Ellis', 'Priya Shah'] });
  });

  it('a period with one recorded call, all analysed, says so in the singular', async () => {
    const t = await ask('how did Tom do in the first week of july?');
    expect(t.reply).toContain('The one call recorded in the first week of July (1–7 Jul 2024) has been analysed.');
    expect(t.reply).not.toContain('All 1 recorded calls');
  });

  it('"which of tom and priya is weakest on disclosures in june?": the two of them ranked, over their own calls', async () => {
    const t = await ask('which of tom and priya is weakest on disclosures in june?');
    const theirs =
      (await qaAggregate(h.db, { ...JUNE, advisor: 'Tom Ellis' })).calls +
      (await qaAggregate(h.db, { ...JUNE, advisor: 'Priya Shah' })).calls;
    expect(t.reply).toContain(`over ${theirs} analysed calls in June (1–30 Jun 2024) for Tom Ellis and Priya Shah:`);
    const rows = t.reply.split('\n').filter((l) => /^\| (?!Advisor|---)/.test(l));
    expect(rows.map((r) => r.split(' | ')[0]!.slice(2)).sort()).toEqual(['Priya Shah', 'Tom Ellis']);
  });

  it('"show me the three worst calls in June": the queue\'s three lowest scores, in its order', async () => {
    const t = await ask('show me the three worst calls in June');
    const page = await listQaPage(h.db, { filter: JUNE, sort: { by: 'score', dir: 'asc' }, limit: 3 });
    const said = [...t.reply.matchAll(/^\d\. \[([^\]]+)\]\(\/qa\/([^)]+)\) — [^:]+: ([\d.]+)\/100/gm)].map((m) => [
      m[1],
      m[2],
      Number(m[3]),
    ]);
    expect(said).toEqual(page.items.map((i) => [i.callId, i.id, i.score]));
    const total = (await qaAggregate(h.db, JUNE)).calls;
    expect(t.reply).toContain(`of the ${total} analysed calls in June`);
  });

  it('"who\'s weakest on disclosures in June?": the disclosure rules of the data, failures counted as the queue counts them', async () => {
    const t = await ask("who's weakest on disclosures in June?");
    const disclosure = FIXTURE_RULES.filter((r) => r.category === 'mandatory_disclosure').map((r) => r.rule_id);
    const items = (await listQaPage(h.db, { filter: JUNE, sort: { by: 'call_at', dir: 'desc' }, limit: 500 })).items;
    const perAdvisor = ADVISORS.map((a) => {
      const mine = items.filter((i) => i.advisor === a);
      return { a, calls: mine.length, failing: mine.filter((i) => i.failedRuleIds.some((f) => disclosure.includes(f))).length };
    }).sort((x, y) => y.failing / y.calls - x.failing / x.calls || y.failing - x.failing || x.a.localeCompare(y.a));
    const top = perAdvisor[0]!;
    expect(t.reply).toContain(`**${top.a}** is weakest: ${top.failing} of ${top.calls} analysed calls failed at least one of these rules`);
    // Each advisor stands on fewer than MIN_SAMPLE (lib/min-sample.ts) calls in June: the rates are stated, marked thin.
    expect(perAdvisor.every((p) => p.calls < MIN_SAMPLE)).toBe(true);
    for (const p of perAdvisor) expect(t.reply).toMatch(new RegExp(`\\| ${p.a} \\| ${p.calls} \\| ${p.failing} \\(thin\\) \\|`));
    expect(t.reply).toContain('analysed calls failed at least one of these rules');
    expect(t.reply).toContain(`— too few calls to read much into (a ranking needs ${MIN_SAMPLE}).`);
    // Only the disclosure rules stored in June's verdicts, found by their category.
    const named = t.reply.match(/the \d+ rules whose category matches \(([^)]+)\)/)![1]!.split(', ');
    expect(named.every((id) => disclosure.includes(id))).toBe(true);
  });
});

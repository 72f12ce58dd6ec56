import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDay } from '../../lib/uk-time.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { invokeTool } from '../tools/invoke.ts';
import { summariseQaResultsTool } from '../tools/qa/summarise-qa-results.ts';
import type { QaFilter } from '../../lib/qa-filter.ts';
import { listQaPage } from './query.ts';
import type { QaRecordInput } from '../../lib/qa-record.ts';
import { upsertQaRecords } from './store.ts';
import { QA_GROUPS, type QaGroup, type QaGroupBy } from './summary.ts';
import { qaRecordFixture } from './testing/fixtures.ts';

/**
 * summarise_qa_results against a direct computation: the rows list_qa_results lists for the same
 * filter (paged through with listQaPage), each joined to the record that was stored for it (its
 * verdicts), grouped and counted here in plain code. Every group_by under several filters.
 */
const ADVISORS = ['Alex Wong', 'Priya Shah', 'Tom Ellis', "James O'Connor", null] as const;
const NORTH = 'Home Finance North';
const TEAM: Record<string, string> = {
  'Alex Wong': NORTH,
  'Priya Shah': NORTH,
  'Tom Ellis': NORTH,
  "James O'Connor": 'Home Finance South',
};
const PRODUCTS = ['HELOC 2.0', 'Homeowner Loan', 'Debt Consolidation Loan'] as const;
const FAILS = [['FCA-DISC-02'], ['CD-01', 'CD-03'], [], ['FCA-DISC-02', 'FCA-ID-01']];

/** 30 calls over four London weeks, plus earlier analyses of two of them. */
function records(): QaRecordInput[] {
  const out: QaRecordInput[] = [];
  for (let i = 0; i < 30; i++) {
    const advisor = ADVISORS[i % 5]!;
    const day = new Date(Date.parse('2024-06-24T00:00:00Z') + ((i * 2) % 23) * 86_400_000).toISOString().slice(0, 10);
    // Either side of London midnight on Sunday 7 July (BST): 22:30Z is still that week, 23:30Z the next.
    const callAt =
      i % 11 === 0 ? null : i === 1 ? '2024-07-07T22:30:00.000Z' : i === 2 ? '2024-07-07T23:30:00.000Z' : `${day}T09:15:00.000Z`;
    const fail = [...FAILS[i % 4]!, ...(i % 7 === 0 ? ['PROD-01'] : []), ...(i % 12 === 0 ? ['VUL-01'] : [])];
    const r = qaRecordFixture({
      runId: `run-${i % 4}`,
      callId: `REC-${2000 + i}`,
      advisor,
      team: advisor ? TEAM[advisor]! : null,
      product: PRODUCTS[i % 3]!,
      callAt,
      fail,
      vulnerable: i % 6 === 0,
      runFinishedAt: '2024-07-20T10:00:00.000Z',
    });
    // A rule the store has no text for, and calls a compliance-only workflow left unscored.
    if (i % 5 === 1) r.verdicts.push({ ...r.verdicts[0]!, rule_id: 'EXTRA-01', rule: '', mandatory: false, verdict: 'fail' });
    out.push(i % 9 === 4 ? { ...r, score: null, maxScore: null, scoreDetail: null } : r);
  }
  for (const i of [3, 8]) {
    const newer = out[i]!;
    out.push(
      qaRecordFixture({ ...pick(newer), runId: 'run-old', fail: ['FCA-DISC-05', 'CD-01'], runFinishedAt: '2024-07-10T10:00:00.000Z' }),
    );
  }
  return out;
}
const pick = (r: QaRecordInput) => ({ callId: r.callId, advisor: r.advisor, team: r.team, product: r.product, callAt: r.callAt });

/** Monday (YYYY-MM-DD) of the London week of an instant. */
function mondayOf(iso: string): string {
  const day = londonDay(iso);
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

type Item = Awaited<ReturnType<typeof listQaPage>>['items'][number];

/** The groups computed here from the listed rows. */
function expectedGroups(items: Item[], stored: Map<string, QaRecordInput>, by: QaGroupBy) {
  const groups = new Map<string | null, { rows: Item[]; failed: Item[]; titles: string[] }>();
  const add = (key: string | null, row: Item, failed: boolean, title = '') => {
    const g = groups.get(key) ?? { rows: [], failed: [], titles: [] };
    g.rows.push(row);
    if (failed) g.failed.push(row);
    if (title) g.titles.push(title);
    groups.set(key, g);
  };
  for (const row of items) {
    if (by !== 'rule') {
      const key = by === 'week' ? (row.callAt ? mondayOf(row.callAt) : null) : by === 'all' ? 'all' : row[by];
      add(key, row, row.rulesFailed > 0);
      continue;
    }
    const verdicts = stored.get(`${row.runId}|${row.callId}`)!.verdicts.filter((v) => v.verdict !== 'not_applicable');
    for (const id of new Set(verdicts.map((v) => v.rule_id))) {
      const mine = verdicts.filter((v) => v.rule_id === id);
      add(
        id,
        row,
        mine.some((v) => v.verdict === 'fail'),
        mine.find((v) => v.rule)?.rule,
      );
    }
  }
  return [...groups].map(([key, g]) => {
    const scores = g.rows.flatMap((r) => (r.score === null ? [] : [r.score]));
    const sum = scores.reduce((a, b) => a + b, 0);
    return {
      key,
      calls: g.rows.length,
      scored: scores.length,
      mean_score: scores.length ? Math.round((sum * 10) / scores.length) / 10 : null,
      min_score: scores.length ? Math.min(...scores) : null,
      failed_mandatory: g.rows.filter((r) => r.failedMandatory > 0).length,
      vulnerable: g.rows.filter((r) => r.vulnerable).length,
      fails: g.failed.length,
      title: g.titles[0] ?? null,
    };
  });
}

const byKey = <T extends { key: string | null }>(xs: T[]) => [...xs].sort((a, b) => String(a.key).localeCompare(String(b.key)));

describe(`summarise_qa_results (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const stored = new Map<string, QaRecordInput>();
  const summarise = (args: Record<string, unknown>) =>
    invokeTool(summariseQaResultsTool, args, { actor: systemActor('test'), services: { config: testConfig(), db: async () => h.db } });

  async function listed(filter: QaFilter) {
    const items: Item[] = [];
    let cursor: string | undefined;
    do {
      const page = await listQaPage(h.db, { filter, sort: { by: 'call_at', dir: 'desc' }, limit: 7, ...(cursor ? { cursor } : {}) });
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return items;
  }

  beforeAll(async () => {
    h = await createTestDatabase();
    const all = records();
    for (const r of all) stored.set(`${r.runId}|${r.callId}`, r);
    await upsertQaRecords(h.db, all);
  });
  afterAll(() => h.dispose());

  const FILTERS: QaFilter[] = [
    {},
    { advisor: 'alex wong' },
    { team: 'Home Finance North', from: '2024-07-01', to: '2024-07-14' },
    { include_earlier: true },
    { rule_id: 'FCA-DISC-02' },
    { failed_mandatory: true, vulnerable: false },
    { product: 'Nothing Sold' },
  ];
  for (const by of QA_GROUPS) {
    it(`per ${by}: the numbers equal a direct computation over the listed rows, under every filter`, async () => {
      for (const filter of FILTERS) {
        const items = await listed(filter);
        const r = await summarise({ filter, group_by: by, limit: 1000 });
        if (r.status !== 'ok') throw new Error(r.error);
        const expected = expectedGroups(items, stored, by);
        const got = r.groups.map(({ label: _l, category: _c, mandatory: _m, rule_fails: ruleFails, ...g }) => {
          expect(ruleFails).toBeNull();
          return g;
        });
        const label = JSON.stringify(filter);
        expect(byKey(got), label).toEqual(byKey(expected.map(({ title: _t, ...g }) => g)));
        expect(r.total_calls, label).toBe(items.length);
        expect(r.total_groups, label).toBe(expected.length);
        if (by === 'rule') {
          for (const g of r.groups) {
            const title = expected.find((e) => e.key === g.key)!.title;
            expect(g.label).toBe(title ? `${g.key}: ${title}` : g.key);
          }
        }
      }
    });
  }

  it('answers "which rule fails most" and "which advisor scores lowest", ordered, limited and labelled', async () => {
    const rules = await summarise({ group_by: 'rule', limit: 3 });
    if (rules.status !== 'ok') throw new Error(rules.error);
    expect(rules.groups).toHaveLength(3);
    expect(rules.groups[0]).toMatchObject({
      key: 'FCA-DISC-02',
      label: 'FCA-DISC-02: State the repossession risk warning for lending secured on the home.',
    });
    expect(rules.groups.map((g) => g.fails)).toEqual([...rules.groups.map((g) => g.fails)].sort((a, b) => b - a));
    expect(rules.total_groups).toBeGreaterThan(3);
    expect(rules.what).toContain('calls that failed the rule');

    const all = await summarise({ group_by: 'advisor' });
    const lowest = await summarise({ group_by: 'advisor', order: 'mean_score_asc', limit: 1 });
    if (all.status !== 'ok' || lowest.status !== 'ok') throw new Error('summary failed');
    const means = all.groups.flatMap((g) => (g.mean_score === null ? [] : [g.mean_score]));
    expect(lowest.groups[0]!.mean_score).toBe(Math.min(...means));
    expect(all.groups.find((g) => g.key === null)).toMatchObject({ label: 'No advisor recorded' });

    for (const order of ['mean_score_desc', 'fails_desc', 'calls_desc'] as const) {
      const r = await summarise({ group_by: 'team', order });
      if (r.status !== 'ok') throw new Error(r.error);
      const field = order === 'mean_score_desc' ? 'mean_score' : order === 'fails_desc' ? 'fails' : 'calls';
      const values = r.groups.map((g: QaGroup) => g[field] ?? -Infinity);
      expect(values, order).toEqual([...values].sort((a, b) => b - a));
    }
  });

  it('groups weeks by the Monday of the London week, in date order, the undated calls last', async () => {
    const r = await summarise({ group_by: 'week', filter: { advisor: 'Priya Shah' } });
    if (r.status !== 'ok') throw new Error(r.error);
    const keys = r.groups.map((g) => g.key);
    expect(keys.filter((k) => k !== null)).toEqual([...keys.filter((k) => k !== null)].sort());
    const twoSides = await summarise({ group_by: 'week', filter: { call_id: 'REC-2001' } });
    const nextWeek = await summarise({ group_by: 'week', filter: { call_id: 'REC-2002' } });
    if (twoSides.status !== 'ok' || nextWeek.status !== 'ok') throw new Error('summary failed');
    expect(twoSides.groups).toMatchObject([{ key: '2024-07-01', label: 'Week of 1 Jul 2024', calls: 1 }]);
    expect(nextWeek.groups).toMatchObject([{ key: '2024-07-08', label: 'Week of 8 Jul 2024', calls: 1 }]);
    const undated = await summarise({ group_by: 'week', filter: { call_id: 'REC-2000' } });
    expect(undated).toMatchObject({ status: 'ok', groups: [{ key: null, label: 'No call date', calls: 1 }] });
  });

  it('rule_ids: per advisor, the calls failing one of those rules and their failures; rule groups say category and mandatory', async () => {
    const ids = ['FCA-DISC-02', 'FCA-DISC-05'];
    const filter = { team: 'Home Finance North' };
    const r = await summarise({ filter, group_by: 'advisor', rule_ids: ids, limit: 1000 });
    if (r.status !== 'ok') throw new Error(r.error);
    const items = await listed(filter);
    for (const g of r.groups) {
      const mine = items.filter((i) => i.advisor === g.key);
      const failing = mine.filter((i) => i.failedRuleIds.some((f) => ids.includes(f)));
      expect(g.fails, String(g.key)).toBe(failing.length);
      expect(g.rule_fails, String(g.key)).toBe(mine.reduce((n, i) => n + i.failedRuleIds.filter((f) => ids.includes(f)).length, 0));
      expect(g.calls).toBe(mine.length);
    }
    expect(r.groups.some((g) => g.fails > 0)).toBe(true);
    const rules = await summarise({ filter, group_by: 'rule', rule_ids: ids, limit: 1000 });
    if (rules.status !== 'ok') throw new Error(rules.error);
    expect(rules.groups.map((g) => g.key).sort()).toEqual(ids);
    expect(rules.groups[0]).toMatchObject({ category: 'mandatory_disclosure', mandatory: true });
    const all = await summarise({ filter, group_by: 'all' });
    expect(all).toMatchObject({
      status: 'ok',
      groups: [{ key: 'all', label: 'All calls', calls: items.length }],
      total_calls: items.length,
    });
    expect(await summarise({ group_by: 'advisor', rule_ids: [] })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });

  it('refuses a bad group, order or filter with invalid_input', async () => {
    expect(await summarise({ group_by: 'customer' })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await summarise({ group_by: 'rule', order: 'worst' })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await summarise({ group_by: 'rule', filter: { from: '2024-07-08', to: '2024-07-01' } })).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      error: expect.stringContaining('from is after to'),
    });
  });
});

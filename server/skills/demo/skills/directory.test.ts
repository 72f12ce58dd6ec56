import { describe, expect, it } from 'vitest';
import { londonDay } from '../../../../lib/uk-time.ts';
import { demoDataset } from '../dataset/generate.ts';
import { callDemoTool } from './catalog.ts';
import { countCalls, listAdvisors, listProducts } from './directory.ts';
import { runSkillTool } from './envelope.ts';
import { getApplicationsByAdvisor, getRecordingsByApplicationIds } from './records.ts';

const run = runSkillTool;
const week = { start_date: '2024-07-01', end_date: '2024-07-07' };
type Count = {
  calls: number;
  applications: number;
  by_advisor: Array<{ name: string; calls: number; recorded_in_period: number }>;
  unknown_advisors: string[];
  recorded_in_period: number;
  earliest_opened: string | null;
};
const count = (args: Record<string, unknown>) => {
  const r = run(countCalls, args);
  if (!r.ok) throw new Error(r.summary);
  return r.data as unknown as Count;
};

/** What a review run over the period finds for one advisor: its applications, then their recordings. */
function runFinds(advisor_name: string | undefined, period: { start_date: string; end_date: string }) {
  const apps = run(getApplicationsByAdvisor, { ...(advisor_name ? { advisor_name } : {}), ...period });
  const ids = (apps.data as { ids: string[] }).ids;
  const recs = run(getRecordingsByApplicationIds, { application_ids: ids });
  return { applications: ids.length, calls: (recs.data as { recordings: unknown[] }).recordings.length };
}

describe('list_advisors', () => {
  it('lists the eight advisors with their ids and teams, and both teams', () => {
    const r = run(listAdvisors, {});
    expect(r.ok).toBe(true);
    const data = r.data as { advisors: Array<{ advisor_id: string; name: string; team: string }>; teams: string[] };
    expect(data.advisors).toHaveLength(8);
    expect(data.advisors[0]).toEqual({ advisor_id: 'ADV-001', name: 'Alex Wong', team: 'Home Finance North' });
    expect(data.advisors.map((a) => a.name)).toContain("James O'Connor");
    expect(data.teams).toEqual(['Home Finance North', 'Home Finance South']);
    expect(r.summary).toBe('8 advisors in 2 teams.');
  });

  it('narrows to one team named in any case, still listing every team; an unknown team is TeamNotFound', () => {
    const r = run(listAdvisors, { team: ' home finance south' });
    const data = r.data as { advisors: Array<{ team: string }>; teams: string[] };
    expect(data.advisors.map((a) => a.team)).toEqual(Array(4).fill('Home Finance South'));
    expect(data.teams).toHaveLength(2);
    expect(run(listAdvisors, { team: 'Mortgages' })).toMatchObject({
      ok: false,
      data: { error: { type: 'TeamNotFound', message: expect.stringContaining('Home Finance North') } },
    });
    expect(run(listAdvisors, { team: 7 }).data).toMatchObject({ error: { type: 'InvalidArguments' } });
  });
});

describe('list_products', () => {
  it('lists every product of the applications with its number of applications, by name', () => {
    const data = run(listProducts, {}).data as { products: Array<{ name: string; applications: number }> };
    expect(data.products.map((p) => p.name)).toEqual(['Debt Consolidation Loan', 'HELOC 2.0', 'Homeowner Loan']);
    const apps = demoDataset().applications;
    for (const p of data.products) expect(p.applications, p.name).toBe(apps.filter((a) => a.product === p.name).length);
    expect(data.products.reduce((n, p) => n + p.applications, 0)).toBe(apps.length);
  });
});

describe('count_calls', () => {
  it("counts what a review run finds: Alex Wong's first week has four calls on three applications", () => {
    expect(count({ advisor_names: ['alex wong'], ...week })).toEqual({
      calls: 4,
      applications: 3,
      by_advisor: [{ name: 'Alex Wong', calls: 4, recorded_in_period: 4 }],
      unknown_advisors: [],
      recorded_in_period: 4,
      earliest_opened: '2024-07-01',
    });
    expect(runFinds('Alex Wong', week)).toEqual({ calls: 4, applications: 3 });
  });

  it('equals the applications-then-recordings chain for every advisor and for everyone over other periods', () => {
    const periods = [
      { start_date: '2024-06-01', end_date: '2024-06-30' },
      { start_date: '2024-08-01', end_date: '2024-08-14' },
    ];
    for (const period of periods) {
      const all = count(period);
      expect(all.by_advisor.map((a) => a.name)).toEqual(demoDataset().advisors.map((a) => a.name));
      expect({ calls: all.calls, applications: all.applications }).toEqual(runFinds(undefined, period));
      for (const { name, calls } of all.by_advisor) expect(calls, `${name} ${period.start_date}`).toBe(runFinds(name, period).calls);
      expect(all.calls).toBeGreaterThan(0);
    }
  });

  it("lists unknown names instead of failing, keeping the known names' counts, in the order given", () => {
    const r = run(countCalls, { advisor_names: ['Priya Shah', 'John Smith', 'alex wong', 'john smith'], ...week });
    expect(r.ok).toBe(true);
    const data = r.data as unknown as Count;
    expect(data.unknown_advisors).toEqual(['John Smith']);
    expect(data.by_advisor.map((a) => a.name)).toEqual(['Priya Shah', 'Alex Wong']);
    expect(data.calls).toBe(runFinds('Priya Shah', week).calls + 4);
    expect(r.summary).toContain('Unknown advisors: John Smith.');
    expect(count({ advisor_names: ['Nobody'], ...week })).toEqual({
      calls: 0,
      applications: 0,
      by_advisor: [],
      unknown_advisors: ['Nobody'],
      recorded_in_period: 0,
      earliest_opened: null,
    });
  });

  it('counts the calls recorded in the period by call date too, with the earliest opening day of their applications', () => {
    const { recordings, applications } = demoDataset();
    const opened = new Map(applications.map((a) => [a.application_id, a.opened_on]));
    const inWeek = recordings.filter((r) => londonDay(r.recorded_at) >= week.start_date && londonDay(r.recorded_at) <= week.end_date);
    const all = count(week);
    expect(all.recorded_in_period).toBe(inWeek.length);
    expect(all.by_advisor.reduce((n, a) => n + a.recorded_in_period, 0)).toBe(inWeek.length);
    expect(all.earliest_opened).toBe(inWeek.map((r) => opened.get(r.application_id)!).sort()[0]);
    expect(all.earliest_opened! < week.start_date).toBe(true); // a call of an application opened the week before
  });

  it("narrows the calls recorded in the period by product too (the dashboard's coverage per product)", () => {
    const { recordings, applications } = demoDataset();
    const product = new Map(applications.map((a) => [a.application_id, a.product]));
    const july = { start_date: '2024-07-01', end_date: '2024-07-31' };
    const inJuly = recordings.filter((r) => londonDay(r.recorded_at) >= july.start_date && londonDay(r.recorded_at) <= july.end_date);
    for (const name of ['HELOC 2.0', 'Homeowner Loan', 'Debt Consolidation Loan']) {
      const expected = inJuly.filter((r) => product.get(r.application_id) === name).length;
      expect(count({ product: name.toLowerCase(), ...july }).recorded_in_period, name).toBe(expected);
      expect(expected, name).toBeGreaterThan(0);
    }
  });

  it('narrows by team and by product; named advisors outside the team are left out and said so', () => {
    const north = count({ team: 'Home Finance North', start_date: '2024-07-01', end_date: '2024-07-31' });
    expect(north.by_advisor.map((a) => a.name)).toEqual(['Alex Wong', 'Priya Shah', 'Tom Ellis', 'Maria Garcia']);
    const julyApps = demoDataset().applications.filter((a) => a.opened_on.startsWith('2024-07'));
    const northIds = new Set(['ADV-001', 'ADV-002', 'ADV-003', 'ADV-004']);
    expect(north.applications).toBe(julyApps.filter((a) => northIds.has(a.advisor_id)).length);

    const heloc = count({ product: 'heloc 2.0', start_date: '2024-06-01', end_date: '2024-06-30' });
    expect(heloc).toMatchObject({ calls: 0, applications: 0 }); // HELOC 2.0 is sold from July on
    const julyHeloc = count({ product: 'HELOC 2.0', start_date: '2024-07-01', end_date: '2024-07-31' });
    expect(julyHeloc.applications).toBe(julyApps.filter((a) => a.product === 'HELOC 2.0').length);

    const mixed = run(countCalls, { advisor_names: ['Alex Wong', "James O'Connor"], team: 'Home Finance North', ...week });
    expect((mixed.data as unknown as Count).by_advisor.map((a) => a.name)).toEqual(['Alex Wong']);
    expect(mixed.summary).toContain("Not in Home Finance North: James O'Connor.");
  });

  it('refuses a reversed or malformed period, an empty name list, an unknown team or product', () => {
    const type = (args: Record<string, unknown>) => (run(countCalls, args).data as { error?: { type: string; message: string } }).error;
    expect(type({ start_date: '2024-07-07', end_date: '2024-07-01' })).toEqual({
      type: 'InvalidArguments',
      message: 'start_date 2024-07-07 is after end_date 2024-07-01',
      retryable: false,
    });
    expect(type({ start_date: '2024-02-30', end_date: '2024-03-07' })?.type).toBe('InvalidArguments');
    expect(type({ start_date: '1 July', end_date: '2024-07-07' })?.type).toBe('InvalidArguments');
    expect(type({ end_date: '2024-07-07' })?.type).toBe('InvalidArguments');
    expect(type({ advisor_names: [], ...week })?.type).toBe('InvalidArguments');
    expect(type({ advisor_names: 'Alex Wong', ...week })?.type).toBe('InvalidArguments');
    expect(type({ team: 'Nowhere', ...week })?.type).toBe('TeamNotFound');
    expect(type({ product: 'Bridging Loan', ...week })).toMatchObject({
      type: 'ProductNotFound',
      message: expect.stringContaining('HELOC 2.0'),
    });
  });

  it('is served under the crm-directory manifest in process', () => {
    const r = callDemoTool('skill://crm-directory@1.0.0#count_calls', { advisor_names: ['Alex Wong'], ...week });
    expect(r).toMatchObject({ ok: true, data: { calls: 4 } });
    expect(callDemoTool('skill://crm-directory@1.0.0#list_products', {}).ok).toBe(true);
  });
});

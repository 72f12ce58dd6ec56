import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { rowsOf } from '../db/rows.ts';
import { stopInProcessDemoServer } from '../skills/invoke/in-process-demo.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import type { DashboardFilter } from '../contracts/dashboard-schemas.ts';
import { rebuildDashboardRollups } from './rebuild.ts';
import { CLOCK, NORTH, seedDashboard, type Seeded } from './testing/dashboard-data.ts';
import { expectedCompliance, expectedCoverage, expectedCustomers, expectedQaTrends } from './testing/reference.ts';

/**
 * The dashboard's QA widgets, through their tools in the registry, against a direct computation
 * in plain TypeScript over the same stored rows (testing/reference.ts), under several filters;
 * the rollups rebuilt from scratch equal those the triggers kept; one tRPC call per procedure as
 * a stakeholder. Coverage's CRM figure has its own test (coverage-crm.int.test.ts).
 */
const ALL = { from: '2024-03-01', to: '2024-04-30' };
const FILTERS: DashboardFilter[] = [
  {},
  ALL,
  { ...ALL, advisor: 'alex wong' },
  { ...ALL, team: 'home finance south' },
  { ...ALL, product: 'HELOC 2.0' },
  { from: '2024-03-20', to: '2024-04-03' },
  { ...ALL, advisor: 'Tom Ellis', product: 'homeowner loan' },
  { from: '2023-12-01', to: '2024-01-31' },
  { team: NORTH, to: '2024-04-07' },
  { product: 'Nothing Sold' },
];
/** The period each filter means: `to` defaults to the clock's day, `from` to 83 days before `to`. */
function periodOf(f: DashboardFilter) {
  const to = f.to ?? CLOCK;
  return { from: f.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 83 * 86_400_000).toISOString().slice(0, 10), to };
}

describe(`dashboard QA widgets (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let seeded: Seeded;
  const config = testConfig({ DCF_CLOCK: CLOCK });
  const services = () => ({ config, db: async () => h.db });
  const invoke = (name: string, args: unknown) => invokeTool(findTool(name)!, args, { actor: systemActor('test'), services: services() });
  const tool = async (name: string, filter: DashboardFilter) => {
    const r = (await invoke(name, filter)) as Record<string, unknown>;
    if (r.status !== 'ok') throw new Error(`${name}: ${String(r.error)}`);
    const { status: _s, error: _e, what, ...figures } = r;
    expect(what, name).toMatch(/^Calls from \d+ \w+ \d{4} to \d+ \w+ \d{4} \(Europe\/London days\)/);
    // Shown to stakeholders under each section: words, not field names ("team_mean", "pass_rate").
    expect(String(what), name).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    return figures;
  };

  beforeAll(async () => {
    h = await createTestDatabase();
    seeded = await seedDashboard(h.db);
  });
  afterAll(async () => {
    await stopInProcessDemoServer();
    await h.dispose();
  });

  it('the seed holds what the filters need: earlier analyses, undated calls, both sides of the clock change', () => {
    expect(seeded.rows.filter((r) => !r.latest).length).toBeGreaterThanOrEqual(4);
    expect(seeded.rows.some((r) => r.callAt === null)).toBe(true);
    expect(seeded.actions.length).toBeGreaterThan(8);
    expect(seeded.rows.filter((r) => r.latest && r.reviewStatus !== 'unreviewed').length).toBeGreaterThanOrEqual(3);
  });

  it('get_qa_trends equals the direct computation under every filter', async () => {
    for (const f of FILTERS) {
      expect(await tool('get_qa_trends', f), JSON.stringify(f)).toEqual(expectedQaTrends(seeded.rows, f, periodOf(f)));
    }
    const alex = (await tool('get_qa_trends', { ...ALL, advisor: 'alex wong' })) as { advisors: unknown[]; team: unknown[]; calls: number };
    expect(alex.advisors).toHaveLength(1);
    expect(alex.team.length).toBeGreaterThan(4);
  });

  it('get_compliance_overview equals the direct computation under every filter', async () => {
    for (const f of FILTERS) {
      expect(await tool('get_compliance_overview', f), JSON.stringify(f)).toEqual(expectedCompliance(seeded.rows, f, periodOf(f)));
    }
    const all = (await tool('get_compliance_overview', ALL)) as { rules: Array<{ rule_id: string; mandatory: boolean; title: string }> };
    expect(all.rules.find((r) => r.rule_id === 'CD-03')?.mandatory).toBe(true);
    expect(all.rules.find((r) => r.rule_id === 'EXTRA-01')?.title).toBe('');
  });

  it('get_customer_outcomes equals the direct computation under every filter', async () => {
    for (const f of FILTERS) {
      expect(await tool('get_customer_outcomes', f), JSON.stringify(f)).toEqual(expectedCustomers(seeded.rows, f, periodOf(f)));
    }
  });

  it('get_review_coverage: analysed, review states and agreement equal the direct computation', async () => {
    for (const f of FILTERS) {
      type Weeks = { weeks: Array<{ week: string; analysed: number }> };
      const { recorded: _r, recorded_note: _n, weeks, ...rest } = (await tool('get_review_coverage', f)) as Record<string, unknown> & Weeks;
      const { weeks: expectedWeeks, ...expected } = expectedCoverage(seeded.rows, seeded.actions, f, periodOf(f));
      expect(rest, JSON.stringify(f)).toEqual(expected);
      const analysed = weeks.filter((w) => w.analysed > 0).map(({ week, analysed: n }) => ({ week, analysed: n }));
      expect(analysed, JSON.stringify(f)).toEqual(expectedWeeks);
    }
    const all = (await tool('get_review_coverage', ALL)) as { agreement: { rule_decisions: number; score_overridden: number } };
    // Three current rule decisions (a changed mind counts once; one on an earlier analysis and one on a deleted result do not).
    expect(all.agreement).toMatchObject({ rule_decisions: 3, rule_agreed: 2, score_decisions: 3, score_overridden: 2 });
  });

  it('rebuilt from qa_results in one statement, the rollups equal what the triggers kept', async () => {
    const TABLES = ['qa_daily_calls', 'qa_daily_rules', 'qa_daily_team_rules'];
    const nonZero = (t: string) => `${t === 'qa_daily_calls' ? 'calls' : 'applied'} <> 0`;
    const snapshot = () =>
      Promise.all(
        TABLES.map(async (t) =>
          rowsOf<Record<string, unknown>>(
            await h.db.execute(sql.raw(`select * from ${t} where ${nonZero(t)} order by 1, 2, 3, 4, 5, 6, 7`)),
          ),
        ),
      );
    const kept = await snapshot();
    expect(kept[0]!.length).toBeGreaterThan(10);
    await rebuildDashboardRollups(h.db);
    expect(await snapshot()).toEqual(kept);
  });

  it('refuses a reversed period or an unknown field with invalid_input', async () => {
    const call = (args: unknown) => invoke('get_qa_trends', args);
    expect(await call({ from: '2024-04-08', to: '2024-04-01' })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await call({ rule_id: 'CD-01' })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });

  it("serves every dashboard procedure to a stakeholder, with the tools' figures", async () => {
    const board = { email: 'board@dashboard.test', displayName: 'Board', role: 'stakeholder' as const, password: 'a-long-password-1' };
    const made = await createUser(h.db, board);
    if (!made.ok) throw new Error(made.reason);
    const stakeholder: PublicUser = made.user;
    const { caller } = callerFor(h.db, stakeholder, { services: services() });
    const f = { ...ALL, team: NORTH };
    expect(await caller.dashboard.qaTrends(f)).toMatchObject({ status: 'ok', ...expectedQaTrends(seeded.rows, f, periodOf(f)) });
    expect(await caller.dashboard.compliance(f)).toMatchObject({ status: 'ok', ...expectedCompliance(seeded.rows, f, periodOf(f)) });
    expect(await caller.dashboard.customers(f)).toMatchObject({ status: 'ok', ...expectedCustomers(seeded.rows, f, periodOf(f)) });
    const { weeks: _w, ...coverage } = expectedCoverage(seeded.rows, seeded.actions, f, periodOf(f));
    expect(await caller.dashboard.coverage(f)).toMatchObject({ status: 'ok', ...coverage });
    expect(await caller.dashboard.operations({ days: 7 })).toMatchObject({ status: 'ok', totals: { runs: 0 } });
  });
});

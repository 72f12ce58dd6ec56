import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../testing/test-database.ts';
import { worldData } from '../../../skills/demo/dataset/generate.ts';
import { SECOND_LENDER_WORLD } from '../../../skills/demo/worlds/index.ts';
import { PlannerScenario } from './testing/scenario-harness.ts';
import { eq } from 'drizzle-orm';
import { qaResults } from '../../../db/schema/index.ts';
import { drainQaResults } from '../../../execution/qa-publish.ts';
import { loadRuleSet } from '../../../skills/demo/skills/compliance-rules.ts';
import { DEMO_WORLD } from '../../../skills/demo/worlds/index.ts';

/**
 * The Planner against a second lender (Aldermoor, server/skills/demo/worlds/second-lender.ts):
 * other people, products, id formats and dates, served by its own demo skills server. A review of
 * one of its advisors for a month of its range runs end to end on the seeded catalog, and what the
 * Planner says comes from that lender's data.
 */
const CLOCK = 'Today is 2025-04-07T09:00:00Z (Monday).';
const { dataset } = worldData(SECOND_LENDER_WORLD);

describe(`the Planner on a second lender's CRM (${testDbKind()})`, { timeout: 300_000 }, () => {
  let s: PlannerScenario;
  beforeAll(async () => {
    s = await PlannerScenario.start({ seed: true, world: 'second-lender', clock: CLOCK });
  });
  afterAll(async () => s.close());

  it("reviews Rhys ap Gwilym's calls for March 2025: resolved against its CRM, counted, piloted on one of its calls", async () => {
    const rhys = dataset.advisors.find((a) => a.name === 'Rhys ap Gwilym')!;
    const march = dataset.applications.filter(
      (a) => a.advisor_id === rhys.advisor_id && a.opened_on >= '2025-03-01' && a.opened_on <= '2025-03-31',
    );
    const calls = dataset.recordings.filter((r) => march.some((a) => a.application_id === r.application_id));
    expect(calls.length).toBeGreaterThan(0);

    const planner = await s.planner();
    const t1 = await s.say(planner, 'Could you review the quality of Rhys ap Gwilym’s calls for March 2025?');
    expect(t1.errors).toEqual([]);
    expect(t1.reply).toContain('Rhys ap Gwilym');
    const t2 = await s.say(planner, 'yes please');
    expect(t2.errors).toEqual([]);
    const started = t2.calls.find((c) => c.name === 'start_workflow_run');
    expect(started?.args.input).toEqual({ advisor_name: 'Rhys ap Gwilym', start_date: '2025-03-01', end_date: '2025-03-31' });
    const first = [...calls].sort(
      (a, b) =>
        march.findIndex((x) => x.application_id === a.application_id) - march.findIndex((x) => x.application_id === b.application_id) ||
        a.recorded_at.localeCompare(b.recorded_at),
    )[0]!;
    expect(t2.reply).toContain(first.recording_id);
    expect(t2.reply).not.toMatch(/REC-\d|Selina|HELOC/);

    // The seeded workflow checked the call against the lender's own rule set, read from its CRM (list_products),
    // not the demo's: the run's input carries it, the QA result names it, and its verdicts are that CSV's rules.
    const runId = String(t2.returns.find((r) => r.name === 'start_workflow_run')?.result.run_id);
    const run = await s.tool('get_workflow_run', { run_id: runId });
    expect(JSON.stringify(run)).toContain(`"rule_set_id":"${SECOND_LENDER_WORLD.ruleSetId}"`);
    let rows: Array<typeof qaResults.$inferSelect> = [];
    for (let i = 0; i < 100 && !rows.length; i++) {
      await drainQaResults(s.h.x.redis, s.db.db, 'test');
      rows = await s.db.db.select().from(qaResults).where(eq(qaResults.runId, runId));
      if (!rows.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows.map((r) => r.callId)).toEqual([first.recording_id]);
    const [result] = rows;
    expect(result!.provenance.rule_set_id).toBe(SECOND_LENDER_WORLD.ruleSetId);
    const own = loadRuleSet(SECOND_LENDER_WORLD.ruleSetId);
    const demoOnly = loadRuleSet(DEMO_WORLD.ruleSetId).filter((r) => !own.some((o) => o.rule_id === r.rule_id));
    expect(demoOnly.length).toBeGreaterThan(0);
    expect(result!.verdicts.map((v) => v.rule_id).sort()).toEqual(own.map((r) => r.rule_id).sort());
    expect(result!.verdicts.map((v) => v.rule_id)).toEqual(expect.arrayContaining(['PROD-GR-01', 'PROD-SO-01', 'PROD-BR-01']));
    expect(result!.verdicts.filter((v) => demoOnly.some((d) => d.rule_id === v.rule_id))).toEqual([]);
    // The firm-name rule is Aldermoor's: its advisor introduces themselves from Aldermoor Building Society.
    expect(result!.verdicts.find((v) => v.rule_id === 'FCA-ID-01')?.verdict).toBe('pass');

    // Asked as typed, over that one stored result: the period said back as the console writes it, and a
    // ranking on one call stated but marked thin (lib/min-sample.ts, the dashboard's words).
    const t3 = await s.say(await s.planner(), 'who scored lowest in march 2025?');
    expect(t3.errors).toEqual([]);
    expect(t3.reply).toContain('The advisor with the lowest mean QA score in March 2025 (1–31 Mar 2025) is **Rhys ap Gwilym**');
    expect(t3.reply).toContain('over 1 analysed call — too few calls to read much into (a ranking needs 10).');
    expect(t3.reply).toMatch(/\| Rhys ap Gwilym \| 1 \| [\d.]+\/100 \(thin\) \|/);
  });
});

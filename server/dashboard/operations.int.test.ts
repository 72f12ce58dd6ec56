import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureCauseOfText } from '../../lib/failure-cause.ts';
import { londonDay } from '../../lib/uk-time.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import type { Episode, EpisodeState, KnowledgeGraph, TaskEpisode } from '../graph/port.ts';
import { createPostgresGraph } from '../graph/postgres/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { getOperationsOverviewTool } from '../tools/dashboard/get-operations-overview.ts';
import { invokeTool } from '../tools/invoke.ts';
import { operationsOverview } from './operations.ts';
import { operationsSchema, type OperationsOverview } from '../contracts/dashboard-schemas.ts';

/**
 * The Operations widget against a direct computation: episodes and delegated tasks are recorded
 * through the knowledge-graph port (the Postgres adapter on this suite's database), then every
 * figure the widget gives must equal what plain TypeScript computes over the same episodes. The
 * window ends on 10 Nov 2024 and so crosses the end of British Summer Time (27 Oct 2024).
 */

const NOW = new Date('2024-11-10T12:00:00.000Z');
const DAY = 86_400_000;
const SKILLS = ['whisper', 'assemblyai', 'crm', 'scoring', 'summary'].map((n) => `skill://${n}@1.0.0`);
const [WHISPER, ASSEMBLY, CRM, SCORING, SUMMARY] = SKILLS as [string, string, string, string, string];
const CAPABILITIES = new Map([
  [WHISPER, 'transcription'],
  [ASSEMBLY, 'transcription'],
  [SCORING, 'scoring'],
]);
/** Two of the skill's own, two of the caller's (lib/failure-cause.ts). */
const ERRORS = ['TimeoutError: 120 s', 'AdvisorNotFound: no advisor named "Jo"', 'SkillError: upstream 503', 'InvalidArguments: bad'];

/** A small deterministic generator (no Math.random: a failure must be reproducible). */
function lcg(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((x / 2_147_483_648) * n); // the high bits: the low ones of this generator cycle
  };
}

function fixture(): { episodes: Episode[]; tasks: TaskEpisode[] } {
  const r = lcg(16);
  const statuses: Array<Episode['status']> = ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'];
  const iso = (t: number) => new Date(t).toISOString();
  const since30 = NOW.getTime() - 30 * DAY;
  // Every ~13 hours back over 40 days, plus edge cases: the window's first instant and the one
  // before it, 23:30 UTC in summer time (the next London day) and in winter time (the same day).
  const ends = Array.from({ length: 75 }, (_, i) => NOW.getTime() - i * 13 * 3_600_000 - r(3_600_000));
  ends.push(since30, since30 - 1, Date.parse('2024-10-26T23:30:00.000Z'), Date.parse('2024-10-27T23:30:00.000Z'), NOW.getTime());
  const episodes = ends.map((end, i): Episode => {
    const states: EpisodeState[] = [];
    for (let k = r(4); k > 0; k--) {
      const skill = SKILLS[r(SKILLS.length)]!;
      const failed = r(4) === 0;
      const latency = r(6) === 0 ? null : r(20_000) + r(10) / 10;
      const error = failed ? ERRORS[r(ERRORS.length)]! : null;
      states.push({ state: `S${states.length}`, skill, outcome: failed ? 'failure' : 'success', latency_ms: latency, error, attempts: 1 });
      if (failed && skill === WHISPER) {
        // Scenario 3: the failed transcription retried on another skill, which records the swap.
        const swap = {
          skill: ASSEMBLY,
          outcome: 'success' as const,
          latency_ms: r(5_000),
          error: null,
          attempts: 1,
          swapped_from: WHISPER,
        };
        states.push({ state: `S${states.length - 1}`, ...swap });
      }
    }
    states.push({ state: 'Route', skill: null, outcome: 'success', latency_ms: null, error: null, attempts: 1 });
    return {
      run_id: `run-${String(i).padStart(3, '0')}`,
      workflow_id: 'standard',
      workflow_version: '1.0.0',
      workflow_name: 'Standard',
      status: statuses[i % statuses.length]!,
      started_at: iso(end - 1_000 - r(600_000)),
      finished_at: iso(end),
      states,
    };
  });
  const tasks = [3, 12, 29, 31].map((daysAgo, i): TaskEpisode => {
    const at = iso(NOW.getTime() - daysAgo * DAY + 3_600_000);
    const error = i % 2 ? 'TimeoutError' : null;
    return {
      session_id: 'session-1',
      task_id: `task-${i}`,
      companion_id: 'companion-1',
      status: error ? 'failed' : 'succeeded',
      duration_s: 3,
      error,
      completed_at: at,
      uses: [{ skill: SUMMARY, step: 'summarise', outcome: error ? 'failure' : 'success', latency_ms: 700 + i, error, at }],
    };
  });
  return { episodes, tasks };
}

/** percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  const pos = p * (v.length - 1);
  const lo = Math.floor(pos);
  return v[lo]! + (v[Math.ceil(pos)]! - v[lo]!) * (pos - lo);
}

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

/** The widget computed directly from the episodes: what the graph's figures must equal. */
function direct(episodes: Episode[], tasks: TaskEpisode[], now: Date, days: number): Omit<OperationsOverview, 'what'> {
  const since = new Date(now.getTime() - days * DAY);
  const stateUse = (e: Episode, skill: string, s: EpisodeState) => ({ ...s, skill, at: e.finished_at, swapped: !!s.swapped_from });
  const within = (iso: string) => Date.parse(iso) >= since.getTime() && Date.parse(iso) <= now.getTime();
  const runs = episodes.filter((e) => within(e.finished_at));
  const uses = [
    ...episodes.flatMap((e) => e.states.flatMap((s) => (s.skill === null ? [] : [stateUse(e, s.skill, s)]))),
    ...tasks.flatMap((t) => t.uses.map((u) => ({ ...u, swapped: false }))),
  ]
    .filter((u) => within(u.at))
    .map((u) => ({ ...u, outcome: u.outcome === 'failure' && failureCauseOfText(u.error) === 'caller' ? 'caller_error' : u.outcome }));
  const duration = (e: Episode) => Date.parse(e.finished_at) - Date.parse(e.started_at);
  const runFigures = (rs: Episode[]) => ({
    runs: rs.length,
    succeeded: rs.filter((e) => e.status === 'SUCCEEDED').length,
    failed: rs.filter((e) => e.status !== 'SUCCEEDED').length,
    p50_ms: percentile(rs.map(duration), 0.5),
    p95_ms: percentile(rs.map(duration), 0.95),
  });
  const useFigures = (us: typeof uses) => ({ skill_calls: us.length, swaps: us.filter((u) => u.swapped).length });
  const dayKeys = [...new Set([...runs.map((e) => londonDay(e.finished_at)), ...uses.map((u) => londonDay(u.at))])].sort();
  const skills = [...new Set(uses.map((u) => u.skill))].map((skill) => {
    const own = uses.filter((u) => u.skill === skill);
    const counted = own.filter((u) => u.outcome !== 'caller_error');
    const n_success = counted.filter((u) => u.outcome === 'success').length;
    const latencies = counted.flatMap((u) => (u.latency_ms === null ? [] : [Math.round(u.latency_ms)]));
    return {
      skill,
      capability: CAPABILITIES.get(skill) ?? null,
      n_success,
      n_failures: counted.length - n_success,
      n_caller_errors: own.length - counted.length,
      success_rate: rate(n_success, counted.length),
      p95_latency_ms: percentile(latencies, 0.95),
      // Least reliable first by the exact rate (the rounded one can tie); no rate (caller errors only) last.
      order: counted.length ? n_success / counted.length : 2,
    };
  });
  skills.sort((a, b) => a.order - b.order || b.n_failures - a.n_failures || (a.skill < b.skill ? -1 : 1));
  const total = runFigures(runs);
  return {
    since: since.toISOString(),
    days: dayKeys.map((day) => ({
      day,
      ...runFigures(runs.filter((e) => londonDay(e.finished_at) === day)),
      ...useFigures(uses.filter((u) => londonDay(u.at) === day)),
    })),
    totals: {
      ...total,
      success_rate: rate(total.succeeded, total.runs),
      ...useFigures(uses),
      caller_errors: uses.filter((u) => u.outcome === 'caller_error').length,
    },
    skills: skills.map(({ order: _order, ...s }) => s),
  };
}

/** Percentiles are interpolated in floating point on both sides: compared to 6 decimals. */
const sixDecimals = (x: unknown) => JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)));

describe(`operations overview (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let graph: KnowledgeGraph;
  const { episodes, tasks } = fixture();

  beforeAll(async () => {
    h = await createTestDatabase();
    graph = createPostgresGraph(h.db, { now: () => NOW });
    for (const [uri, capability] of CAPABILITIES) {
      await graph.upsertSkill({ uri, name: uri.slice(8, -6), version: '1.0.0', capability, tags: [capability] });
    }
    for (const e of episodes) await graph.recordEpisode(e);
    for (const t of tasks) await graph.recordTaskEpisode(t);
  });
  afterAll(() => h?.dispose());

  it('the fixture covers what the widget must tell apart', () => {
    const states = episodes.flatMap((e) => e.states);
    expect(new Set(episodes.map((e) => e.status))).toEqual(new Set(['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED']));
    expect(states.some((s) => s.swapped_from)).toBe(true);
    expect(states.some((s) => s.error?.startsWith('AdvisorNotFound'))).toBe(true);
    expect(states.some((s) => s.skill && s.latency_ms === null)).toBe(true);
    // Runs whose London day is not their UTC day (summer time) and runs whose is (winter time), on both sides of 27 Oct 2024.
    const londonIsNotUtc = episodes.filter((e) => londonDay(e.finished_at) !== e.finished_at.slice(0, 10));
    expect(londonIsNotUtc.length).toBeGreaterThan(0);
    expect(episodes.some((e) => e.finished_at === '2024-10-27T23:30:00.000Z')).toBe(true);
  });

  it.each([30, 7, 1, 366])('equals the direct computation over the last %i days', async (days) => {
    const widget = await operationsOverview(graph, { days }, NOW);
    expect(operationsSchema.parse(widget)).toEqual(widget);
    const { what, ...figures } = widget;
    const expected = direct(episodes, tasks, NOW, days);
    expect(sixDecimals(figures)).toEqual(sixDecimals(expected));
    expect(figures.totals.runs).toBeGreaterThan(0);
    expect(what).toContain(`${expected.totals.runs} run`);
    expect(what).toContain('(console clock, Europe/London');
  });

  it('answers through the tool by the real clock, and refuses a bad window', async () => {
    const end = Date.now() - 3_600_000;
    const recent: Episode = {
      run_id: 'run-recent',
      workflow_id: 'standard',
      workflow_version: '1.0.0',
      workflow_name: 'Standard',
      status: 'FAILED',
      started_at: new Date(end - 42_000).toISOString(),
      finished_at: new Date(end).toISOString(),
      states: [{ state: 'Fetch', skill: CRM, outcome: 'failure', latency_ms: 3, error: 'AdvisorNotFound: Jo', attempts: 1 }],
    };
    await graph.recordEpisode(recent);
    const ctx = { actor: systemActor('test'), services: { config: testConfig(), db: async () => h.db } };
    const r = await invokeTool(getOperationsOverviewTool, { days: 1 }, ctx);
    expect(r.status, JSON.stringify(r)).toBe('ok');
    const { status, error, what, ...figures } = r as unknown as OperationsOverview & { status: string; error: null };
    expect([status, error]).toEqual(['ok', null]);
    expect(Date.parse(figures.since)).toBeGreaterThan(Date.now() - DAY - 60_000);
    const expected = direct([...episodes, recent], tasks, new Date(), 1);
    expect(sixDecimals({ ...figures, since: null })).toEqual(sixDecimals({ ...expected, since: null }));
    expect(figures.totals).toMatchObject({ runs: 1, failed: 1, success_rate: 0, p50_ms: 42_000, skill_calls: 1, caller_errors: 1 });
    expect(what).toContain('1 run,');
    for (const bad of [{ days: 0 }, { days: 367 }, { days: 2.5 }, { days: 7, advisor: 'Jo' }]) {
      const refused = await invokeTool(getOperationsOverviewTool, bad, ctx);
      expect(refused, JSON.stringify(bad)).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    }
  });
});

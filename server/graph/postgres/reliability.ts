import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoString } from '../ordering.ts';
import type { ReliabilityWindow, SkillFailure, SkillReliability, TrendBucket } from '../port.ts';
import { emptyReliability, toReliability, windowBounds, type UseBounds } from '../reliability.ts';
import { bucketTrend, trendRange } from '../trend.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Reliability reads over graph_skill_uses. Percentiles are Postgres's percentile_cont (linear
 * interpolation, nulls ignored); "latest" uses are ordered by (at, run_id, seq) descending with
 * run ids compared bytewise (`collate "C"`), the order the Neo4j adapter uses too. Caller errors
 * are ranked apart from the skill's own uses and carry no latency into the percentiles (port.ts).
 */

interface Row {
  uri: string;
  capability: string | null;
  all_success: number;
  all_failures: number;
  all_caller_errors: number;
  n_success: number;
  n_failures: number;
  n_caller_errors: number;
  p50: number | null;
  p95: number | null;
}

/** One row per skill (or the one `uri`): node counters plus aggregates over the uses within the bounds. */
async function reliabilityRows(db: Db, uri: string | null, { since, until, limit }: UseBounds): Promise<Row[]> {
  const result = await db.execute(sql`
    with uses as (
      select skill, outcome,
             case when outcome = 'caller_error' then null else latency_ms end as latency_ms,
             row_number() over (
               partition by skill, outcome = 'caller_error' order by at desc, run_id collate "C" desc, seq desc
             ) as rn
      from graph_skill_uses
      where ${uri === null ? sql`true` : sql`skill = ${uri}`}
        ${since === null ? sql`` : sql`and at >= ${since.toISOString()}::timestamptz`}
        ${until ? sql`and at <= ${until.toISOString()}::timestamptz` : sql``}
    )
    select s.uri, s.capability, s.n_success as all_success, s.n_failures as all_failures, s.n_caller_errors as all_caller_errors,
           (count(u.skill) filter (where u.outcome = 'success'))::int as n_success,
           (count(u.skill) filter (where u.outcome = 'failure'))::int as n_failures,
           (count(u.skill) filter (where u.outcome = 'caller_error'))::int as n_caller_errors,
           percentile_cont(0.5) within group (order by u.latency_ms) as p50,
           percentile_cont(0.95) within group (order by u.latency_ms) as p95
    from graph_skills s
    left join uses u on u.skill = s.uri ${limit === null ? sql`` : sql`and u.rn <= ${limit}`}
    ${uri === null ? sql`` : sql`where s.uri = ${uri}`}
    group by s.uri`);
  return rowsOf<Row>(result);
}

/** All-time answers use the node counters (the spec's n_success / n_failures); windows count uses. */
function fromRow(r: Row, allTime: boolean): SkillReliability {
  return toReliability({
    skill: r.uri,
    capability: r.capability,
    n_success: allTime ? r.all_success : r.n_success,
    n_failures: allTime ? r.all_failures : r.n_failures,
    n_caller_errors: allTime ? r.all_caller_errors : r.n_caller_errors,
    p50: r.p50 === null ? null : Number(r.p50),
    p95: r.p95 === null ? null : Number(r.p95),
  });
}

export async function skillReliability(db: Db, uri: string, window: ReliabilityWindow | undefined, now: Date): Promise<SkillReliability> {
  const [row] = await reliabilityRows(db, uri, windowBounds(window, now));
  return row ? fromRow(row, window === undefined) : emptyReliability(uri);
}

export async function allSkillReliability(db: Db, window: ReliabilityWindow | undefined, now: Date): Promise<SkillReliability[]> {
  const rows = await reliabilityRows(db, null, windowBounds(window, now));
  return rows.map((r) => fromRow(r, window === undefined)).sort((a, b) => (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
}

/** Every skill's reliability over its uses from `since` to `until` (a window by time alone, between two instants). */
export async function skillReliabilityBetween(db: Db, since: Date, until: Date): Promise<SkillReliability[]> {
  return (await reliabilityRows(db, null, { since, until, limit: null })).map((r) => fromRow(r, false));
}

export async function skillTrend(db: Db, uri: string, buckets: number, bucketDays: number, now: Date): Promise<TrendBucket[]> {
  const { from, to } = trendRange(now, buckets, bucketDays);
  const rows = rowsOf<{ at: Date | string; outcome: string }>(
    await db.execute(sql`
      select at, outcome from graph_skill_uses
      where skill = ${uri} and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz`),
  );
  return bucketTrend(
    rows.map((r) => ({ at: new Date(r.at), outcome: r.outcome })),
    now,
    buckets,
    bucketDays,
  );
}

/** The latest uses of one outcome: the skill's own failures, or its caller errors. */
async function latestUses(db: Db, uri: string, outcome: 'failure' | 'caller_error', limit: number): Promise<SkillFailure[]> {
  const rows = rowsOf<{ run_id: string; state: string; error: string | null; at: Date | string }>(
    await db.execute(sql`
      select run_id, state, error, at from graph_skill_uses
      where skill = ${uri} and outcome = ${outcome}
      order by at desc, run_id collate "C" desc, seq desc
      limit ${limit}`),
  );
  return rows.map((r) => ({ run_id: r.run_id, state: r.state, error: r.error, at: isoString(r.at) }));
}

export const recentFailures = (db: Db, uri: string, limit: number) => latestUses(db, uri, 'failure', limit);
export const recentCallerErrors = (db: Db, uri: string, limit: number) => latestUses(db, uri, 'caller_error', limit);

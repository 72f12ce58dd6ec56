import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { CostReport, COST_DIMENSIONS } from '../../../lib/planning/schemas.ts';
import { MODEL_RECORD } from '../../contracts/planning/intent-fit.ts';
import { daysOf, type DayPeriod } from './period.ts';

export type CostDimension = (typeof COST_DIMENSIONS)[number];

/**
 * What a plan's cost is grouped by. `session`: the unit's session (a conversation, a delegation
 * session); a workflow run's plan without one counts under its run. `workflow` and `user`: the
 * plan's workflow_id and user_id. Plans with nothing for the dimension are left out of it.
 */
const KEY: Record<CostDimension, SQL> = {
  agent: sql`p.agent_id`,
  session: sql`coalesce(p.unit_session_id, case when p.unit_kind = 'workflow_run' then p.unit_id end)`,
  workflow: sql`p.workflow_id`,
  user: sql`p.user_id`,
};

/** How a key is shown: an agent's name, a user's display name, a conversation's title, a workflow's name. */
const LABEL: Record<CostDimension, (key: SQL) => SQL> = {
  agent: (k) => sql`(select a.name from agents a where a.id = ${k})`,
  session: (k) => sql`(select c.title from conversations c where c.id::text = ${k})`,
  workflow: (k) => sql`(select w.name from workflow_documents w where w.workflow_id = ${k}
    order by w.created_at desc limit 1)`,
  user: (k) => sql`(select u.display_name from users u where u.id::text = ${k})`,
};

type Row = { key: string; label: string | null; day: string; plan_id: string; units: number; calls: number };

/**
 * Cost units per key per Europe/London day of the calls' start, over the period's days: every
 * record counts (model tokens, tool and skill costs) but refusals, which ran nothing; `tool_calls`
 * counts the calls that ran (not model steps); `plans` the plans with a record in the period.
 * Largest total first.
 */
export async function costReport(db: Db, dimension: CostDimension, period: DayPeriod): Promise<CostReport> {
  const key = KEY[dimension];
  const result = await db.execute(sql`
    select k.key, ${LABEL[dimension](sql`k.key`)} as label, k.day, k.plan_id, k.units, k.calls from (
      select ${key} as key, to_char(r.started_at at time zone 'Europe/London', 'YYYY-MM-DD') as day,
        r.plan_id::text as plan_id, sum(r.cost_units)::float8 as units,
        (count(*) filter (where r.tool_name <> ${MODEL_RECORD}))::int as calls
      from tool_call_records r join tool_call_plans p on p.id = r.plan_id
      where r.started_at >= ${period.start.toISOString()} and r.started_at < ${period.end.toISOString()}
        and r.status <> 'refused' and ${key} is not null
      group by 1, 2, 3
    ) k`);
  const days = daysOf(period);
  const at = new Map(days.map((d, i) => [d, i]));
  const series = new Map<
    string,
    { key: string; label: string; total_units: number; tool_calls: number; plans: Set<string>; per_day: number[] }
  >();
  for (const r of rowsOf<Row>(result)) {
    let s = series.get(r.key);
    if (!s) {
      s = { key: r.key, label: r.label ?? r.key, total_units: 0, tool_calls: 0, plans: new Set(), per_day: days.map(() => 0) };
      series.set(r.key, s);
    }
    const units = Number(r.units);
    s.total_units += units;
    s.tool_calls += Number(r.calls);
    s.plans.add(r.plan_id);
    const i = at.get(r.day);
    if (i !== undefined) s.per_day[i]! += units;
  }
  return {
    dimension,
    since: period.since,
    until: period.until,
    days,
    series: [...series.values()]
      .map((s) => ({ ...s, plans: s.plans.size }))
      .sort((a, b) => b.total_units - a.total_units || a.key.localeCompare(b.key)),
  };
}

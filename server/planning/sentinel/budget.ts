import type { ToolCallRecord } from '../../../lib/planning/schemas.ts';
import { epochMs, ms, num, plural, units } from './format.ts';
import { bySeq, isBookkeeping } from './match.ts';
import { findingKey, type CheckTime, type FindingDraft, type SentinelInput } from './types.ts';

/**
 * BudgetExceeded: one finding per budget dimension the plan went over, `over` = actual − limit.
 * - maxToolCalls: calls attributed to the plan, the `model` pseudo-record and the planning tools
 *   not counted, refused calls not counted as made.
 * - maxCost: the sum of the records' cost units (model tokens included), refused calls excluded.
 * - maxLatency: from the plan's declaration to the clock — `now` live, the last record's end at
 *   the end of the plan (its own end when it recorded nothing).
 * A refused record (status `refused`, error_code `budget_exceeded`: enforce mode) belongs to a
 * dimension when the call would have taken it over the limit: calls made before it + 1, cost
 * before it + its own cost units, or its start past the deadline. Such refusals are attempts:
 * they count into `actual` (a budget of 3 with 2 calls refused after it reads 5, 2 over) and make
 * the finding `enforced` (the plan's mode is enforce and the sentinel's limit held).
 */

type Dimension = 'maxToolCalls' | 'maxLatency' | 'maxCost';

interface Measure {
  actual: number;
  /** The records the excess rests on: the calls past the limit and the refusals. */
  evidence: string[];
  refused: number;
}

export function budgetFindings(input: SentinelInput, when: CheckTime): FindingDraft[] {
  const { plan } = input;
  const budget = plan.planningContext.constraints;
  const records = bySeq(input.records);
  const found: FindingDraft[] = [];
  const check = (dimension: Dimension, limit: number | undefined, measure: (limit: number) => Measure) => {
    if (limit === undefined) return;
    const m = measure(limit);
    if (!(m.actual > limit)) return;
    const over = units(m.actual - limit);
    found.push({
      key: findingKey(plan.planId, 'BudgetExceeded', dimension),
      plan_id: plan.planId,
      agent_id: plan.agent_id,
      type: 'BudgetExceeded',
      when,
      message: message(dimension, limit, m, over),
      detail: {
        type: 'BudgetExceeded',
        exceeded: { dimension, limit, actual: m.actual, over },
        enforced: plan.mode === 'enforce' && m.refused > 0,
      },
      evidence: m.evidence,
    });
  };
  check('maxToolCalls', budget.maxToolCalls, (limit) => measureCalls(records, limit));
  check('maxLatency', budget.maxLatency, (limit) => measureLatency(input, records, limit, when));
  check('maxCost', budget.maxCost, (limit) => measureCost(records, limit));
  return found;
}

const counted = (r: ToolCallRecord): boolean => !isBookkeeping(r.tool_name);

function measureCalls(records: ToolCallRecord[], limit: number): Measure {
  let made = 0;
  let refused = 0;
  const evidence: string[] = [];
  for (const r of records) {
    if (!counted(r)) continue;
    const over = r.status === 'refused' ? made + 1 > limit : ++made > limit;
    if (!over) continue;
    evidence.push(r.id);
    if (r.status === 'refused') refused++;
  }
  return { actual: made + refused, evidence, refused };
}

function measureCost(records: ToolCallRecord[], limit: number): Measure {
  let spent = 0;
  let refusedUnits = 0;
  let refused = 0;
  const evidence: string[] = [];
  for (const r of records) {
    if (r.status === 'refused') {
      if (!(units(spent + r.cost_units) > limit)) continue;
      refused++;
      refusedUnits += r.cost_units;
      evidence.push(r.id);
      continue;
    }
    spent += r.cost_units;
    if (units(spent) > limit && r.cost_units > 0) evidence.push(r.id);
  }
  return { actual: units(spent + refusedUnits), evidence, refused };
}

function measureLatency(input: SentinelInput, records: ToolCallRecord[], limit: number, when: CheckTime): Measure {
  const start = epochMs(input.plan.created_at, 'plan.created_at');
  const deadline = start + limit;
  const clock = when === 'live' ? epochMs(input.now, 'now') : endClock(input, records);
  let refused = 0;
  const evidence: string[] = [];
  for (const r of records) {
    const last = epochMs(r.ended_at ?? r.started_at, `record ${r.id}'s time`);
    if (r.status === 'refused' && epochMs(r.started_at, `record ${r.id}'s start`) > deadline) refused++;
    if (last > deadline) evidence.push(r.id);
  }
  return { actual: clock - start, evidence, refused };
}

/** The end of a plan's work: its last record's end (or start, when still running), else its own end. */
function endClock(input: SentinelInput, records: ToolCallRecord[]): number {
  const times = records.map((r) => epochMs(r.ended_at ?? r.started_at, `record ${r.id}'s time`));
  if (times.length) return Math.max(...times);
  return epochMs(input.plan.ended_at ?? input.now, input.plan.ended_at ? 'plan.ended_at' : 'now');
}

function message(dimension: Dimension, limit: number, m: Measure, over: number): string {
  const refused = m.refused ? `; ${plural(m.refused, 'call')} refused in enforce mode` : '';
  switch (dimension) {
    case 'maxToolCalls':
      return (
        `The plan ${m.refused ? 'attempted' : 'made'} ${plural(m.actual, 'tool call')} against a budget of ` +
        `${num(limit)} (${num(over)} over${refused}).`
      );
    case 'maxLatency':
      return `The plan ran for ${ms(m.actual)} against a time budget of ${ms(limit)} (${ms(over)} over${refused}).`;
    case 'maxCost':
      return `The plan used ${num(m.actual)} resource units against a cost budget of ${num(limit)} ` + `(${num(over)} over${refused}).`;
  }
}

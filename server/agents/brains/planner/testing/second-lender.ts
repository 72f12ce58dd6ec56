import { SECOND_DIRECTORY, SECOND_PRODUCTS } from '../../../../../lib/nl/testing/directories.ts';
import { ok, toolError, type Responder } from './script.ts';

/**
 * TEST SUPPORT: a second lender's CRM for the Planner's and the Conductor's brain tests — other
 * people (particles, hyphens, diacritics), other teams and products (lib/nl/testing/directories.ts)
 * and its own calls — answering list_advisors, list_products and count_calls in the shape the
 * console's tools return. Counts are computed from CALLS below, never written in: a brain that
 * states them must have read them here.
 */
interface Call {
  advisor: string;
  product: string;
  /** London day the call was recorded (and its application opened: one call per application here). */
  day: string;
}

const CALLS: Call[] = [
  { advisor: 'Siobhán Ní Bhriain', product: 'Second Charge Mortgage', day: '2024-06-04' },
  { advisor: 'Siobhán Ní Bhriain', product: 'Bridging Finance', day: '2024-06-18' },
  { advisor: 'Siobhán Ní Bhriain', product: 'Second Charge Mortgage', day: '2024-07-02' },
  { advisor: 'Rhys ap Gwilym', product: 'Green Home Improvement Loan', day: '2024-06-11' },
  { advisor: 'Rhys ap Gwilym', product: 'Second Charge Mortgage', day: '2024-07-03' },
  { advisor: 'Carlos de la Cruz', product: 'Bridging Finance', day: '2024-05-21' },
  { advisor: 'Carlos de la Cruz', product: 'Bridging Finance', day: '2024-07-04' },
  { advisor: 'Aoife McAllister', product: 'Second Charge Mortgage', day: '2024-07-01' },
  { advisor: 'Aoife McAllister', product: 'Green Home Improvement Loan', day: '2024-07-05' },
  { advisor: 'Zoë Lefèvre-Martin', product: 'Bridging Finance', day: '2024-06-27' },
  { advisor: 'Jan van der Berg', product: 'Second Charge Mortgage', day: '2024-07-02' },
  { advisor: 'Łukasz Nowak', product: 'Green Home Improvement Loan', day: '2024-06-05' },
];

/** The lender's own rule set (server/skills/demo/data/aldermoor_conduct_rules_2025.csv), as its CRM names it. */
export const RULE_SET = 'aldermoor_conduct_rules_2025';

const advisors = SECOND_DIRECTORY.map((a, i) => ({ advisor_id: `ADV-${200 + i}`, name: a.name, team: a.team }));
const teams = [...new Set(SECOND_DIRECTORY.map((a) => a.team))];

function countCalls(args: Record<string, unknown>): Record<string, unknown> {
  const start = String(args.start_date ?? '');
  const end = String(args.end_date ?? '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || start > end) {
    return toolError('start_date and end_date must be ISO dates with start_date on or before end_date', 'invalid_input');
  }
  const names = Array.isArray(args.advisor_names) ? (args.advisor_names as string[]) : null;
  const team = typeof args.team === 'string' ? args.team : null;
  const product = typeof args.product === 'string' ? args.product : null;
  const scope = advisors.filter((a) => (!names || names.includes(a.name)) && (!team || a.team === team));
  const unknown = names ? names.filter((n) => !advisors.some((a) => a.name === n)) : [];
  const inScope = CALLS.filter((c) => c.day >= start && c.day <= end && (!product || c.product === product));
  const by_advisor = scope.map((a) => {
    const n = inScope.filter((c) => c.advisor === a.name).length;
    return { name: a.name, calls: n, recorded_in_period: n };
  });
  const calls = by_advisor.reduce((n, a) => n + a.calls, 0);
  const days = inScope
    .filter((c) => scope.some((a) => a.name === c.advisor))
    .map((c) => c.day)
    .sort();
  return ok({
    calls,
    applications: calls,
    by_advisor,
    unknown_advisors: unknown,
    recorded_in_period: calls,
    earliest_opened: days[0] ?? null,
  });
}

/** The second lender's CRM tools; other tools go to `rest` (the Planner's fake tools, say). */
export function secondLenderCrm(rest: Responder): Responder {
  return (name, args) => {
    switch (name) {
      case 'list_advisors':
        return ok({ advisors, teams });
      case 'list_products':
        return ok({
          products: SECOND_PRODUCTS.map((p) => ({ name: p, applications: CALLS.filter((c) => c.product === p).length })),
          rule_set_id: RULE_SET,
        });
      case 'count_calls':
        return countCalls(args);
      default:
        return rest(name, args);
    }
  };
}

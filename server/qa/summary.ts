import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ukDate } from '../../lib/uk-time.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { qaResults } from '../db/schema/index.ts';
import type { QaFilter } from '../../lib/qa-filter.ts';
import { qaWhere } from './query.ts';

/**
 * QA results summarised per group, in SQL over exactly the rows `list_qa_results` lists for the
 * same filter (qaWhere: the newest analysis of each call unless `include_earlier`) — what answers
 * "which advisor has the lowest QA score?" and "which rule fails most?" from stored results.
 *
 * Per group, on the figures of record (reviewed where a review decided, the AI's otherwise: query.ts): `calls`
 * (results), `scored` (with a score), `mean_score` (mean of the per-call scores, one decimal) and `min_score`,
 * `failed_mandatory` (calls failing a mandatory rule),
 * `vulnerable` (calls with a vulnerability flag) and `fails`: calls failing at least one rule, or
 * for `rule` calls failing that rule. Groups: advisor, team, product (the stored value), week
 * (Monday of the Europe/London week of the call, YYYY-MM-DD), rule (one group per rule id over the
 * calls it applied to — verdicts `not_applicable` aside — labelled with the rule's text as stored
 * in the verdicts, with its category and whether it is mandatory as stored there), `all` (one group over every call the
 * filter matches, key 'all': the figures of a whole scope, e.g. one side of a comparison). A result without the grouped
 * value (no advisor, no call date) forms a group with key null. Ties in any order are broken by key.
 *
 * `rule_ids` narrows `fails` (and the rule groups) to those rules: per group, the calls failing at least one of them,
 * and `rule_fails`, how many (call, rule) failures of them there are — "who is weakest on disclosures" over the
 * disclosure rules only. Without it `rule_fails` is null.
 */
export const QA_GROUPS = ['advisor', 'team', 'product', 'rule', 'week', 'all'] as const;
export const QA_SUMMARY_ORDERS = ['mean_score_asc', 'mean_score_desc', 'fails_desc', 'calls_desc'] as const;
export type QaGroupBy = (typeof QA_GROUPS)[number];
export type QaSummaryOrder = (typeof QA_SUMMARY_ORDERS)[number];

export const qaGroupSchema = z.object({
  key: z.string().nullable().describe('The advisor, team, product, rule id or week (its Monday, YYYY-MM-DD); null: not recorded.'),
  label: z.string(),
  calls: z.number().int(),
  scored: z.number().int(),
  mean_score: z.number().nullable(),
  min_score: z.number().nullable(),
  failed_mandatory: z.number().int(),
  vulnerable: z.number().int(),
  fails: z.number().int(),
  rule_fails: z.number().int().nullable().describe("With rule_ids: the failures of those rules in the group's calls; else null."),
  category: z.string().nullable().describe("Rule groups: the rule's category as stored in the verdicts; else null."),
  mandatory: z.boolean().nullable().describe('Rule groups: whether the rule is mandatory as stored in the verdicts; else null.'),
});
export type QaGroup = z.infer<typeof qaGroupSchema>;

export interface QaSummaryQuery {
  filter: QaFilter;
  group_by: QaGroupBy;
  /** Default: by key (weeks in date order), except `rule`: fails_desc. */
  order?: QaSummaryOrder;
  limit: number;
  /** Only failures of these rules count (see above). */
  rule_ids?: string[];
}

export interface QaSummary {
  groups: QaGroup[];
  /** Every group the filter gives (`groups` holds the first `limit` of them). */
  total_groups: number;
  /** Calls the filter matches (each once, whichever groups it falls in). */
  total_calls: number;
  what: string;
}

const r = qaResults;
const WEEK = sql`to_char(date_trunc('week', ${r.callAt} at time zone 'Europe/London'), 'YYYY-MM-DD')`;
const KEY: Record<Exclude<QaGroupBy, 'rule'>, SQL> = {
  advisor: sql`${r.advisor}`,
  team: sql`${r.team}`,
  product: sql`${r.product}`,
  week: WEEK,
  all: sql`'all'::text`,
};

/** One row per (call, rule applied to it), as reviewed: the rule's id, its stored text, whether the call failed it. */
const RULE_ROWS = sql`cross join lateral (
  select v->>'rule_id' as rule_id, max(v->>'rule') as title, max(v->>'category') as category,
         bool_or((v->>'mandatory')::boolean) as mandatory, bool_or(v->>'verdict' = 'fail') as failed
    from jsonb_array_elements(coalesce(${r.reviewedVerdicts}, ${r.verdicts})) v
   where v->>'verdict' in ('pass', 'fail')
   group by v->>'rule_id') rv`;

const ORDER: Record<QaSummaryOrder, SQL> = {
  mean_score_asc: sql`mean_score asc nulls last`,
  mean_score_desc: sql`mean_score desc nulls last`,
  fails_desc: sql`fails desc`,
  calls_desc: sql`calls desc`,
};

const AGGREGATES = (fails: SQL, ruleFails: SQL) => sql`
  count(*)::int as calls,
  count(${r.recordScore})::int as scored,
  round(avg(${r.recordScore})::numeric, 1)::float8 as mean_score,
  min(${r.recordScore})::float8 as min_score,
  count(*) filter (where ${r.recordFailedMandatory} > 0)::int as failed_mandatory,
  count(*) filter (where ${r.vulnerable})::int as vulnerable,
  count(*) filter (where ${fails})::int as fails,
  ${ruleFails} as rule_fails,
  count(*) over ()::int as total_groups`;

type Row = Omit<QaGroup, 'label'> & { title: string | null; total_groups: number };

const textArray = (ids: string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

function labelOf(group: QaGroupBy, key: string | null, title: string | null): string {
  if (key === null) return group === 'week' ? 'No call date' : `No ${group} recorded`;
  if (group === 'week') return `Week of ${ukDate(`${key}T12:00:00Z`)}`;
  if (group === 'rule') return title ? `${key}: ${title}` : key;
  if (group === 'all') return 'All calls';
  return key;
}

export async function summariseQaResults(db: Db, q: QaSummaryQuery): Promise<QaSummary> {
  const where = qaWhere(q.filter);
  const filtered = where ? sql`where ${where}` : sql``;
  const order = q.order ?? (q.group_by === 'rule' ? 'fails_desc' : null);
  const orderBy = order ? sql`${ORDER[order]}, key asc nulls last` : sql`key asc nulls last`;
  const ids = q.rule_ids?.length ? textArray(q.rule_ids) : null;
  // Failures of the asked rules per call: the rule ids of record (reviewed where reviewed) that are among them.
  const ruleFails = ids ? sql`sum((select count(*) from unnest(${r.recordFailedRuleIds}) f where f = any(${ids})))::int` : sql`null::int`;
  const query =
    q.group_by === 'rule'
      ? sql`select rv.rule_id as key, max(rv.title) as title, max(rv.category) as category, bool_or(rv.mandatory) as mandatory,
            ${AGGREGATES(sql`rv.failed`, ids ? sql`count(*) filter (where rv.failed)::int` : ruleFails)}
            from ${r} ${RULE_ROWS} ${filtered}${ids ? sql` ${where ? sql`and` : sql`where`} rv.rule_id = any(${ids})` : sql``}
            group by rv.rule_id order by ${orderBy} limit ${q.limit}`
      : sql`select ${KEY[q.group_by]} as key, null as title, null::text as category, null::boolean as mandatory,
            ${AGGREGATES(ids ? sql`${r.recordFailedRuleIds} && ${ids}` : sql`${r.recordRulesFailed} > 0`, ruleFails)}
            from ${r} ${filtered} group by 1 order by ${orderBy} limit ${q.limit}`;
  const [grouped, total] = await Promise.all([db.execute(query), db.execute(sql`select count(*)::int as n from ${r} ${filtered}`)]);
  const rows = rowsOf<Row>(grouped);
  const groups = rows.map(({ title, total_groups: _t, ...g }) => ({ ...g, label: labelOf(q.group_by, g.key, title) }));
  const total_calls = rowsOf<{ n: number }>(total)[0]?.n ?? 0;
  return { groups, total_groups: rows[0]?.total_groups ?? 0, total_calls, what: describe(q, total_calls) };
}

/** What the figures are, in words (an agent quotes it; the console shows it under the table). */
function describe(q: QaSummaryQuery, calls: number): string {
  const which = q.filter.include_earlier ? 'every analysis' : 'the newest analysis of each call';
  const over = `${calls} call${calls === 1 ? '' : 's'} (${which})`;
  const per =
    q.group_by === 'rule'
      ? 'rule, over the calls each rule applied to'
      : q.group_by === 'week'
        ? 'week (Monday, Europe/London)'
        : q.group_by === 'all'
          ? 'scope (one group)'
          : q.group_by;
  const which_rules = q.rule_ids?.length ? ` of ${q.rule_ids.join(', ')}` : '';
  const fails =
    `fails = calls that failed ${q.group_by === 'rule' ? 'the rule' : `at least one rule${which_rules}`}` +
    (which_rules ? `; rule_fails = failures of those rules` : '');
  return (
    `Per ${per}, from ${over}: mean_score and min_score of the per-call scores (the reviewed score where a ` +
    `reviewer decided, else the AI score); failed_mandatory = calls that failed a mandatory rule (as reviewed); ` +
    `vulnerable = calls with a vulnerability flag; ${fails}.`
  );
}

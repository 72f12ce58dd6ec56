import { z } from 'zod';
import { qaFilterSchema, qaSortSchema } from '../../../lib/qa-filter.ts';
import { listQaPage, qaAggregate } from '../../qa/query.ts';
import { queueItemView } from '../../qa/view.ts';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { isToolFailure, qaDb } from './qa-db.ts';

/** The QA queue with its triage filters (issue 13), one page at a time. */
export const listQaResultsTool = defineTool({
  name: 'list_qa_results',
  description:
    'List analysed calls (one QA result per call per run; by default the newest analysis of each call) with triage filters: ' +
    'score below a threshold, failed mandatory rule, vulnerable customer, review state, overridden, advisor, team, product, ' +
    'failed rule, call date range, re-analysed after sign-off. Sorted and keyset-paged (pass next_cursor back as cursor). ' +
    "Each call's figures are its figures of record: the reviewed score and failed rules where a reviewer decided " +
    '(score_source "review"), the AI\'s otherwise, with ai_score and ai_failed_mandatory beside them. `aggregate` is the ' +
    'mean of those per-call scores over every matching call, with the count it is over and how many are reviewed.',
  readOnly: true,
  input: z.object({
    filter: qaFilterSchema.default({}),
    sort: qaSortSchema.default({ by: 'call_at', dir: 'desc' }),
    limit: z.number().int().min(1).max(500).default(50),
    cursor: z.string().max(500).optional(),
  }),
  output: z.object({
    items: z.array(z.record(z.string(), z.unknown())),
    total: z.number().int().nullable().describe('Every call the filter matches; null on later pages (a cursor was given).'),
    next_cursor: z.string().nullable(),
    aggregate: z
      .object({
        calls: z.number().int(),
        scored: z.number().int(),
        reviewed: z.number().int(),
        mean_score: z.number().nullable(),
        what: z.string(),
      })
      .nullable()
      .describe('Mean of the per-call scores of record over every matching call, with the count; null on later pages.'),
  }),
  async handler(args, { services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    try {
      // The total and the aggregate describe the whole filter: computed for its first page only.
      const [page, agg] = await Promise.all([listQaPage(db, args, { total: false }), args.cursor ? null : qaAggregate(db, args.filter)]);
      const what = !agg?.scored
        ? 'no scored call matches'
        : `mean of ${agg.scored} per-call score${agg.scored === 1 ? '' : 's'}` +
          (agg.reviewed ? ` (${agg.reviewed} reviewed, the rest the AI's)` : " (the AI's; none reviewed)");
      return ok({
        items: page.items.map(queueItemView),
        total: agg?.calls ?? null,
        next_cursor: page.nextCursor,
        aggregate: agg && { calls: agg.calls, scored: agg.scored, reviewed: agg.reviewed, mean_score: agg.mean, what },
      });
    } catch (err) {
      if (err instanceof RangeError) return fail('invalid_input', err.message);
      throw err;
    }
  },
});

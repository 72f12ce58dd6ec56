import type { BrainDecision } from '../brain.ts';
import type { PlannerContext } from './context.ts';
import { coverage, scopeFilter, type Group } from './insight-flow.ts';
import { describeRange } from './intent.ts';
import { thinFootnote, thinNote } from '../thin-figures.ts';
import { meanCell, queueLink, scoreOf } from './qa-links.ts';
import { same } from './question-flow.ts';
import type { PlannerRequest } from './request.ts';

/**
 * Read before proposing work (issue 30): "how did the north team do last month?" is a question,
 * so when the stored QA results already cover the scope and period it is answered from them —
 * the scope, the calls behind each figure, one row per advisor — and only the calls not analysed
 * yet are offered for analysis (coverage: count_calls minus the stored; "yes" runs onlyMissing).
 * Null when it does not apply (a command such as "review …", no period, nothing stored): the
 * review flow proposes the work as before.
 */
const HOW_DID = /\bhow\s+(?:did|does|is|has|have|are|were)\b/i;

export function storedFirst(ctx: PlannerContext, req: PlannerRequest): BrainDecision | null {
  if (!req.range || !HOW_DID.test(req.texts[0] ?? '')) return null;
  const s = scopeFilter(ctx, req);
  if (!s.done) return s.decision;
  const { filter, range, who } = s.value;
  const all = { filter, group_by: 'all' };
  const per = { filter, group_by: 'advisor', order: 'mean_score_asc', limit: 100 };
  const a = ctx.find('summarise_qa_results', (x) => same(x, all));
  const p = ctx.find('summarise_qa_results', (x) => same(x, per));
  const missing: Array<[string, Record<string, unknown>]> = [];
  if (!a) missing.push(['summarise_qa_results', all]);
  if (!p) missing.push(['summarise_qa_results', per]);
  if (missing.length)
    return ctx.call(missing, `Read what the stored QA results already say about ${who} ${describeRange(range!)} before proposing any run.`);
  if (!a!.ok || !p!.ok) return null;
  const total = ((a!.result?.groups ?? []) as Group[])[0];
  if (!total?.calls) return null;
  const cov = coverage(ctx, total.calls, range, filter);
  if (!cov.done) return cov.decision;
  const groups = ((p!.result?.groups ?? []) as Group[]).filter((g) => g.key !== null);
  const lines = [
    `From the stored QA results, ${who} ${describeRange(range!)}: **${scoreOf(total.mean_score)}** mean QA score over ` +
      `${total.scored} scored of ${total.calls} analysed call${total.calls === 1 ? '' : 's'} (the reviewed score where a reviewer decided); ` +
      `${total.failed_mandatory} failed a mandatory rule, lowest call ${scoreOf(total.min_score)}` +
      `${thinNote(total.scored, 'calls', 'a mean')}.`,
  ];
  if (groups.length > 1) {
    lines.push(
      [
        '| Advisor | Calls analysed | Mean QA score | Lowest call | Failed a mandatory rule |',
        '|---|---|---|---|---|',
        ...groups.map(
          (g) => `| ${g.key} | ${g.calls} | ${meanCell(g.mean_score, g.scored)} ` + `| ${scoreOf(g.min_score)} | ${g.failed_mandatory} |`,
        ),
      ].join('\n'),
    );
    const footnote = thinFootnote(
      groups.filter((g) => g.mean_score !== null).map((g) => g.scored),
      'scored calls',
    );
    if (footnote) lines.push(footnote);
  }
  lines.push(queueLink(filter, 'open them in the QA queue'), ...cov.value);
  return ctx.say(lines.join('\n\n'), `Answered from ${total.calls} stored QA results before proposing any run.`);
}

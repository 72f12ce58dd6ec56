import type { BrainDecision } from '../brain.ts';
import type { PlannerContext } from './context.ts';
import { advisorOf, callsOf, coverage, namedRows, scopeFilter, type Group } from './insight-flow.ts';
import { describeRange } from './intent.ts';
import { thinFootnote, thinNote } from '../thin-figures.ts';
import { meanCell, queueLink, scoreOf } from './qa-links.ts';
import { same } from './question-flow.ts';
import type { PlannerRequest } from './request.ts';
import type { QaFilter } from '../../../../lib/qa-filter.ts';
import type { DateRange } from '../../../../lib/nl/index.ts';

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
  const { filter, range, who, named } = s.value;
  if (named.length) return namedAnswer(ctx, { filter, range, who, named });
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
  if (groups.length > 1) lines.push(...advisorTable(groups, (g) => g.key));
  lines.push(queueLink(filter, 'open them in the QA queue'), ...cov.value);
  return ctx.say(lines.join('\n\n'), `Answered from ${total.calls} stored QA results before proposing any run.`);
}

/**
 * Several advisors named ("how did Tom and Priya do in June?"): each one's own figures, from the per-advisor
 * summary the queue's filter gives for that advisor — no figure of them together (the queue shows one advisor
 * at a time, so a combined one could be checked nowhere), and their calls alone counted for the coverage.
 */
function namedAnswer(
  ctx: PlannerContext,
  s: { filter: QaFilter; range: DateRange | null; who: string; named: string[] },
): BrainDecision | null {
  const per = { filter: s.filter, group_by: 'advisor', order: 'mean_score_asc', limit: 100 };
  const p = ctx.find('summarise_qa_results', (x) => same(x, per));
  if (!p)
    return ctx.call(
      [['summarise_qa_results', per]],
      `Read what the stored QA results already say about ${s.who} ${describeRange(s.range!)} before proposing any run.`,
    );
  if (!p.ok) return null;
  const rows = namedRows((p.result?.groups ?? []) as Group[], s.named);
  if (!rows.length) return null;
  const cov = coverage(ctx, callsOf(rows), s.range, s.filter, s.named);
  if (!cov.done) return cov.decision;
  const missing = s.named.filter((n) => !rows.some((g) => advisorOf(g) === n));
  const name = (g: Group) => queueLink({ ...s.filter, advisor: advisorOf(g) }, advisorOf(g));
  const lines = [
    `From the stored QA results, ${s.who} ${describeRange(s.range!)}, each advisor's own figures:`,
    ...advisorTable(rows, name),
  ];
  if (missing.length) lines.push(`No analysed calls ${describeRange(s.range!)} for ${missing.join(' or ')} yet.`);
  lines.push(...cov.value);
  return ctx.say(
    lines.join('\n\n'),
    `Answered from ${callsOf(rows)} stored QA results of the ${s.named.length} advisors named, each on their own.`,
  );
}

/** One row per advisor (`name` says how to write the advisor), and the footnote on thin figures if any. */
function advisorTable(groups: Group[], name: (g: Group) => string): string[] {
  const table = [
    '| Advisor | Calls analysed | Mean QA score | Lowest call | Failed a mandatory rule |',
    '|---|---|---|---|---|',
    ...groups.map(
      (g) => `| ${name(g)} | ${g.calls} | ${meanCell(g.mean_score, g.scored)} | ${scoreOf(g.min_score)} | ${g.failed_mandatory} |`,
    ),
  ].join('\n');
  const footnote = thinFootnote(
    groups.filter((g) => g.mean_score !== null).map((g) => g.scored),
    'scored calls',
  );
  return footnote ? [table, footnote] : [table];
}

import { matchPeople } from '../../../../lib/nl/index.ts';
import type { DateRange } from '../../../../lib/relative-dates.ts';
import { ukDate } from '../../../../lib/uk-time.ts';
import type { QaFilter } from '../../../../lib/qa-filter.ts';
import type { BrainDecision } from '../brain.ts';
import { checkPeriod } from './checks.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { callsOf, coverage, namedRows, scopeFilter, type Group } from './insight-flow.ts';
import { describeRange } from './intent.ts';
import { thinCell, thinFootnote, thinNote } from '../thin-figures.ts';
import { meanCell, queueLink, reviewLink, scoreOf } from './qa-links.ts';
import type { PlannerRequest } from './request.ts';
import { resolvePeople } from './resolve.ts';
import { categoriesOf, rulesOfTopic } from '../analysis/topic-rules.ts';
import { COUNT, RESOLVE_PEOPLE, STORED, type PlannerFlowEntry } from './flow-steps.ts';

/**
 * Questions answered from the stored QA results with one set of figures (issue 30): every figure
 * is read from summarise_qa_results / list_qa_results — the QA queue's own query functions — for
 * the exact filter of what it describes, and each answer names that scope and the calls behind it.
 *
 *   compare       one summary (group_by all) per side: teams, advisors or periods; a row each.
 *   topic_rank    the topic's rules from the per-rule summary (analysis/topic-rules.ts), then advisors or teams
 *                 ranked by the share of their calls failing one of those rules (rule_ids).
 *   calls_ranked  the N lowest- or highest-scoring calls (list_qa_results by score), with their failed
 *                 mandatory rules named from the per-rule summary of the same filter.
 */
/** Whether a tool call's arguments are these (the replay's match). */
export const same = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Side {
  label: string;
  filter: QaFilter;
  range: DateRange | null;
}

/** The sides of a comparison, or the decision to take first (a question, a tool call). */
function sidesOf(ctx: PlannerContext, req: PlannerRequest): { sides: Side[] } | { decision: BrainDecision } {
  const periods = req.question?.periods ?? null;
  const scope = scopeFilter(ctx, periods ? { ...req, range: null } : req);
  if (!scope.done) return { decision: scope.decision };
  const { filter, who, range } = scope.value;
  if (periods) {
    const sides: Side[] = [];
    for (const p of periods) {
      const checked = checkPeriod(ctx, p);
      if (!checked.done) return { decision: checked.decision };
      const r = checked.value;
      sides.push({ label: `${who}, ${describeRange(r)}`, filter: { ...filter, from: r.start_date, to: r.end_date }, range: r });
    }
    return { sides };
  }
  // People: every team and advisor the newest words naming any name, each a side with the period asked.
  const people = resolvePeople(ctx, req);
  if (!people.done) return { decision: people.decision };
  const period = range ? { from: range.start_date, to: range.end_date } : {};
  for (const text of [...req.texts].reverse()) {
    const found = matchPeople(text, people.value.directory);
    const teams = found.teams.map((t): Side => ({ label: `the ${t} team`, filter: { ...period, team: t }, range }));
    const named = found.people.flatMap((m): Side[] => (m.name ? [{ label: m.name, filter: { ...period, advisor: m.name }, range }] : []));
    const sides = [...teams, ...named].filter((s, i, all) => all.findIndex((x) => x.label === s.label) === i);
    if (sides.length >= 2) return { sides };
    if (sides.length) break;
  }
  return {
    decision: ctx.say(
      `${QUESTION_MARKERS.ask_details} what to compare? Name two or more teams, advisors or periods ` +
        '(for example two teams for a month, or one team in two months).',
      'A comparison needs two sides; fewer were named: ask, never guess the other side.',
    ),
  };
}

const countArgs = (s: Side) => ({
  start_date: s.range!.start_date,
  end_date: s.range!.end_date,
  ...(s.filter.advisor ? { advisor_names: [s.filter.advisor] } : {}),
  ...(s.filter.team ? { team: s.filter.team } : {}),
});

export function compareAnswer(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const got = sidesOf(ctx, req);
  if ('decision' in got) return got.decision;
  const { sides } = got;
  const wanted = sides.flatMap((s): Array<[string, Record<string, unknown>]> => [
    ['summarise_qa_results', { filter: s.filter, group_by: 'all' }],
    ...(s.range ? [['count_calls', countArgs(s)] as [string, Record<string, unknown>]] : []),
  ]);
  const missing = wanted.filter(([name, args]) => !ctx.find(name, (a) => same(a, args)));
  if (missing.length) {
    return ctx.call(
      missing,
      `Compare ${sides.map((s) => s.label).join(' / ')}: each side's figures from the stored QA results for its own filter.`,
    );
  }
  const rows: string[] = [];
  const said: string[] = [];
  let best: { side: Side; g: Group } | null = null;
  let worst: { side: Side; g: Group } | null = null;
  let unanalysed = 0;
  for (const s of sides) {
    const sum = ctx.find('summarise_qa_results', (a) => same(a, { filter: s.filter, group_by: 'all' }))!;
    if (!sum.ok) return ctx.failed(sum, 'summarise the QA results');
    const g = ((sum.result?.groups ?? []) as Group[])[0] ?? null;
    const counted = s.range ? ctx.find('count_calls', (a) => same(a, countArgs(s))) : null;
    const recorded = counted?.ok ? Number(counted.result?.recorded_in_period ?? counted.result?.calls ?? 0) : null;
    const calls = g?.calls ?? 0;
    if (recorded !== null && recorded > calls) unanalysed += recorded - calls;
    rows.push(
      `| ${queueLink(s.filter, s.label)} | ${calls} | ${recorded ?? '—'} | ${g?.scored ?? 0} ` +
        `| ${meanCell(g?.mean_score, g?.scored ?? 0)} | ${scoreOf(g?.min_score)} | ${g?.failed_mandatory ?? 0} | ${g?.vulnerable ?? 0} |`,
    );
    if (!g || g.mean_score === null) said.push(`${s.label} has no scored calls in the QA store for this period.`);
    else {
      if (!best || g.mean_score > best.g.mean_score!) best = { side: s, g };
      if (!worst || g.mean_score < worst.g.mean_score!) worst = { side: s, g };
    }
  }
  const lines = [
    `Compared from the stored QA results, each side over its own calls (the reviewed score where a reviewer decided, ` + "else the AI's):",
  ];
  lines.push(
    [
      '| Scope | Calls analysed | Recorded in the CRM | Scored | Mean QA score | Lowest call | Failed a mandatory rule | Vulnerable |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  if (best && worst && best.side !== worst.side) {
    const gap = Math.round((best.g.mean_score! - worst.g.mean_score!) * 10) / 10;
    lines.push(
      `**${worst.side.label}** has the lower mean: ${scoreOf(worst.g.mean_score)} over ${plural(worst.g.scored, 'scored call')}, ` +
        `${gap} points below ${best.side.label} (${scoreOf(best.g.mean_score)} over ${plural(best.g.scored, 'scored call')})` +
        `${thinNote(Math.min(worst.g.scored, best.g.scored), 'calls', 'a comparison')}.`,
    );
  } else if (best && worst) lines.push(`${best.side.label} has the only scored calls.`);
  const footnote = thinFootnote(best && worst ? [best.g.scored, worst.g.scored] : [], 'scored calls');
  if (footnote) lines.push(footnote);
  lines.push(...said);
  if (unanalysed) {
    lines.push(
      `${plural(unanalysed, 'recorded call')} of these scopes ${unanalysed === 1 ? 'is' : 'are'} not analysed yet and not in these ` +
        'figures; ask me to review them if you want them counted.',
    );
  }
  return ctx.say(lines.join('\n\n'), `Comparison of ${sides.length} scopes from the stored QA results.`);
}

export function topicRankAnswer(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const ask = req.question!.topic!;
  const s = scopeFilter(ctx, req);
  if (!s.done) return s.decision;
  const { filter, range, who, named } = s.value;
  const period = range ? describeRange(range) : 'in the QA store';
  const ruleArgs = { filter, group_by: 'rule', limit: 1000 };
  const perRule = ctx.find('summarise_qa_results', (a) => same(a, ruleArgs));
  if (!perRule)
    return ctx.call(
      [['summarise_qa_results', ruleArgs]],
      `Find the rules about “${ask.words}” in the rules the stored results were checked against.`,
    );
  if (!perRule.ok) return ctx.failed(perRule, 'summarise the QA results per rule');
  const rules = (perRule.result?.groups ?? []) as Group[];
  if (!rules.length) return ctx.say(`There are no analysed calls ${period} for ${who} yet, so I cannot rank anyone on ${ask.words}.`);
  const topic = rulesOfTopic(ask.words, rules);
  if (!topic.rules.length) {
    const cats = categoriesOf(rules);
    return ctx.say(
      `I can't find rules about “${ask.words}” in the rules these calls were checked against` +
        `${cats.length ? ` (their categories: ${cats.join(', ')})` : ''}. ${QUESTION_MARKERS.ask_details} which of those you mean?`,
      `No rule's category or text matches “${ask.words}”: ask, never drop the topic.`,
    );
  }
  const ids = topic.rules.map((r) => r.key!);
  const by = ask.subject === 'teams' ? 'team' : 'advisor';
  const rankArgs = { filter, group_by: by, rule_ids: ids, limit: 100 };
  const ranked = ctx.find('summarise_qa_results', (a) => same(a, rankArgs));
  if (!ranked) {
    return ctx.call(
      [['summarise_qa_results', rankArgs]],
      `Rank ${ask.subject} by their calls failing one of the ${ids.length} ${ask.words} rules.`,
    );
  }
  if (!ranked.ok) return ctx.failed(ranked, 'summarise the QA results');
  // Several advisors named: their rows alone, and their calls (the filter holds one advisor: scopeFilter).
  const mine = named.length && by === 'advisor' ? named : [];
  const rows = namedRows((ranked.result?.groups ?? []) as Group[], mine);
  const total = mine.length ? callsOf(rows) : Number(ranked.result?.total_calls ?? 0);
  const cov = coverage(ctx, total, range, filter, mine);
  if (!cov.done) return cov.decision;
  const rate = (g: Group) => (g.calls ? (g.fails ?? 0) / g.calls : 0);
  const sign = req.question!.order === 'best' ? -1 : 1;
  const groups = rows.sort(
    (a, b) => sign * (rate(b) - rate(a)) || sign * ((b.fails ?? 0) - (a.fails ?? 0)) || String(a.key).localeCompare(String(b.key)),
  );
  const what = ask.subject === 'teams' ? 'team' : 'advisor';
  const name = (g: Group) => (what === 'team' ? `the ${g.key} team` : String(g.key));
  const top = groups[0];
  const ruleList = ids.length <= 12 ? ids.join(', ') : `${ids.slice(0, 12).join(', ')} and ${ids.length - 12} more`;
  const lines = [
    `On ${ask.words} — the ${plural(ids.length, 'rule')} whose ${topic.by} matches (${ruleList}) — ` +
      `over ${plural(total, 'analysed call')} ${period} for ${who}:`,
  ];
  if (top) {
    lines.push(
      `**${name(top)}** is ${req.question!.order === 'best' ? 'strongest' : 'weakest'}: ` +
        `${top.fails ?? 0} of ${plural(top.calls, 'analysed call')} failed at least one of these rules ` +
        `(${plural(top.rule_fails ?? 0, 'failure')} in all)${thinNote(top.calls, 'calls', 'a ranking')}.`,
    );
    lines.push(
      [
        `| ${what === 'team' ? 'Team' : 'Advisor'} | Calls analysed | Calls failing a ${ask.words} rule | Failures | Mean QA score |`,
        '|---|---|---|---|---|',
        ...groups.map(
          (g) =>
            `| ${g.key} | ${g.calls} | ${thinCell(String(g.fails ?? 0), g.calls)} | ${g.rule_fails ?? 0} ` +
            `| ${meanCell(g.mean_score, g.scored)} |`,
        ),
      ].join('\n'),
    );
    const footnote = thinFootnote(
      groups.flatMap((g) => [g.calls, ...(g.mean_score === null ? [] : [g.scored])]),
      'analysed or scored calls',
    );
    if (footnote) lines.push(footnote);
  }
  lines.push(...cov.value);
  return ctx.say(lines.join('\n\n'), `Ranked on ${ids.length} ${ask.words} rules over ${total} stored QA results.`);
}

type Item = {
  qa_result_id: string;
  call_id: string;
  call_at: string | null;
  advisor: string | null;
  score: number | null;
  max_score: number | null;
  score_source?: string;
  failed_rule_ids?: string[];
};

export function callsRankedAnswer(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const q = req.question!;
  const s = scopeFilter(ctx, req);
  if (!s.done) return s.decision;
  const { filter, range, who } = s.value;
  const listArgs = { filter, sort: { by: 'score', dir: q.order === 'best' ? 'desc' : 'asc' }, limit: q.count ?? 5 };
  const ruleArgs = { filter, group_by: 'rule', limit: 1000 };
  const listed = ctx.find('list_qa_results', (a) => same(a, listArgs));
  const perRule = ctx.find('summarise_qa_results', (a) => same(a, ruleArgs));
  const calls: Array<[string, Record<string, unknown>]> = [];
  if (!listed) calls.push(['list_qa_results', listArgs]);
  if (!perRule) calls.push(['summarise_qa_results', ruleArgs]);
  if (calls.length)
    return ctx.call(calls, `The ${q.order} ${plural(q.count ?? 5, 'call')} by score, and the rules' names and mandatory flags.`);
  if (!listed!.ok) return ctx.failed(listed!, 'list the QA results');
  if (!perRule!.ok) return ctx.failed(perRule!, 'summarise the QA results per rule');
  const total = Number(listed!.result?.total ?? 0);
  const cov = coverage(ctx, total, range, filter);
  if (!cov.done) return cov.decision;
  const period = range ? describeRange(range) : 'in the QA store';
  const items = (listed!.result?.items ?? []) as Item[];
  if (!items.length) return ctx.say([`There are no analysed calls ${period} for ${who} yet.`, ...cov.value].join(' '));
  const rules = new Map(((perRule!.result?.groups ?? []) as Group[]).map((g) => [g.key, g]));
  const word = q.order === 'best' ? 'highest' : 'lowest';
  const lines = [`The ${plural(items.length, `${word}-scoring call`)} of the ${plural(total, 'analysed call')} ${period} for ${who}:`];
  lines.push(
    items
      .map((i, n) => {
        const mandatory = (i.failed_rule_ids ?? []).filter((id) => rules.get(id)?.mandatory);
        const failed = mandatory.length
          ? `failed ${mandatory.map((id) => rules.get(id)?.label ?? id).join('; ')}`
          : 'no mandatory rule failed';
        return (
          `${n + 1}. ${reviewLink(i.qa_result_id, i.call_id)} — ${i.call_at ? ukDate(i.call_at) : 'date unknown'}, ` +
          `${i.advisor ?? 'advisor unknown'}: ${scoreOf(i.score, i.max_score)}${i.score_source === 'review' ? ' (reviewed)' : ''}; ${failed}`
        );
      })
      .join('\n'),
  );
  lines.push(queueLink(filter, 'open them all in the QA queue'));
  lines.push(...cov.value);
  return ctx.say(lines.join('\n\n'), `The ${q.order} calls of ${total} stored QA results.`);
}

/** Flow `compare`: teams, advisors or periods compared, each side over its own filter. */
export const COMPARE_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'compare' }, start: compareAnswer },
  forecast: [RESOLVE_PEOPLE, STORED("each compared side's figures, over its own filter"), COUNT],
};

/** Flow `topic_rank`: advisors or teams ranked on a topic's rules, found in the rule data. */
export const TOPIC_RANK_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'topic_rank' }, start: topicRankAnswer },
  forecast: [RESOLVE_PEOPLE, STORED('the rules of the topic, by their category and wording'), STORED('the ranking on those rules')],
};

/** Flow `calls_ranked`: the N worst or best calls with their failed mandatory rules. */
export const CALLS_RANKED_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'calls_ranked' }, start: callsRankedAnswer },
  forecast: [
    RESOLVE_PEOPLE,
    { tool: 'list_qa_results', why: 'List the stored QA results by score, the worst (or best) first.' },
    STORED("the rules' names and which are mandatory"),
  ],
};

import type { DateRange } from '../../../../lib/relative-dates.ts';
import type { QaFilter } from '../../../../lib/qa-filter.ts';
import type { BrainDecision } from '../brain.ts';
import type { Step } from './build-flow.ts';
import { checkPeriod } from './checks.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { describeRange } from './intent.ts';
import { thinFootnote, thinNote } from '../thin-figures.ts';
import { ukDate } from '../../../../lib/uk-time.ts';
import { meanCell, queueLink, reviewLink, scoreOf } from './qa-links.ts';
import type { PlannerRequest, RankAsk } from './request.ts';
import { resolvePeople } from './resolve.ts';
import { RESOLVE_PEOPLE, STORED, type PlannerFlowEntry } from './flow-steps.ts';

/**
 * Questions answered from the stored QA results (issue 15): "which advisor has the lowest QA
 * score?", "which rule fails most?", "show me this month's calls where the customer sounded
 * vulnerable". The figures come from summarise_qa_results / list_qa_results (the same numbers
 * the QA queue shows) with the count behind each; when the CRM has calls in the period that were
 * never analysed, the answer says how many and offers to analyse them (a QA review of the same
 * people and period) rather than presenting a partial figure as the whole.
 */
/** One group of summarise_qa_results (an advisor, a team, a rule …), as the tool returns it. */
export interface Group {
  key: string;
  label?: string;
  calls: number;
  scored: number;
  mean_score: number | null;
  min_score: number | null;
  failed_mandatory: number;
  vulnerable: number;
  fails?: number;
  rule_fails?: number | null;
  category?: string | null;
  mandatory?: boolean | null;
}

const next = <T>(decision: BrainDecision): Step<T> => ({ done: false, decision });

/** The filter of the people and period a question is about (a team, one advisor, or everyone; any period). */
export function scopeFilter(
  ctx: PlannerContext,
  req: PlannerRequest,
): Step<{ filter: QaFilter; who: string; range: DateRange | null; named: string[] }> {
  const who = resolvePeople(ctx, req);
  if (!who.done) return who;
  let range: DateRange | null = null;
  if (req.range) {
    const p = checkPeriod(ctx, req.range);
    if (!p.done) return p;
    range = p.value;
  }
  const w = who.value;
  const filter: QaFilter = {
    ...(range ? { from: range.start_date, to: range.end_date } : {}),
    ...(w.team ? { team: w.team } : {}),
    ...(!w.team && !w.everyone && w.advisors.length === 1 ? { advisor: w.advisors[0]! } : {}),
  };
  // Several advisors named: the filter cannot hold them (it is the queue's, one advisor at a time), so the caller
  // keeps to their own rows of a per-advisor summary and counts their calls alone (coverage `named`).
  const named = !w.team && !w.everyone && w.advisors.length > 1 ? w.advisors : [];
  const name = w.team ? `the ${w.team} team` : (filter.advisor ?? (named.length ? named.join(' and ') : 'all advisors'));
  return { done: true, value: { filter, who: name, range, named } };
}

/**
 * "M of the N calls the CRM has … were analysed", and the offer to analyse the rest, when a period
 * is given; said after the answer's figures, once: with none analysed, the answer has said so
 * ("There are no analysed calls … yet"), so only the offer follows (never "only 0 of 9 …"). `named`: the
 * advisors named when there are several (scopeFilter's filter holds one), whose calls are counted.
 */
export function coverage(
  ctx: PlannerContext,
  analysed: number,
  range: DateRange | null,
  filter: QaFilter,
  named: readonly string[] = [],
): Step<string[]> {
  if (!range) {
    return {
      done: true,
      value: [`(${analysed} analysed call${analysed === 1 ? '' : 's'} in the QA store, any date.)`],
    };
  }
  const args = {
    start_date: range.start_date,
    end_date: range.end_date,
    ...(named.length ? { advisor_names: [...named] } : filter.advisor ? { advisor_names: [filter.advisor] } : {}),
    ...(filter.team ? { team: filter.team } : {}),
  };
  const counted = ctx.find('count_calls', (a) => JSON.stringify(a) === JSON.stringify(args));
  if (!counted) {
    return next(
      ctx.call([['count_calls', args]], 'How many calls the CRM has in the period, to say how much of it the stored results cover.'),
    );
  }
  if (!counted.ok) return { done: true, value: [`(I could not count the recorded calls: ${counted.error}.)`] };
  // Calls recorded in the period (by call date), as the QA store files them: like with like.
  const recorded = Number(counted.result?.recorded_in_period ?? counted.result?.calls ?? 0);
  const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;
  if (!recorded && !analysed) return { done: true, value: [`The CRM has no calls recorded ${describeRange(range)}.`] };
  // Nothing analysed: the answer's own first sentence says so ("There are no analysed calls …"); only the offer is left to make.
  if (!analysed) return { done: true, value: [`${QUESTION_MARKERS.offer_run} the ${calls(recorded)} recorded ${describeRange(range)}?`] };
  if (recorded <= analysed) {
    const all =
      recorded === 1
        ? `The one call recorded ${describeRange(range)} has been analysed.`
        : `All ${recorded} recorded calls ${describeRange(range)} have been analysed.`;
    return { done: true, value: [all] };
  }
  const gap = recorded - analysed;
  return {
    done: true,
    value: [
      `Only ${analysed} of the ${recorded} calls recorded ${describeRange(range)} have been analysed, ` +
        'so this covers part of the period. ' +
        `${QUESTION_MARKERS.offer_run} the ${calls(gap)} not analysed yet?`,
    ],
  };
}

/** The calls behind these rows (each call is one advisor's, so rows of advisors add up). */
export const callsOf = (groups: readonly Group[]): number => groups.reduce((n, g) => n + g.calls, 0);

/** The advisor's name a per-advisor row is keyed by. */
export const advisorOf = (g: Group): string => g.label ?? g.key;

/**
 * The rows of a per-advisor summary for the advisors named (scopeFilter `named`: several, which the filter cannot
 * hold), or every row when none are: what an answer about those advisors may show and count.
 */
export const namedRows = (groups: readonly Group[], named: readonly string[]): Group[] =>
  groups.filter((g) => g.key !== null && (!named.length || named.includes(advisorOf(g))));

const ORDER: Record<RankAsk['subject'], { group: string; worst: string; best: string }> = {
  advisors: { group: 'advisor', worst: 'mean_score_asc', best: 'mean_score_desc' },
  teams: { group: 'team', worst: 'mean_score_asc', best: 'mean_score_desc' },
  rules: { group: 'rule', worst: 'fails_desc', best: 'fails_desc' },
};

export function rankAnswer(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const rank = req.rank!;
  const s = scopeFilter(ctx, req);
  if (!s.done) return s.decision;
  const { filter, range } = s.value;
  const o = ORDER[rank.subject];
  const order = rank.order === 'best' ? o.best : o.worst;
  const args = { filter, group_by: o.group, order, limit: 20 };
  const sum = ctx.find('summarise_qa_results', (a) => JSON.stringify(a) === JSON.stringify(args));
  if (!sum) {
    return ctx.call([['summarise_qa_results', args]], `Rank ${rank.subject} from the stored QA results (${o.group}, ${order}).`);
  }
  if (!sum.ok) return ctx.failed(sum, 'summarise the QA results');
  // "Compare Alex and Priya": the ranking of the advisors named, from the same per-advisor figures.
  const all = (sum.result?.groups ?? []) as Group[];
  const mine = rank.subject === 'advisors' ? s.value.named : [];
  const groups = mine.length ? namedRows(all, mine) : all;
  const total = mine.length ? callsOf(groups) : Number(sum.result?.total_calls ?? 0);
  const period = range ? describeRange(range) : 'in the QA store';
  const cov = coverage(ctx, total, range, filter, mine);
  if (!cov.done) return cov.decision;
  if (!groups.length) {
    return ctx.say([`There are no analysed calls ${period} for ${s.value.who} yet, so I cannot rank them.`, ...cov.value].join(' '));
  }
  const label = (g: Group) => g.label ?? g.key;
  const lines: string[] = [];
  if (rank.subject === 'rules') {
    const failing = groups.filter((g) => (g.fails ?? 0) > 0);
    if (!failing.length) lines.push(`No rule failed in the ${total} analysed calls ${period}.`);
    else {
      const top = failing[0]!;
      lines.push(
        `**${label(top)}** fails most: in ${top.fails} of ${total} analysed calls ${period}${thinNote(total, 'calls', 'a rate')}.`,
      );
      lines.push(
        ['| Rule | Calls failing it |', '|---|---|', ...failing.slice(0, 10).map((g) => `| ${label(g)} | ${g.fails} |`)].join('\n'),
      );
      lines.push(queueLink({ ...filter, rule_id: top.key }, `open the calls failing ${top.key}`));
    }
  } else {
    const scored = groups.filter((g) => g.mean_score !== null);
    const top = scored[0];
    const what = rank.subject === 'advisors' ? 'advisor' : 'team';
    if (top) {
      const word = rank.order === 'best' ? 'highest' : 'lowest';
      lines.push(
        `The ${what} with the ${word} mean QA score ${period} is **${label(top)}**: ` +
          `${scoreOf(top.mean_score)} over ${top.scored} analysed call${top.scored === 1 ? '' : 's'}` +
          `${thinNote(top.scored, 'calls', 'a ranking')}.`,
      );
    }
    lines.push(
      [
        `| ${what === 'advisor' ? 'Advisor' : 'Team'} ` + '| Calls analysed | Mean QA score | Lowest call | Failed a mandatory rule |',
        '|---|---|---|---|---|',
        ...groups.map(
          (g) =>
            `| ${label(g)} | ${g.scored} | ${meanCell(g.mean_score, g.scored)} ` + `| ${scoreOf(g.min_score)} | ${g.failed_mandatory} |`,
        ),
      ].join('\n'),
    );
    const footnote = thinFootnote(
      scored.map((g) => g.scored),
      'scored calls',
    );
    if (footnote) lines.push(footnote);
    if (top && rank.subject === 'advisors') {
      lines.push(queueLink({ ...filter, advisor: label(top) }, `open ${label(top)}'s calls in the QA queue`));
    }
  }
  lines.push(...cov.value);
  return ctx.say(lines.join('\n\n'), `Answered from ${total} stored QA results.`);
}

export function vulnerabilityScan(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const s = scopeFilter(ctx, req);
  if (!s.done) return s.decision;
  const { filter, range } = s.value;
  const vulnerable = { ...filter, vulnerable: true };
  const args = { filter: vulnerable, sort: { by: 'call_at', dir: 'desc' }, limit: 50 };
  const listed = ctx.find('list_qa_results', (a) => JSON.stringify(a) === JSON.stringify(args));
  const all = { filter, group_by: 'advisor' };
  const sum = ctx.find('summarise_qa_results', (a) => JSON.stringify(a) === JSON.stringify(all));
  const calls: Array<[string, Record<string, unknown>]> = [];
  if (!listed) calls.push(['list_qa_results', args]);
  if (!sum) calls.push(['summarise_qa_results', all]);
  if (calls.length) {
    return ctx.call(calls, 'Vulnerable customers: the stored QA results flagged vulnerable, and how many calls were analysed at all.');
  }
  if (!listed!.ok) return ctx.failed(listed!, 'list the QA results');
  if (!sum!.ok) return ctx.failed(sum!, 'summarise the QA results');
  const total = Number(sum!.result?.total_calls ?? 0);
  const cov = coverage(ctx, total, range, filter);
  if (!cov.done) return cov.decision;
  type Item = {
    qa_result_id: string;
    call_id: string;
    call_at: string | null;
    advisor: string | null;
    customer: string | null;
    product: string | null;
    score: number | null;
    max_score: number | null;
    failed_mandatory: boolean;
  };
  const items = (listed!.result?.items ?? []) as Item[];
  const n = Number(listed!.result?.total ?? items.length);
  const period = range ? describeRange(range) : 'in the QA store';
  if (!total) return ctx.say([`There are no analysed calls ${period} for ${s.value.who} yet.`, ...cov.value].join(' '));
  const lines = [
    n
      ? `**${n} of ${total} analysed call${total === 1 ? '' : 's'}** ${period} had a customer who sounded vulnerable:`
      : `None of the ${total} analysed calls ${period} had a customer flagged as vulnerable.`,
  ];
  if (n) {
    lines.push(
      items
        .map(
          (i) =>
            `- ${reviewLink(i.qa_result_id, i.call_id)} — ` +
            `${i.call_at ? ukDate(i.call_at) : 'date unknown'}, ${i.advisor ?? 'advisor unknown'}` +
            `${i.customer ? ` with ${i.customer}` : ''}${i.product ? ` (${i.product})` : ''}: ` +
            `${scoreOf(i.score, i.max_score)}` +
            `${i.failed_mandatory ? ', failed a mandatory rule' : ''}`,
        )
        .join('\n'),
    );
    if (n > items.length) lines.push(`… and ${n - items.length} more.`);
    lines.push(queueLink(vulnerable, 'open them in the QA queue'));
  }
  lines.push(...cov.value);
  return ctx.say(lines.join('\n\n'), `Vulnerability scan over ${total} stored QA results.`);
}

/** How a rule topic shows in the rules' own wording (the summary labels each rule with its text). */
const TOPIC_RULES: Record<'disclosures' | 'affordability', RegExp> = {
  disclosures: /disclos|warning|recorded|repossess|secured|variable rate|representative/i,
  affordability: /afford|income|outgoing|expenditure/i,
};

/**
 * "Which calls missed disclosures last week?", "affordability checks this month": the rules of the
 * topic (found by their wording in the per-rule summary of the stored results), each with how many
 * analysed calls failed it and a link to those calls in the QA queue.
 */
export function ruleTopicScan(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const topic = req.topic ?? 'disclosures';
  const s = scopeFilter(ctx, req);
  if (!s.done) return s.decision;
  const { filter, range } = s.value;
  const args = { filter, group_by: 'rule', order: 'fails_desc', limit: 100 };
  const sum = ctx.find('summarise_qa_results', (a) => JSON.stringify(a) === JSON.stringify(args));
  if (!sum) return ctx.call([['summarise_qa_results', args]], `The ${topic} rules' failures from the stored QA results.`);
  if (!sum.ok) return ctx.failed(sum, 'summarise the QA results');
  const total = Number(sum.result?.total_calls ?? 0);
  const cov = coverage(ctx, total, range, filter);
  if (!cov.done) return cov.decision;
  const period = range ? describeRange(range) : 'in the QA store';
  if (!total) return ctx.say([`There are no analysed calls ${period} for ${s.value.who} yet.`, ...cov.value].join(' '));
  const rules = ((sum.result?.groups ?? []) as Group[]).filter((g) => TOPIC_RULES[topic].test(g.label ?? g.key));
  const failing = rules.filter((g) => (g.fails ?? 0) > 0);
  const what = topic === 'disclosures' ? 'disclosure' : topic;
  const lines = [
    failing.length
      ? `${failing.length} ${what} rule${failing.length === 1 ? '' : 's'} failed in the ${total} analysed calls ${period}:`
      : `No ${what} rule failed in the ${total} analysed calls ${period}${rules.length ? ` (${rules.length} checked)` : ''}.`,
  ];
  if (failing.length) {
    lines.push(
      failing
        .map(
          (g) =>
            `- ${g.label ?? g.key}: failed in ${g.fails} call${g.fails === 1 ? '' : 's'} — ` +
            queueLink({ ...filter, rule_id: g.key }, 'open them'),
        )
        .join('\n'),
    );
  }
  lines.push(...cov.value);
  return ctx.say(lines.join('\n\n'), `Rule topic ${topic} over ${total} stored QA results.`);
}

/** Flow `rank`: advisors, rules or teams ranked from the stored QA results. */
export const RANK_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'rank' }, start: rankAnswer },
  forecast: [RESOLVE_PEOPLE, STORED('the ranking')],
};

/** Flow `rule_topic`: the calls failing the disclosure or affordability rules. */
export const RULE_TOPIC_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'rule_topic' }, start: ruleTopicScan },
  forecast: [RESOLVE_PEOPLE, STORED('the rules that failed')],
};

/** Flow `vulnerability_scan`: the stored results flagged as vulnerable customers. */
export const VULNERABILITY_SCAN_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'vulnerability_scan' }, start: vulnerabilityScan },
  forecast: [
    RESOLVE_PEOPLE,
    { tool: 'list_qa_results', why: 'List the stored QA results flagged as vulnerable customers, newest first.' },
    STORED('how many calls were analysed at all'),
  ],
};

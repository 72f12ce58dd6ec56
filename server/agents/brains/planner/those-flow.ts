import { resolveDateRange } from '../../../../lib/relative-dates.ts';
import { isRecord } from '../../../../lib/is-record.ts';
import { ukDate, ukDay, ukDayRange } from '../../../../lib/uk-time.ts';
import type { QaFilter } from '../../../../lib/qa-filter.ts';
import type { BrainDecision } from '../brain.ts';
import { checkPeriod } from './checks.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS, toolOutcomes, type Basis } from './conversation.ts';
import { verdictLine, verdictsAsReviewed } from './explain-flow.ts';
import type { Group } from './insight-flow.ts';
import { queueLink, reviewLink, scoreOf } from './qa-links.ts';
import { same } from './question-flow.ts';
import type { PlannerRequest } from './request.ts';
import { resolvePeople, type Who } from './resolve.ts';
import { RESOLVE_PEOPLE, STORED, type PlannerFlowEntry } from './flow-steps.ts';

/**
 * "Which of those failed a mandatory rule, and why?" / "why did those fail?" (issue 30): the calls
 * of the previous answer — exactly its scope, never wider — with their failed rules as reviewed,
 * the rationale, the quoted evidence and when it was said (get_qa_result, as explain-flow.ts reads
 * one call). Which calls "those" are is read from the conversation, not from the answer's text:
 *
 *   the answer listed calls (worst / best calls, a vulnerability scan, an explained call)
 *       → exactly the calls its list_qa_results returned;
 *   else its figures were over scopes (a comparison's sides, a ranking's or a review's filter)
 *       → per scope, the calls that failed a mandatory rule (list_qa_results failed_mandatory, the
 *         QA queue's own filter), counted against the same scope's summary.
 *
 * After "and for South?" / "and July?" (Basis.changes) the same question is asked of the answer's
 * question with the people or period changed: the same listing or scopes, read anew.
 */
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
type Those =
  | { calls: Item[]; label: string; list: Record<string, unknown> }
  | { sides: Array<{ label: string; filter: QaFilter }> }
  | { none: string };

/** Calls read in full (get_qa_result) for one answer; the rest are counted and linked. */
const MAX_READ = 20;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "the Home Finance South team, 1–30 Jun 2024": a filter said back (its days as lib/uk-time.ts says them). */
export function labelOf(f: QaFilter): string {
  const who = f.team ? `the ${f.team} team` : (f.advisor ?? 'all advisors');
  const when = f.from && f.to ? `, ${ukDayRange(f.from, f.to)}` : f.from ? `, from ${ukDay(f.from)}` : f.to ? `, to ${ukDay(f.to)}` : '';
  return `${who}${when}`;
}

export function failedThoseAnswer(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const basis = ctx.episode?.basis;
  if (!basis) {
    return ctx.say(
      `I haven't given you any calls in this conversation yet, so I can't tell which calls “those” are. ` +
        `${QUESTION_MARKERS.ask_details} whose calls and which period you mean — for example “the three worst calls in June”?`,
      'A question about "those" calls with no earlier answer to refer to: ask, never guess a scope.',
    );
  }
  const those = basis.changes.length ? reread(ctx, basis) : fromAnswer(ctx, basis);
  if ('decision' in those) return those.decision;
  if ('none' in those) return ctx.say(those.none, 'The previous answer had no calls from the stored QA results: say so.');
  return 'calls' in those ? callsAnswer(ctx, req, those) : sidesAnswer(ctx, req, those.sides);
}

/** What the answer of `basis` was about, from that episode's own tool returns. */
function fromAnswer(ctx: PlannerContext, basis: Basis): Those {
  const earlier = toolOutcomes(ctx.input.history, basis.start).filter((o) => o.index < basis.end && o.ok);
  const filterOf = (args: Record<string, unknown>) => (isRecord(args.filter) ? (args.filter as QaFilter) : null);
  const listed = [...earlier].reverse().find((o) => o.name === 'list_qa_results');
  if (listed && ['calls_ranked', 'vulnerability_scan', 'explain_call', 'rule_topic'].includes(basis.request.kind)) {
    const items = (listed.result?.items ?? []) as Item[];
    const f = filterOf(listed.args);
    const label = f?.call_id ? `the call ${f.call_id}` : `the ${plural(items.length, 'call')} my last answer listed (${labelOf(f ?? {})})`;
    return { calls: items, label, list: listed.args };
  }
  const sums = earlier.filter((o) => o.name === 'summarise_qa_results' && filterOf(o.args));
  const filters = (basis.request.kind === 'compare' ? sums.filter((o) => o.args.group_by === 'all') : sums.slice(-1))
    .map((o) => filterOf(o.args)!)
    .filter((f, i, all) => all.findIndex((x) => same(x, f)) === i);
  if (filters.length) return { sides: filters.map((filter) => ({ label: labelOf(filter), filter })) };
  return {
    none:
      'My last answer was not read from the stored QA results, so it named no analysed calls for me to check. ' +
      'Ask me about a team, an advisor or a period (for example “the three worst calls in June”) and then about those.',
  };
}

/** The answer's question with the people or period each follow-up changed ("and for South?", then "and July?"), read anew. */
function reread(ctx: PlannerContext, basis: Basis): Those | { decision: BrainDecision } {
  const before = fromAnswer(ctx, basis);
  if ('none' in before) return before;
  let filters = 'sides' in before ? before.sides.map((s) => s.filter) : [(before.list.filter ?? {}) as QaFilter];
  for (const said of basis.changes) {
    const changed = changeScope(ctx, basis.request, said, filters);
    if ('decision' in changed) return changed;
    filters = changed.filters.filter((f, i, all) => all.findIndex((x) => same(x, f)) === i);
  }
  if ('sides' in before) return { sides: filters.map((filter) => ({ label: labelOf(filter), filter })) };
  const args = { ...before.list, filter: filters[0]! };
  const got = ctx.find('list_qa_results', (a) => same(a, args));
  if (!got) return { decision: ctx.call([['list_qa_results', args]], `The same calls as my last answer's, for ${labelOf(filters[0]!)}.`) };
  if (!got.ok) return { decision: ctx.failed(got, 'list the QA results') };
  const items = (got.result?.items ?? []) as Item[];
  return { calls: items, label: `the ${plural(items.length, 'call')} the same question lists for ${labelOf(filters[0]!)}`, list: args };
}

/** The filters with the people and the period one follow-up names put in place of theirs; a question when it names neither. */
function changeScope(
  ctx: PlannerContext,
  request: PlannerRequest,
  said: string,
  filters: QaFilter[],
): { filters: QaFilter[] } | { decision: BrainDecision } {
  let people = resolvePeople(ctx, { ...request, texts: [said] });
  if (!people.done) return { decision: people.decision };
  const nobody = (w: Who) => !w.team && !w.everyone && !w.advisors.length;
  // A follow-up naming no one: a team's own word said alone is that team ("and for South?" = the South team).
  if (nobody(people.value)) {
    people = resolvePeople(ctx, { ...request, texts: [`${said.replace(/[?.!\s]+$/, '')} team`] });
    if (!people.done) return { decision: people.decision };
  }
  const saidRange = resolveDateRange(said, ctx.today);
  if (!saidRange && nobody(people.value)) {
    return {
      decision: ctx.say(
        `I can't tell which team, advisor or period “${said.trim()}” means. ${QUESTION_MARKERS.ask_details} who or which period to look at instead?`,
        'The follow-up names no person, team or period the CRM or the calendar knows: ask, never repeat the old scope.',
      ),
    };
  }
  let period: { from: string; to: string } | null = null;
  if (saidRange) {
    const p = checkPeriod(ctx, saidRange);
    if (!p.done) return { decision: p.decision };
    period = { from: p.value.start_date, to: p.value.end_date };
  }
  const w = people.value;
  // "what about everyone?" drops the people of the answer's scope ([{}]); nobody named keeps them ([]).
  const who: QaFilter[] = w.team ? [{ team: w.team }] : w.everyone ? [{}] : w.advisors.map((advisor) => ({ advisor }));
  return {
    filters: filters.flatMap((f) => {
      const { advisor: _a, team: _t, ...rest } = f;
      if (!who.length) return [period ? { ...f, ...period } : f];
      return who.map((p) => ({ ...(period ? { ...rest, ...period } : rest), ...p }));
    }),
  };
}

/** Each call's stored QA result, read once (get_qa_result); a decision while any is missing. */
type Read = { done: true; results: Map<string, Record<string, unknown>> } | { done: false; decision: BrainDecision };

function readAll(ctx: PlannerContext, items: Item[], why: string): Read {
  const missing = items.filter((i) => !ctx.find('get_qa_result', (a) => a.qa_result_id === i.qa_result_id));
  if (missing.length)
    return {
      done: false,
      decision: ctx.call(
        missing.map((i) => ['get_qa_result', { qa_result_id: i.qa_result_id }]),
        why,
      ),
    };
  const results = new Map<string, Record<string, unknown>>();
  for (const i of items) {
    const got = ctx.find('get_qa_result', (a) => a.qa_result_id === i.qa_result_id)!;
    if (!got.ok) return { done: false, decision: ctx.failed(got, `read the QA result of ${i.call_id}`) };
    results.set(i.qa_result_id, (got.result?.qa_result ?? {}) as Record<string, unknown>);
  }
  return { done: true, results };
}

/** One call and its failed rules (only the mandatory ones when asked so), or null when it failed none of them. */
function callLines(i: Item, r: Record<string, unknown>, n: number, mandatoryOnly: boolean): string | null {
  const failed = verdictsAsReviewed(r).failed.filter((v) => !mandatoryOnly || v.mandatory);
  if (!failed.length) return null;
  const reviewed = i.score_source === 'review' ? ' (reviewed)' : '';
  return [
    `${n}. ${reviewLink(i.qa_result_id, i.call_id)} — ${i.call_at ? ukDate(i.call_at) : 'date unknown'}, ` +
      `${i.advisor ?? 'advisor unknown'}: ${scoreOf(i.score, i.max_score)}${reviewed}; failed:`,
    ...failed.map((v) => `   - ${verdictLine(v)}`),
  ].join('\n');
}

function callsAnswer(ctx: PlannerContext, req: PlannerRequest, those: { calls: Item[]; label: string }): BrainDecision {
  const mandatory = !!req.question?.mandatory;
  const what = mandatory ? 'a mandatory rule' : 'a rule';
  if (!those.calls.length) return ctx.say(`There were no calls in ${those.label}, so none failed ${what}.`);
  // As reviewed (the list's failed_rule_ids are the record's): only the calls that failed any rule are read in full.
  const failing = those.calls.filter((i) => (i.failed_rule_ids ?? []).length).slice(0, MAX_READ);
  const read = readAll(ctx, failing, `Read the failed rules of ${plural(failing.length, 'call')} with their evidence and times.`);
  if (!read.done) return read.decision;
  const lines: string[] = [];
  for (const i of failing) {
    const line = callLines(i, read.results.get(i.qa_result_id)!, lines.length + 1, mandatory);
    if (line) lines.push(line);
  }
  const shown = new Set(failing.filter((i) => callLines(i, read.results.get(i.qa_result_id)!, 0, mandatory)).map((i) => i.call_id));
  const others = those.calls.filter((i) => !shown.has(i.call_id)).map((i) => i.call_id);
  const out = [`Of ${those.label}, ${lines.length} failed ${what} (the verdicts as reviewed where a reviewer decided, else the AI's):`];
  if (lines.length) out.push(lines.join('\n'));
  if (others.length) out.push(`${others.join(', ')} failed no ${mandatory ? 'mandatory ' : ''}rule.`);
  return ctx.say(
    out.join('\n\n'),
    `The failed rules of the ${those.calls.length} calls of the previous answer, from their stored QA results.`,
  );
}

function sidesAnswer(ctx: PlannerContext, req: PlannerRequest, sides: Array<{ label: string; filter: QaFilter }>): BrainDecision {
  const per = Math.max(1, Math.floor(MAX_READ / sides.length));
  const sumArgs = (f: QaFilter) => ({ filter: f, group_by: 'all' });
  const listArgs = (f: QaFilter) => ({ filter: { ...f, failed_mandatory: true }, sort: { by: 'call_at', dir: 'asc' }, limit: per });
  const wanted = sides.flatMap((s): Array<[string, Record<string, unknown>]> => [
    ['summarise_qa_results', sumArgs(s.filter)],
    ['list_qa_results', listArgs(s.filter)],
  ]);
  const missing = wanted.filter(([name, args]) => !ctx.find(name, (a) => same(a, args)));
  if (missing.length) return ctx.call(missing, `The calls that failed a mandatory rule in ${sides.map((s) => s.label).join(' / ')}.`);
  const items: Item[] = [];
  for (const s of sides) {
    const l = ctx.find('list_qa_results', (a) => same(a, listArgs(s.filter)))!;
    if (!l.ok) return ctx.failed(l, 'list the QA results');
    items.push(...((l.result?.items ?? []) as Item[]));
  }
  const read = readAll(ctx, items, `Read the failed rules of ${plural(items.length, 'call')} with their evidence and times.`);
  if (!read.done) return read.decision;
  const out: string[] = [];
  for (const s of sides) {
    const sum = ctx.find('summarise_qa_results', (a) => same(a, sumArgs(s.filter)))!;
    if (!sum.ok) return ctx.failed(sum, 'summarise the QA results');
    const g = ((sum.result?.groups ?? []) as Group[])[0];
    const l = ctx.find('list_qa_results', (a) => same(a, listArgs(s.filter)))!;
    const mine = (l.result?.items ?? []) as Item[];
    const total = Number(l.result?.total ?? mine.length);
    if (!g?.calls) {
      out.push(`**${s.label}**: no analysed calls, so none failed a mandatory rule.`);
      continue;
    }
    const lines = mine.flatMap((i, n) => callLines(i, read.results.get(i.qa_result_id)!, n + 1, !!req.question?.mandatory) ?? []);
    out.push(
      `**${s.label}**: ${total} of the ${plural(g.calls, 'analysed call')} failed a mandatory rule ` +
        "(the verdicts as reviewed where a reviewer decided, else the AI's)" +
        (total ? ':' : '.'),
    );
    if (lines.length) out.push(lines.join('\n'));
    if (total > mine.length) {
      const rest = queueLink({ ...s.filter, failed_mandatory: true }, `the other ${total - mine.length} in the QA queue`);
      out.push(`${rest} (the first ${mine.length} by call date are above).`);
    }
  }
  const why = `The calls of the previous answer's ${plural(sides.length, 'scope')} that failed a mandatory rule, from the stored QA results.`;
  return ctx.say(out.join('\n\n'), why);
}

/** Flow `failed_those`: the failed rules of the previous answer's calls; its people are resolved again only when a follow-up changed them. */
export const FAILED_THOSE_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'failed_those' }, start: failedThoseAnswer },
  forecast: [
    { ...RESOLVE_PEOPLE, when: (ctx) => !!ctx.episode?.basis?.changes.length },
    {
      tool: 'list_qa_results',
      why: "List the calls of the previous answer that failed a mandatory rule (its own calls, or its scopes' calls).",
    },
    STORED('how many calls each scope of the previous answer has'),
    { tool: 'get_qa_result', why: "Read each of those calls' failed rules with the quoted evidence and when it was said." },
  ],
};

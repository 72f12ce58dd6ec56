import { isRecord } from '../../../../lib/is-record.ts';
import type { BrainDecision } from '../brain.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { ukDate } from '../../../../lib/uk-time.ts';
import { reviewLink, scoreOf } from './qa-links.ts';
import type { PlannerRequest } from './request.ts';
import { callIdsIn } from './call-id.ts';
import type { PlannerFlowEntry } from './flow-steps.ts';

/**
 * "Why did REC-88342 score so low?" / "why did that call score low?": a call's score explained
 * from its stored QA result (get_qa_result) — the score with its parts and any cap, each failed
 * rule with the quoted evidence and where it was said, the customer's sentiment flags, and what a
 * reviewer changed. "That call" is the one call the conversation last named; when the last answer
 * named several, the Planner asks which.
 */

/**
 * The calls named in the Planner's latest answer before the current message that named any. An
 * answer also names runs, applications and other ids: a candidate counts as a call when the
 * conversation's tool results file it as one (`call_id`, `recording_id`) — the data, not the id's
 * format, says what is a call; without such results every candidate counts.
 */
function callsNamedBefore(ctx: PlannerContext): string[] {
  const history = ctx.input.history.slice(0, ctx.turnStart);
  const filed = new Set<string>();
  for (const m of history) {
    if (m.role !== 'tool' || typeof m.content !== 'string') continue;
    for (const x of m.content.matchAll(/"(?:call_id|recording_id)"\s*:\s*"([^"]{1,100})"/g)) filed.add(x[1]!.toUpperCase());
  }
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role !== 'assistant' || typeof m.content !== 'string' || m.tool_calls?.length) continue;
    const ids = callIdsIn(m.content).filter((id) => filed.size === 0 || filed.has(id));
    if (ids.length) return ids;
  }
  return [];
}

const mmss = (s: number | null | undefined) =>
  typeof s === 'number' ? `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}` : null;

export function explainCall(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const named = req.call ? [req.call] : callsNamedBefore(ctx);
  if (named.length !== 1) {
    const which = named.length ? `I mentioned ${named.length} calls (${named.slice(0, 5).join(', ')}). ` : '';
    return ctx.say(`${which}${QUESTION_MARKERS.ask_details} which call you mean, by its recording id?`);
  }
  const call = named[0]!;
  const args = { filter: { call_id: call }, limit: 1 };
  const listed = ctx.find('list_qa_results', (a) => JSON.stringify(a) === JSON.stringify(args));
  if (!listed) return ctx.call([['list_qa_results', args]], `Find the newest QA result of ${call}.`);
  if (!listed.ok) return ctx.failed(listed, `look up ${call}`);
  const item = ((listed.result?.items ?? []) as Array<{ qa_result_id: string }>)[0];
  if (!item) {
    return ctx.say(
      `I have no QA result for ${call}: either it has not been analysed yet or no call has that id, so there is no score to explain. ` +
        "Ask me for a QA review of the advisor's calls for that day and I will analyse it.",
    );
  }
  const got = ctx.find('get_qa_result', (a) => a.qa_result_id === item.qa_result_id);
  if (!got) {
    return ctx.call(
      [['get_qa_result', { qa_result_id: item.qa_result_id }]],
      `Read ${call}'s QA result: score, verdicts with evidence, sentiment.`,
    );
  }
  if (!got.ok) return ctx.failed(got, `read ${call}'s QA result`);
  return ctx.say(
    explanation(call, (got.result?.qa_result ?? {}) as Record<string, unknown>),
    `Explained ${call} from its stored QA result.`,
  );
}

type Verdict = {
  rule_id: string;
  rule: string;
  mandatory: boolean;
  verdict: string;
  rationale: string | null;
  quote: string | null;
  evidence: { quote: string; start_s: number | null } | null;
};

/**
 * A stored QA result's verdicts as reviewed (issue 28: the figures of record): a verdict a reviewer
 * overrode counts as the reviewer gave it. `failed` are the failing ones, `changed` the overridden.
 */
export function verdictsAsReviewed(r: Record<string, unknown>): { failed: ReviewedVerdict[]; changed: ReviewedVerdict[] } {
  const reviewed = new Map(((r.reviewed_verdicts ?? []) as Array<{ rule_id: string; verdict: string }>).map((v) => [v.rule_id, v.verdict]));
  const all = ((r.verdicts ?? []) as Verdict[]).map((v) => ({ ...v, ai: v.verdict, verdict: reviewed.get(v.rule_id) ?? v.verdict }));
  return { failed: all.filter((v) => v.verdict === 'fail'), changed: all.filter((v) => v.verdict !== v.ai) };
}
export type ReviewedVerdict = Verdict & { ai: string };

/** One failed rule: its id, text, why it failed, and the quoted evidence with where it was said (m:ss). */
export const verdictLine = (v: Verdict) => {
  const q = v.evidence?.quote ?? v.quote;
  const at = mmss(v.evidence?.start_s);
  return (
    `${v.rule_id}${v.mandatory ? ' (mandatory)' : ''} — ${v.rule.replace(/\.$/, '')}: ` +
    `${(v.rationale ?? 'failed').replace(/\.$/, '')}` +
    `${q ? `; “${q.trim()}”${at ? ` at ${at}` : ''}` : ''}.`
  );
};

/** The answer for one stored QA result (the tool view of server/qa/view.ts), exported for its tests. */
export function explanation(call: string, r: Record<string, unknown>): string {
  const detail = isRecord(r.score_detail) ? r.score_detail : null;
  const breakdown = isRecord(detail?.breakdown)
    ? Object.entries(detail.breakdown).map(([k, v]) => `${k.replace(/_/g, ' ')} ${String(v)}`)
    : [];
  const cap = isRecord(detail?.cap) ? (detail.cap as { value: number; categories: string[]; rule_ids: string[] }) : null;
  const who = [r.advisor, r.call_at ? ukDate(r.call_at as string) : null, r.customer, r.product].filter(Boolean).join(', ');
  // The score of record (issue 28): a reviewed call is quoted with its reviewed score first, the AI's beside it.
  const max = r.max_score as number | null;
  const lines =
    r.score_source === 'review'
      ? [
          `**${call}** (${who}) scored **${scoreOf(r.score as number | null, max)}** as reviewed; the AI scored ` +
            `${scoreOf(r.ai_score as number | null, max)}${breakdown.length ? ` (${breakdown.join(', ')})` : ''}.`,
        ]
      : [
          `**${call}** (${who}) scored **${scoreOf(r.score as number | null, max)}**` +
            `${breakdown.length ? ` — ${breakdown.join(', ')}` : ''}.`,
        ];
  if (cap) {
    lines.push(
      `The score was capped at ${cap.value} because ${cap.categories.join(' and ').replace(/_/g, ' ')} failed ` +
        `(${cap.rule_ids.join(', ')}).`,
    );
  }
  const { failed, changed } = verdictsAsReviewed(r);
  if (failed.length) {
    lines.push(
      `${changed.length ? 'As reviewed, it' : 'It'} failed ${failed.length} rule${failed.length === 1 ? '' : 's'}` +
        `${failed.some((v) => v.mandatory) ? `, ${failed.filter((v) => v.mandatory).length} of them mandatory` : ''}:`,
    );
    lines.push(failed.map((v) => `- ${verdictLine(v)}`).join('\n'));
  } else lines.push(changed.length ? 'As reviewed, it failed no rule.' : 'It failed no rule.');
  if (changed.length) {
    lines.push(`A reviewer overrode the AI on ${changed.map((v) => `${v.rule_id} (${v.ai} → ${v.verdict})`).join(', ')}.`);
  }
  const sentiment = isRecord(r.sentiment) ? r.sentiment : null;
  const flags = (Array.isArray(sentiment?.flags) ? sentiment.flags : []) as Array<{
    type: string;
    severity: string;
    excerpt: string | null;
  }>;
  if (sentiment) {
    lines.push(
      `Customer sentiment: ${String(sentiment.overall ?? 'unknown')}` +
        `${
          flags.length
            ? `; flags: ${flags
                .slice(0, 3)
                .map((f) => `${f.type} (${f.severity})${f.excerpt ? ` “${f.excerpt}”` : ''}`)
                .join('; ')}`
            : ''
        }.`,
    );
  }
  const review = isRecord(r.review) ? r.review : null;
  if (review?.human_score != null) {
    lines.push(`A reviewer set the score to ${scoreOf(review.human_score as number | null)}.`);
  }
  lines.push(reviewLink(String(r.qa_result_id), `Open ${call}'s review page`) + ' for the transcript with the evidence highlighted.');
  return lines.join('\n\n');
}

/** Flow `explain_call`: why a call scored as it did, from its newest QA result. */
export const EXPLAIN_CALL_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'explain_call' }, start: explainCall },
  forecast: [
    { tool: 'list_qa_results', why: 'Find the newest QA result of the call asked about.' },
    { tool: 'get_qa_result', why: 'Read its score parts, failed rules with quotes and sentiment flags.' },
  ],
};

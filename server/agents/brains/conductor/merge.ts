import type { TaskResult } from '../../../delegation/protocol.ts';
import { focusByTopic, type Focus } from './focus.ts';
import type { RequestRecord } from './ledger.ts';
import { ukDateTime, ukDayRange } from '../../../../lib/uk-time.ts';
import { thinCell, thinFootnote } from '../thin-figures.ts';

/** One reviewed call as a Companion reports it (the call review plan's `select`). */
interface CallReport {
  recording_id: string;
  recorded_at?: string;
  score?: number;
  max_score?: number;
  flags?: Array<{ type: string; severity: string; excerpt: string }>;
  focus_verdicts?: Array<{
    rule_id: string;
    rule: string;
    verdict: 'pass' | 'fail' | 'not_applicable';
    rationale?: string;
    evidence?: string | null;
  }>;
  failed_rules?: string[];
}

interface Findings {
  subject: string;
  calls: CallReport[];
  /** Calls whose customer showed the focus's flag (a disclosed vulnerability). */
  flagged: CallReport[];
  fails: Array<{ call: CallReport; verdict: NonNullable<CallReport['focus_verdicts']>[number] }>;
  applicable: number;
  meanScore: number | null;
  /** The calls the mean stands on (those with a score). */
  scored: number;
}

/** "1–7 Jul 2024", "8 Jul 2024" (the request's calendar days, as lib/uk-time.ts says a range). */
export function period(r: Pick<RequestRecord, 'start_date' | 'end_date'>): string {
  return ukDayRange(r.start_date, r.end_date);
}

const callLabel = (c: CallReport) =>
  `${c.recording_id}${c.recorded_at && !Number.isNaN(Date.parse(c.recorded_at)) ? `, ${ukDateTime(c.recorded_at)}` : ''}`;

function findings(subject: string, result: TaskResult, focus: Focus): Findings {
  const data = (result.output.data ?? {}) as { calls?: CallReport[] };
  const calls = Array.isArray(data.calls) ? data.calls : [];
  const fails = calls.flatMap((call) =>
    (call.focus_verdicts ?? []).filter((v) => v.verdict === 'fail').map((verdict) => ({ call, verdict })),
  );
  const applicable = calls.reduce((n, c) => n + (c.focus_verdicts ?? []).filter((v) => v.verdict !== 'not_applicable').length, 0);
  const scores = calls.map((c) => c.score).filter((s): s is number => typeof s === 'number');
  return {
    subject,
    calls,
    flagged: focus.flag ? calls.filter((c) => (c.flags ?? []).some((f) => f.type === focus.flag)) : [],
    fails,
    applicable,
    meanScore: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null,
    scored: scores.length,
  };
}

/**
 * The answer to a review request from its tasks' results: a table per advisor (calls reviewed,
 * calls that concern the focus, failed checks of the focus's rules, mean of the per-call QA
 * scores with their count), who needs coaching on the focus and the evidence (the rule, the call,
 * the quote), and any review that could not be done and why. Only what the Companions returned.
 */
export function mergeAnswer(request: RequestRecord, outcomes: Array<{ subject: string; result: TaskResult | null }>): string {
  const focus = focusByTopic(request.focus);
  const reviewed = outcomes.filter((o) => o.result?.status === 'succeeded').map((o) => findings(o.subject, o.result!, focus));
  // Nobody's calls were found: a name the CRM does not know, or a period without calls. Not a failure.
  const empty = reviewed.filter((f) => f.calls.length === 0);
  const done = reviewed.filter((f) => f.calls.length > 0);
  const failed = outcomes.filter((o) => o.result?.status === 'failed');
  const lines: string[] = [
    `Here is what the Companions found in the calls on applications of ${period(request)}, looking at ${focus.label}.`,
    '',
  ];
  if (done.length) {
    const flagCol = focus.flag ? ' Calls with a vulnerable customer |' : '';
    lines.push(
      `| Advisor | Calls reviewed |${flagCol} Failed checks (${focus.label}) | Mean QA score |`,
      `|---|---|${focus.flag ? '---|' : ''}---|---|`,
    );
    for (const f of done) {
      const flagCell = focus.flag ? ` ${f.flagged.length} |` : '';
      const score =
        f.meanScore === null ? 'none' : thinCell(`${f.meanScore} (mean of ${f.scored} call${f.scored === 1 ? '' : 's'})`, f.scored);
      lines.push(
        `| ${f.subject} | ${f.calls.length} |${flagCell} ${thinCell(`${f.fails.length} of ${f.applicable}`, f.applicable)} | ${score} |`,
      );
    }
    const footnote = thinFootnote(
      done.flatMap((f) => [f.applicable, ...(f.meanScore === null ? [] : [f.scored])]),
      'calls or checks',
    );
    if (footnote) lines.push('', footnote);
    lines.push('');
    const needing = done
      .filter((f) => f.fails.length > 0)
      .sort(
        (a, b) =>
          b.fails.length - a.fails.length || b.fails.length / Math.max(1, b.applicable) - a.fails.length / Math.max(1, a.applicable),
      );
    if (!needing.length) {
      const none =
        focus.flag && done.every((f) => f.flagged.length === 0)
          ? ' No customer in these calls disclosed a vulnerability, ' +
            `so the calls say nothing about how ${done.length > 1 ? 'they handle' : 'the advisor handles'} one.`
          : '';
      lines.push(`**No one needs coaching on ${focus.label} from these calls**: no check of those rules failed.${none}`);
    } else {
      const who = needing.map((f) => `**${f.subject}**`).join(needing.length === 2 ? ' and ' : ', ');
      lines.push(`${who} need${needing.length === 1 ? 's' : ''} coaching on ${focus.label}:`);
      for (const f of needing) {
        const calls = [...new Set(f.fails.map((x) => x.call))];
        for (const call of calls.slice(0, 3)) {
          const failed = f.fails.filter((x) => x.call === call).map((x) => x.verdict);
          const said = focus.flag ? (call.flags ?? []).find((x) => x.type === focus.flag)?.excerpt : null;
          lines.push(`- ${f.subject}, call ${callLabel(call)}${said ? ` — the customer said: “${said}”` : ''}`);
          for (const v of failed) lines.push(`  failed ${v.rule_id} “${v.rule}”: ${v.rationale ?? 'see the verdict'}`);
        }
        if (calls.length > 3)
          lines.push(`- …and ${calls.length - 3} more call${calls.length - 3 === 1 ? '' : 's'} with failed checks for ${f.subject}.`);
      }
      const fine = done.filter((f) => !f.fails.length);
      if (fine.length) lines.push('', `${fine.map((f) => f.subject).join(', ')}: no failed check of those rules.`);
    }
  }
  if (empty.length) {
    const names = empty.map((f) => f.subject).join(', ');
    lines.push(
      '',
      `I found no calls for ${names} on applications of ${period(request)}. Is the name spelled as in the CRM, or is another period meant?`,
    );
  }
  for (const o of failed) lines.push('', `I could not review ${o.subject}'s calls: ${o.result!.output.error ?? o.result!.output.summary}`);
  const missing = outcomes.filter((o) => !o.result);
  if (missing.length) lines.push('', `Not reviewed yet: ${missing.map((o) => o.subject).join(', ')}.`);
  return lines.join('\n').trim();
}

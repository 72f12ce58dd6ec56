import type { CalibrationFigures, Figure } from '../../../../lib/calibration/figures.ts';
import { kappaText, percentText, sampleText } from '../../../../lib/calibration/format.ts';
import type { CalibrationResultsView } from '../../../../lib/calibration/views.ts';
import { ukDate, ukDateTime, ukDay } from '../../../../lib/uk-time.ts';
import type { CalibrationAsk } from './calibration-ask.ts';
import { thinMeaning } from '../thin-figures.ts';
import { reviewLink } from './qa-links.ts';

/** get_calibration_results' answer as the Planner reads it (the tool declares the nested parts as open records). */
export type CalibrationResultsRead = CalibrationResultsView;

const ANSWER: Record<string, string> = { pass: 'pass', fail: 'fail', not_applicable: 'not applicable' };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** A figure as the results page states it: agreement, kappa, n (and thin when it is). */
const stated = (f: Figure, min: number) => `${percentText(f.percent)} agreement (kappa ${kappaText(f.kappa)}, ${sampleText(f, min)})`;

/**
 * The answer to a calibration question, composed from one get_calibration_results return and
 * nothing else: every figure is the tool's (written as the results page writes it), a figure under
 * the minimum sample is said to be thin, and before the session is complete only who has submitted
 * is said (the review is blind until then). Pure.
 */
export function calibrationAnswerText(ask: CalibrationAsk, r: CalibrationResultsRead): string {
  const s = r.session;
  const title = `[“${s.name}”](/calibration/${s.id})`;
  const done = r.progress.filter((p) => p.submitted_at).length;
  if (!r.complete || !r.figures) {
    const who = r.progress.map((p) => `${p.label} ${p.submitted_at ? `submitted ${ukDateTime(p.submitted_at)}` : 'has not submitted'}`);
    return (
      `${title} is still open and blind: ${done} of ${plural(r.progress.length, 'reviewer')} ${done === 1 ? 'has' : 'have'} submitted (${who.join('; ')}), ` +
      `reviews due ${ukDay(s.due_date)}. Its agreement is worked out once every reviewer has submitted or the lead closes it, ` +
      'so there are no figures to give yet.'
    );
  }
  const f = r.figures;
  const how =
    s.status === 'closed'
      ? `closed ${ukDate(s.closed_at)}${s.closed_by ? ` by ${s.closed_by}` : ''}, ${done} of ${plural(r.progress.length, 'reviewer')} counted`
      : `${r.progress.length === 2 ? 'both' : `all ${r.progress.length}`} reviewers submitted`;
  const head = `${title} (led by ${s.created_by}; ${plural(s.calls, 'call')} × ${plural(f.rules.length, 'rule')}; ${how})`;
  const body = ask.aspect === 'rule' ? ruleAnswer(ask, r, f) : ask.aspect === 'disagreement' ? splitAnswer(f) : summary(f);
  const thin = /— thin \(/.test(body) ? `\n\n${thinMeaning('items (call × rule)')}` : '';
  return `${head}:\n\n${body}${thin}`;
}

/** How the session went: overall, the rules furthest apart, each reviewer against the AI, the most disputed calls. */
function summary(f: CalibrationFigures): string {
  const lines = [`- Overall (all rules, Fleiss): ${stated(f.overall, f.min_sample)}.`];
  const apart = f.rules.filter((x) => x.percent !== null && x.percent < 1).sort((a, b) => a.percent! - b.percent!);
  lines.push(
    apart.length
      ? `- Rules furthest apart: ${apart
          .slice(0, 3)
          .map((x) => `${x.rule_id} ${stated(x, f.min_sample)}`)
          .join('; ')}${apart.length > 3 ? `; ${apart.length - 3} more below 100%` : ''}.`
      : '- The reviewers gave the same answer on every rule they all answered.',
  );
  if (f.reviewers.length)
    lines.push(`- Each reviewer against the AI: ${f.reviewers.map((x) => `${x.label} ${stated(x.vs_ai, f.min_sample)}`).join('; ')}.`);
  const split = f.calls.filter((c) => c.split_rules > 0);
  lines.push(
    split.length
      ? `- Most disagreement: ${split
          .slice(0, 3)
          .map((c) => `${reviewLink(c.qa_result_id, c.call_id)} (split on ${plural(c.split_rules, 'rule')})`)
          .join(', ')}.`
      : '- No call had reviewers splitting on a rule.',
  );
  return lines.join('\n');
}

/** One rule's agreement, with the reviewers' majority against the AI and the lead's note. */
function ruleAnswer(ask: CalibrationAsk, r: CalibrationResultsRead, f: CalibrationFigures): string {
  const said = (ask.rule ?? '').toLowerCase();
  const rule =
    f.rules.find((x) => x.rule_id.toLowerCase() === said) ??
    (said.length >= 4 ? f.rules.find((x) => x.rule.toLowerCase().includes(said)) : undefined);
  if (!rule)
    return (
      `This session has no rule “${ask.rule}”. Its rules are ${f.rules.map((x) => x.rule_id).join(', ')}: ` + 'ask again with one of them.'
    );
  const note = r.notes.find((n) => n.rule_id === rule.rule_id);
  return [
    `- ${rule.rule_id}${rule.mandatory ? ' (mandatory)' : ''}: “${rule.rule}”`,
    `- Between the reviewers (Fleiss): ${stated(rule, f.min_sample)}.`,
    `- The reviewers' majority against the AI: ${stated(rule.ai_vs_majority, f.min_sample)}.`,
    note ? `- The lead's note (${note.author}, ${ukDate(note.created_at)}): “${note.note}”` : '- The lead has written no note on it.',
  ].join('\n');
}

/** The calls the reviewers split on, most disagreement first (the tool's order), with each split rule's answers (by reviewer label). */
function splitAnswer(f: CalibrationFigures): string {
  const split = f.calls.filter((c) => c.split_rules > 0);
  if (!split.length)
    return `The reviewers split on no call: on each of the ${plural(f.calls.length, 'call')} they gave the same answer to every rule.`;
  const lines = split.slice(0, 5).map((c) => {
    const rules = c.rules
      .filter((x) => new Set(Object.values(x.answers).filter((a) => a !== null)).size > 1)
      .map((x) => {
        const who = Object.entries(x.answers)
          .filter(([, a]) => a !== null)
          .map(([who, a]) => `${who} ${ANSWER[a!]}`);
        return `${x.rule_id} (${who.join(', ')}; AI ${x.ai ? ANSWER[x.ai] : 'no verdict'})`;
      });
    return `- ${reviewLink(c.qa_result_id, c.call_id)}: split on ${plural(c.split_rules, 'rule')} — ${rules.join('; ')}`;
  });
  const more = split.length > 5 ? `\n\n${split.length - 5} more calls had a split; the session's page lists them all.` : '';
  return `${plural(split.length, 'call')} of ${f.calls.length} had reviewers splitting on a rule, most disagreement first:\n${lines.join('\n')}${more}`;
}

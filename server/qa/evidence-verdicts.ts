import { ukExact } from '../../lib/uk-time.ts';
import type { QaDetail } from './detail.ts';
import { markedRuns, roleLabel, turnLabel, VERDICT_LABEL, verdictOrder } from './evidence-format.ts';
import { COLOUR, type PdfWriter } from './pdf-writer.ts';
import type { QaVerdict } from '../../lib/qa-record.ts';

/**
 * The evidence pack's rule verdicts (failed first) — each with the AI's verdict and rationale,
 * the reviewer's current decision, and the transcript turn behind it with the quote marked — and
 * the full transcript with every located quote marked and the rules it evidences named.
 */
const VERDICT_COLOUR = { fail: COLOUR.fail, pass: COLOUR.pass, not_applicable: COLOUR.muted } as const;
const INDENT = 12;

function humanDecision(w: PdfWriter, d: QaDetail, v: QaVerdict): void {
  const h = d.review.rules[v.rule_id];
  if (!h) return w.text('Human review: not reviewed yet.', { indent: INDENT, colour: COLOUR.muted });
  const action = [...d.actions].reverse().find((a) => a.kind === 'rule' && a.ruleId === v.rule_id && a.createdAt === h.at);
  const who = `${h.by}${action ? ` (${roleLabel(action.role)})` : ''}, ${ukExact(h.at)}`;
  const verdict = VERDICT_LABEL[h.verdict as QaVerdict['verdict']] ?? h.verdict;
  const what = h.decision === 'override' ? `OVERRIDDEN to ${verdict}` : 'agreed with the AI';
  w.paragraph([{ text: 'Human review: ', bold: true }, { text: `${what} — ${who}` }], { indent: INDENT });
  if (h.reason) w.paragraph([{ text: 'Reason: ', bold: true }, { text: h.reason }], { indent: INDENT });
}

function evidence(w: PdfWriter, d: QaDetail, v: QaVerdict): void {
  const e = v.evidence;
  const turn = e ? d.result.transcript.turns[e.turn] : undefined;
  if (e && turn) {
    w.text(`Evidence: ${turnLabel(e.turn, turn)}`, { indent: INDENT, size: 9, colour: COLOUR.muted, keep: 28 });
    w.paragraph(markedRuns(turn, [e]), { indent: INDENT * 2, size: 9.5 });
  } else if (e) {
    w.paragraph(
      [
        { text: 'Evidence: ', bold: true },
        { text: `«${e.quote}»`, mark: true },
      ],
      { indent: INDENT },
    );
  } else if (v.quote) {
    w.paragraph([{ text: 'Quoted by the AI, not found in the transcript: ', bold: true }, { text: `«${v.quote}»` }], { indent: INDENT });
  } else {
    w.text('Evidence: none quoted.', { indent: INDENT, colour: COLOUR.muted });
  }
}

export function verdictsSection(w: PdfWriter, d: QaDetail): void {
  const verdicts = verdictOrder(d.result.verdicts);
  const aiFailed = verdicts.filter((v) => v.verdict === 'fail').length;
  const reviewed = d.result.reviewedVerdicts;
  const failed = reviewed ? `${d.result.recordRulesFailed} failed as reviewed, ${aiFailed} by the AI` : `${aiFailed} failed`;
  w.heading(`Rule verdicts (${verdicts.length}; ${failed})`);
  if (!verdicts.length) return w.text('The workflow checked no compliance rules for this call.', { colour: COLOUR.muted });
  for (const v of verdicts) {
    const tags = [v.mandatory ? 'mandatory' : 'not mandatory', v.category].filter(Boolean).join(', ');
    w.subheading(`${v.rule_id} — AI verdict: ${VERDICT_LABEL[v.verdict]}  (${tags})`, VERDICT_COLOUR[v.verdict], 70);
    w.text(v.rule, { indent: INDENT });
    if (v.rationale) w.paragraph([{ text: 'AI rationale: ', bold: true }, { text: v.rationale }], { indent: INDENT });
    humanDecision(w, d, v);
    evidence(w, d, v);
  }
}

export function transcriptSection(w: PdfWriter, d: QaDetail): void {
  const t = d.result.transcript;
  w.heading(`Transcript (${t.turns.length} turns${t.language ? `, ${t.language}` : ''})`);
  const note = 'Quotes the AI relied on are marked «like this»; the rules or flags they evidence follow the turn.';
  w.text(note, { size: 9, colour: COLOUR.muted });
  w.gap(0.3);
  const quotes = [
    ...d.result.verdicts.flatMap((v) => (v.evidence ? [{ ...v.evidence, label: v.rule_id }] : [])),
    ...(d.result.sentiment?.flags ?? []).flatMap((f) => (f.evidence ? [{ ...f.evidence, label: `${f.type} flag` }] : [])),
  ];
  if (!t.turns.length && t.text) w.text(t.text, { size: 9.5 });
  t.turns.forEach((turn, i) => {
    const here = quotes.filter((q) => q.start < turn.end && q.end > turn.start);
    w.text(turnLabel(i, turn), { size: 8.5, colour: COLOUR.muted, keep: 26 });
    w.paragraph(markedRuns(turn, here), { indent: INDENT, size: 9.5 });
    const labels = [...new Set(here.map((q) => q.label))].join(', ');
    if (here.length) w.text(`Evidence for: ${labels}`, { indent: INDENT, size: 8.5, colour: COLOUR.muted });
    w.gap(0.25);
  });
}

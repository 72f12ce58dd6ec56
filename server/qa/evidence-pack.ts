import { RECORDED_PARTS } from '../../lib/analysis/index.ts';
import { analysisResults } from '../../lib/analysis/results.ts';
import { ukExact } from '../../lib/uk-time.ts';
import type { ChainLink } from '../audit/chain-break.ts';
import type { QaDetail } from './detail.ts';
import { actionText, clock, roleLabel } from './evidence-format.ts';
import { transcriptSection, verdictsSection } from './evidence-verdicts.ts';
import { COLOUR, PdfWriter } from './pdf-writer.ts';

/**
 * A call's QA evidence pack as a PDF (pure: everything comes in `EvidencePackInput`): what was
 * analysed and by what (workflow, run, skill versions, rule set, brain), the AI's score and how
 * it was reached, every rule verdict with the reviewer's decision and the transcript behind it,
 * sentiment and flags, the results of later analysis functions (the generic store, one section
 * each), the review history and sign-offs, the full transcript, and — last — the
 * audit chain head read just before the export, so a later verification of the audit log shows
 * whether anything recorded before this pack was changed since. Times are London (en-GB).
 */
export interface EvidencePackInput {
  detail: QaDetail;
  /** `auditChainHead(db)` when the pack was made; null when nothing is chained yet. */
  chainHead: ChainLink | null;
  /** When and by whom the pack was exported (ISO instant; the user's label). */
  exportedAt: string;
  exportedBy: string;
}

const STATUS_LABEL: Record<string, string> = {
  unreviewed: 'Not reviewed',
  in_review: 'In review',
  awaiting_second_signoff: 'Awaiting second sign-off',
  signed_off: 'Signed off',
};
const num = (n: number | null | undefined) => (n === null || n === undefined ? '—' : String(Math.round(n * 10) / 10));
const outOf = (n: number | null, max: number | null) => (n === null ? '—' : `${num(n)}${max === null ? '' : ` / ${num(max)}`}`);

function callSection(w: PdfWriter, d: QaDetail): void {
  const r = d.result;
  w.heading('Call');
  w.row('Call ID', r.callId, { mono: true });
  w.row('Application', r.applicationId ?? '—');
  w.row('Advisor', r.advisor ?? '—');
  w.row('Team', r.team ?? '—');
  w.row('Customer', r.customer ?? '—');
  w.row('Product', r.product ?? '—');
  w.row('Call time (London)', ukExact(r.callAt));
  w.row('Duration', r.durationS === null ? '—' : clock(r.durationS));
}

function provenanceSection(w: PdfWriter, d: QaDetail): void {
  const r = d.result;
  const p = r.provenance;
  w.heading('Analysis and provenance');
  w.row('Workflow', `${r.workflowName}, version ${r.workflowVersion}`);
  w.row('Workflow ID', r.workflowId, { mono: true });
  w.row('Run ID', r.runId, { mono: true });
  w.row('Run finished', ukExact(r.runFinishedAt));
  w.row('Started by', p.started_by ?? '—');
  w.row('QA result ID', r.id, { mono: true });
  for (const part of RECORDED_PARTS) {
    const state = p.states[part];
    w.row(`Skill: ${part}`, p.skills[part] ? `${p.skills[part]}${state ? `  (state ${state})` : ''}` : 'not run');
  }
  w.row('Rule set', p.rule_set_id ?? '—');
  w.row('Brain', p.brain);
  const newer = d.otherAnalyses.find((o) => o.latest);
  w.row('This analysis', r.latest ? "the call's record" : `not the call's record; the record is run ${newer?.runId ?? 'unknown'}`);
  if (d.reanalysis) {
    const diffs = d.reanalysis.differences.map((x) => `${x.rule_id ?? 'score'}: ${x.signed ?? '—'} → ${x.later ?? '—'}`);
    w.row(
      'Re-analysed after sign-off',
      `run ${d.reanalysis.runId} (${ukExact(d.reanalysis.runFinishedAt)}) awaits a reviewer's ` +
        `decision; this signed record stands until then. Differences: ${diffs.join('; ') || 'none'}`,
    );
  }
  for (const o of d.otherAnalyses) {
    w.row('Other analysis', `run ${o.runId}, finished ${ukExact(o.runFinishedAt)}, version ${o.workflowVersion}, score ${num(o.score)}`);
  }
}

function scoreSection(w: PdfWriter, d: QaDetail): void {
  const r = d.result;
  const s = r.scoreDetail;
  w.heading('Score');
  if (r.score === null) return w.text('This workflow does not score calls.', { colour: COLOUR.muted });
  const rs = r.reviewedScoreDetail;
  if (r.scoreReviewed) {
    w.row('Score (reviewed)', outOf(r.recordScore, r.maxScore));
    const how =
      rs?.source === 'reviewer'
        ? 'set by the reviewer'
        : rs?.source === 'unchanged'
          ? 'no verdict changed: the AI score stands'
          : `the scoring skill (${rs?.skill ?? 'unknown'}, ${rs?.formula_id ?? 'its formula'}) over the reviewed verdicts`;
    w.row('Reviewed score from', how);
    for (const [part, points] of Object.entries(rs?.breakdown ?? {})) w.row(`  ${part}`, `${num(points)} points`);
    if (rs?.cap) w.row('  Cap', `capped at ${num(rs.cap.value)} (${rs.cap.categories.join(', ')})`);
  } else if (rs?.source === 'not_computed') {
    w.row('Reviewed score', `not computed: ${rs.note ?? 'unknown reason'}; the AI score stands`);
  }
  w.row('AI score', outOf(r.score, r.maxScore));
  if (r.reviewedVerdicts) {
    w.row('Failed mandatory rules', `${r.recordFailedMandatory} as reviewed (the AI: ${r.failedMandatory})`);
  }
  const h = d.review.score;
  if (h) {
    const what = h.decision === 'override' ? `overridden to ${outOf(h.score, r.maxScore)}` : 'agreed with the AI';
    w.row("Reviewer's score", `${what} — ${h.by}, ${ukExact(h.at)}${h.reason ? `. Reason: ${h.reason}` : ''}`);
  }
  if (!s) return;
  w.row('Formula', s.formula_id ?? '—');
  for (const [part, points] of Object.entries(s.breakdown)) w.row(`  ${part}`, `${num(points)} points`);
  w.row('Sum of the parts', num(s.breakdown_total));
  const cap = s.cap;
  const rules = cap?.rule_ids.length ? ` (${cap.rule_ids.join(', ')})` : '';
  const categories = cap?.categories.join(', ') || 'a capped category';
  w.row('Cap', cap ? `capped at ${num(cap.value)} by a failed rule in ${categories}${rules}` : 'none: the score is the sum of the parts');
  if (s.summary) w.row('Summary', s.summary);
}

/** The results kept in the generic store (lib/analysis/results.ts), one section each under the function's label; none without. */
function analysesSection(w: PdfWriter, d: QaDetail): void {
  for (const result of analysisResults(d.result.analyses)) {
    w.heading(result.title);
    for (const row of result.rows) w.row(row.field, row.value);
  }
}

function sentimentSection(w: PdfWriter, d: QaDetail): void {
  const r = d.result;
  const s = r.sentiment;
  w.heading('Sentiment and flags');
  w.row('Overall', s ? `${s.overall ?? '—'} (score ${s.score === null ? '—' : s.score.toFixed(2)} on -1 to 1)` : 'not analysed');
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  w.row('Flags', `vulnerable: ${r.vulnerable ? 'YES' : 'no'}   confused: ${yes(r.confused)}   anxious: ${yes(r.anxious)}`);
  for (const f of s?.flags ?? []) {
    const turn = f.evidence ? r.transcript.turns[f.evidence.turn] : undefined;
    const where = turn ? ` — turn ${f.evidence!.turn + 1}, ${turn.speaker ?? 'unknown speaker'}, ${clock(turn.start_s)}` : '';
    const excerpt = f.excerpt ? `«${f.excerpt}»${where}` : 'no excerpt';
    w.paragraph([{ text: `${f.type} (${f.severity}): `, bold: true }, { text: excerpt }], { indent: 12 });
  }
}

function reviewSection(w: PdfWriter, d: QaDetail): void {
  const v = d.review;
  w.heading('Review');
  w.row('Status', STATUS_LABEL[v.status] ?? v.status);
  w.row('Overridden', v.overridden ? 'yes: a reviewer disagreed with the AI' : 'no');
  const fourEyes = v.mandatoryOverride ? ' (a mandatory rule was overridden: four eyes)' : '';
  w.row('Sign-offs', `${v.signOffs.length} of ${v.signOffsNeeded} needed${fourEyes}`);
  for (const s of v.signOffs) w.row('Signed off by', `${s.by}, ${ukExact(s.at)}`);
  w.subheading('Review history', COLOUR.text, 30);
  if (!d.actions.length) return w.text('No review actions yet.', { colour: COLOUR.muted });
  for (const a of d.actions) {
    const note = a.reason ? ` Reason: ${a.reason}` : a.comment ? ` “${a.comment}”` : '';
    const what = `${a.userLabel} (${roleLabel(a.role)}) ${actionText(a)}.${note}`;
    w.paragraph([{ text: `${ukExact(a.createdAt)}  `, bold: true }, { text: what }], { size: 9.5 });
  }
}

function integritySection(w: PdfWriter, input: EvidencePackInput): void {
  w.heading('Integrity', 80);
  const head = input.chainHead;
  w.paragraph(
    head
      ? [{ text: `Audit chain head at export: entry #${head.id}, ` }, { text: head.hash, bold: true }]
      : [{ text: 'Audit chain head at export: none (the audit log has no chained entry yet).' }],
  );
  w.text(`Exported ${ukExact(input.exportedAt)} by ${input.exportedBy}.`);
  w.text(
    'The export itself is recorded in the audit log (action qa.export_evidence_pack) after the entry above. A later verification ' +
      'of the audit chain that no longer contains this entry with this hash shows that the log was rewritten after this pack was made.',
    { size: 9, colour: COLOUR.muted },
  );
}

/** The evidence pack as PDF bytes. */
export async function evidencePackPdf(input: EvidencePackInput): Promise<Buffer> {
  const r = input.detail.result;
  const w = new PdfWriter({
    title: `QA evidence pack: call ${r.callId}`,
    author: input.exportedBy,
    subject: `${r.workflowName} ${r.workflowVersion}, run ${r.runId}`,
    createdAt: new Date(input.exportedAt),
  });
  w.title('QA evidence pack', `Call ${r.callId} · ${r.advisor ?? 'unknown advisor'} · ${ukExact(r.callAt)}`);
  callSection(w, input.detail);
  provenanceSection(w, input.detail);
  scoreSection(w, input.detail);
  verdictsSection(w, input.detail);
  sentimentSection(w, input.detail);
  analysesSection(w, input.detail);
  reviewSection(w, input.detail);
  transcriptSection(w, input.detail);
  integritySection(w, input);
  return w.finish(
    (page, pages) => `QA evidence pack · call ${r.callId} · exported ${ukExact(input.exportedAt)} · page ${page} of ${pages}`,
  );
}

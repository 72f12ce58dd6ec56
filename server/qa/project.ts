import type { RunView } from '../contracts/run-view.ts';
import { locate, turnsOf } from './locate.ts';
import type { QaFlag, QaProvenance, QaRecordInput, QaScoreDetail, QaSentiment, QaVerdict, QaVerdictValue } from '../../lib/qa-record.ts';
import { byInstance, groupOf, partOf, type QaPart as Part } from '../../lib/qa-parts.ts';
import { GENERIC_PARTS, RECORDED_PARTS, type RecordedPart } from '../../lib/analysis/index.ts';
import { isRecord, num, str, type Obj } from '../../lib/is-record.ts';

/**
 * The QA results of a finished run, one per analysed call: a group of state instances (the
 * top level, or one Map iteration) holding a transcription and compliance verdicts or a score.
 * Only a SUCCEEDED run yields results — a run that failed midway stores nothing, so nothing
 * partial is ever taken for final. Pure: the caller publishes what it returns.
 */
type Found = { instance: string; data: Obj; envelope: Obj };
const VERDICTS: readonly QaVerdictValue[] = ['pass', 'fail', 'not_applicable'];

function skillOf(view: RunView, f: Found | undefined): string | null {
  if (!f) return null;
  const m = f.envelope.metrics;
  return (isRecord(m) ? str(m.skill) : null) ?? view.entries[f.instance]?.skill ?? null;
}

/** The recording a transcription was made from: matched by the uri it was given, in any recordings list of the run. */
function recordingOf(view: RunView, transcription: Found, lists: Found[]): Obj | null {
  const input = view.entries[transcription.instance]?.effective_input;
  const uri = isRecord(input) ? str(input.recording_uri) : null;
  for (const l of lists) {
    const hit = (l.data.recordings as unknown[]).find((r) => isRecord(r) && uri !== null && r.uri === uri);
    if (isRecord(hit)) return hit;
  }
  return null;
}

function verdictsOf(found: Found | undefined, text: string, turns: ReturnType<typeof turnsOf>): QaVerdict[] {
  if (!found) return [];
  return (found.data.verdicts as unknown[]).filter(isRecord).map((v) => {
    const quote = str(v.evidence);
    const span =
      isRecord(v.evidence_span) && num(v.evidence_span.start) !== null ? (v.evidence_span as { start: number; end: number }) : null;
    return {
      rule_id: str(v.rule_id) ?? '?',
      rule: str(v.rule) ?? '',
      category: str(v.category),
      mandatory: v.mandatory === true,
      verdict: VERDICTS.includes(v.verdict as QaVerdictValue) ? (v.verdict as QaVerdictValue) : 'not_applicable',
      rationale: str(v.rationale),
      evidence: locate(text, turns, quote, span),
      quote,
    };
  });
}

function sentimentOf(found: Found | undefined, text: string, turns: ReturnType<typeof turnsOf>): QaSentiment | null {
  if (!found) return null;
  const flags: QaFlag[] = (found.data.flags as unknown[]).filter(isRecord).map((f) => ({
    type: str(f.type) ?? 'unknown',
    severity: str(f.severity) ?? 'unknown',
    excerpt: str(f.excerpt),
    evidence: locate(text, turns, str(f.excerpt)),
  }));
  return { overall: str(found.data.overall), score: num(found.data.score), flags };
}

function scoreDetailOf(found: Found | undefined, verdicts: QaVerdict[]): QaScoreDetail | null {
  if (!found) return null;
  const d = found.data;
  const breakdown = isRecord(d.breakdown)
    ? (Object.fromEntries(Object.entries(d.breakdown).filter(([, p]) => num(p) !== null)) as Record<string, number>)
    : {};
  const total = Math.round(Object.values(breakdown).reduce((s, x) => s + x, 0));
  const score = d.score as number;
  let cap =
    isRecord(d.cap) && num(d.cap.value) !== null
      ? {
          value: d.cap.value as number,
          categories: (d.cap.categories as string[] | undefined) ?? [],
          rule_ids: (d.cap.rule_ids as string[] | undefined) ?? [],
        }
      : null;
  // A scoring skill that does not report its cap: the parts exceed the score, so something capped it.
  if (!cap && Object.keys(breakdown).length && score < total) {
    const failed = verdicts.filter((v) => v.verdict === 'fail');
    cap = { value: score, categories: [...new Set(failed.flatMap((v) => v.category ?? []))], rule_ids: [] };
  }
  return { formula_id: str(d.formula_id), breakdown, breakdown_total: total, cap, summary: str(found.envelope.summary) };
}

/** A value for each part a record keeps (lib/analysis/functions.ts `recorded`), in pipeline order. */
const perPart = <T>(of: (part: RecordedPart) => T) =>
  Object.fromEntries(RECORDED_PARTS.map((part) => [part, of(part)])) as Record<RecordedPart, T>;

/** Groups of the run's successful envelopes, by Map iteration. */
function groups(view: RunView): Map<string, Map<Part, Found>> & { lists: Found[] } {
  const out = new Map<string, Map<Part, Found>>() as Map<string, Map<Part, Found>> & { lists: Found[] };
  out.lists = [];
  for (const instance of Object.keys(view.data).sort(byInstance)) {
    const envelope = view.data[instance];
    const part = partOf(envelope);
    if (!part) continue;
    const f = { instance, data: (envelope as Obj).data as Obj, envelope: envelope as Obj };
    if (part === 'recordings') out.lists.push(f);
    const g = out.get(groupOf(instance)) ?? new Map<Part, Found>();
    if (!g.has(part)) g.set(part, f);
    out.set(groupOf(instance), g);
  }
  return out;
}

export function qaRecordsOf(view: RunView, brain: string): QaRecordInput[] {
  const run = view.run;
  if (run.status !== 'SUCCEEDED' || !run.finished_at) return [];
  const all = groups(view);
  const input = isRecord(run.input) ? run.input : {};
  const records: QaRecordInput[] = [];
  for (const [, g] of all) {
    const tr = g.get('transcription');
    if (!tr || !(g.has('compliance') || g.has('scoring'))) continue;
    const text = tr.data.text as string;
    const turns = turnsOf(text, (tr.data.segments as unknown[]).filter(isRecord) as Array<{ text: string }>);
    const rec = recordingOf(view, tr, all.lists);
    const verdicts = verdictsOf(g.get('compliance'), text, turns);
    const sentiment = sentimentOf(g.get('sentiment'), text, turns);
    const scoring = g.get('scoring');
    const provenance: QaProvenance = {
      skills: perPart((part) => skillOf(view, g.get(part))),
      states: perPart((part) => g.get(part)?.instance ?? null),
      rule_set_id: str(g.get('compliance')?.data.rule_set_id),
      brain,
      started_by: str(run.started_by),
    };
    // The kept parts with no field of their own (lib/analysis/functions.ts `kept: 'analyses'`): their data as returned.
    const analyses = Object.fromEntries(GENERIC_PARTS.flatMap((part) => (g.has(part) ? [[part, g.get(part)!.data]] : [])));
    const entryInput = view.entries[tr.instance]?.effective_input;
    const recordingUri = isRecord(entryInput) ? str(entryInput.recording_uri) : null;
    records.push({
      runId: run.run_id,
      callId: str(rec?.recording_id) ?? recordingUri ?? tr.instance,
      applicationId: str(rec?.application_id),
      advisor: str(rec?.advisor_name) ?? str(input.advisor_name),
      team: str(rec?.team),
      customer: str(rec?.customer_name),
      product: str(rec?.product),
      callAt: str(rec?.recorded_at),
      durationS: num(rec?.duration_s) ?? num(tr.data.duration_s),
      workflowId: run.workflow_id,
      workflowName: run.workflow_name,
      workflowVersion: run.workflow_version,
      runFinishedAt: run.finished_at,
      score: scoring ? (scoring.data.score as number) : null,
      maxScore: scoring ? (scoring.data.max_score as number) : null,
      scoreDetail: scoreDetailOf(scoring, verdicts),
      verdicts,
      sentiment,
      transcript: { text, turns, language: str(tr.data.language), recording_uri: recordingUri },
      provenance,
      scoringInput:
        scoring && isRecord(view.entries[scoring.instance]?.effective_input)
          ? (view.entries[scoring.instance]!.effective_input as Obj)
          : null,
      testRun: (run as { test_run?: unknown }).test_run === true,
      ...(Object.keys(analyses).length ? { analyses } : {}),
    });
  }
  return records;
}

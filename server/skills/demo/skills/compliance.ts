import { sentenceAt, sentences, type Span } from '../text/sentences.ts';
import { loadRuleSet, type ComplianceRule, type RulePattern } from './compliance-rules.ts';
import { arrayArg, SkillError, stringArg, type SkillTool } from './envelope.ts';

/**
 * compliance-analysis `evaluate_compliance`: every rule of the rule set gets a verdict.
 * Scope: without `segments`, the whole transcript_text. With `segments` (label + text, as
 * labelling-segmentation returns them), only the segments whose label is in `allowed_labels` (all,
 * when absent), and of those only the ones labelled as the rule's applies_to_labels (any, when
 * empty); a rule left with no segment is `not_applicable`.
 * Per rule, in order: applies_when does not match → not_applicable; forbidden_pattern matches →
 * fail, quoting the offending sentence; required_pattern matches → pass, quoting the sentence;
 * otherwise fail, quoting the sentence that made the rule apply (null for an always-applicable
 * rule: nothing was said to quote). A quote is a whole sentence; `evidence_span` gives its
 * character offsets in transcript_text (null when the quote is not in it), `label` the segment's label,
 * `mandatory` whether the rule set marks the rule as required by the regulator.
 */
type Verdict = {
  rule_id: string;
  rule: string;
  category: string;
  mandatory: boolean;
  verdict: 'pass' | 'fail' | 'not_applicable';
  rationale: string;
  evidence: string | null;
  evidence_span: { start: number; end: number } | null;
  label?: string;
};
type Part = { text: string; label?: string; spans: Span[] };

function find(parts: Part[], pattern: RulePattern): { span: Span; label?: string } | undefined {
  for (const p of parts) {
    const at = pattern.search(p.text);
    if (at < 0) continue;
    const span = sentenceAt(p.spans, at) ?? { text: p.text, start: 0, end: p.text.length };
    return { span, ...(p.label ? { label: p.label } : {}) };
  }
  return undefined;
}

function judge(rule: ComplianceRule, parts: Part[], transcript: string): Verdict {
  const base = { rule_id: rule.rule_id, rule: rule.rule, category: rule.category, mandatory: rule.mandatory };
  const verdict = (v: Verdict['verdict'], rationale: string, hit?: { span: Span; label?: string }): Verdict => {
    const evidence = hit?.span.text ?? null;
    const at = evidence === null ? -1 : transcript.indexOf(evidence);
    return {
      ...base,
      verdict: v,
      rationale,
      evidence,
      evidence_span: at < 0 ? null : { start: at, end: at + evidence!.length },
      ...(hit?.label ? { label: hit.label } : {}),
    };
  };
  if (parts.length === 0) return verdict('not_applicable', `No evaluated segment is labelled ${rule.labels.join(' or ')}.`);
  const trigger = rule.appliesWhen ? find(parts, rule.appliesWhen) : undefined;
  if (rule.appliesWhen && !trigger)
    return verdict('not_applicable', 'The situation this rule covers does not occur in the evaluated text.');
  const bad = rule.forbidden ? find(parts, rule.forbidden) : undefined;
  if (bad) return verdict('fail', 'Prohibited wording used.', bad);
  if (!rule.required) return verdict('pass', 'No prohibited wording found.');
  const good = find(parts, rule.required);
  if (good) return verdict('pass', 'Required wording found.', good);
  return verdict('fail', trigger ? 'Required wording missing where the rule applies.' : 'Required wording missing from the call.', trigger);
}

function segmentsArg(args: Record<string, unknown>): Array<{ label: string; text: string }> | undefined {
  const raw = arrayArg(args, 'segments');
  if (!raw) return undefined;
  return raw.map((s, i) => {
    const seg = s as { label?: unknown; text?: unknown };
    if (typeof seg?.label !== 'string' || typeof seg.text !== 'string')
      throw new SkillError('InvalidArguments', `segments[${i}] must be {label, text}`);
    return { label: seg.label, text: seg.text };
  });
}

export const evaluateCompliance: SkillTool = (args) => {
  const transcript = stringArg(args, 'transcript_text', true);
  const ruleSetId = stringArg(args, 'rule_set_id', true);
  const rules = loadRuleSet(ruleSetId);
  const allowed = arrayArg(args, 'allowed_labels')?.map(String);
  const segments = segmentsArg(args)?.filter((s) => !allowed || allowed.includes(s.label));
  const verdicts = rules.map((rule) => {
    const parts: Part[] = segments
      ? segments.filter((s) => rule.labels.length === 0 || rule.labels.includes(s.label)).map((s) => ({ ...s, spans: sentences(s.text) }))
      : [{ text: transcript, spans: sentences(transcript) }];
    return judge(rule, parts, transcript);
  });
  const passed = verdicts.filter((v) => v.verdict === 'pass').length;
  const failed = verdicts.filter((v) => v.verdict === 'fail').length;
  const scope = segments ? `${segments.length} segment${segments.length === 1 ? '' : 's'}` : 'the whole transcript';
  return {
    summary: `${passed} of ${passed + failed} applicable rules passed on ${scope} (rule set ${ruleSetId}).`,
    data: { rule_set_id: ruleSetId, verdicts, passed, failed },
  };
};

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onLinearEngine } from '../../../testing/no-backtracking.ts';
import { demoDataset } from '../dataset/generate.ts';
import { evaluateCompliance } from './compliance.ts';
import { loadRuleSet, parseCsv, parseRuleSet } from './compliance-rules.ts';
import { runSkillTool } from './envelope.ts';

type Verdict = {
  rule_id: string;
  category: string;
  verdict: string;
  evidence: string | null;
  evidence_span: { start: number; end: number } | null;
  label?: string;
};
const textOf = (id: string) =>
  demoDataset()
    .recordings.find((r) => r.recording_id === id)!
    .turns.map((t) => t.text)
    .join(' ');
const evaluate = (args: Record<string, unknown>) => runSkillTool(evaluateCompliance, { rule_set_id: 'compliance_rules_v2024Q4', ...args });
const verdicts = (args: Record<string, unknown>) => (evaluate(args).data as { verdicts: Verdict[] }).verdicts;
const byId = (vs: Verdict[]) => Object.fromEntries(vs.map((v) => [v.rule_id, v]));

describe('compliance_rules_v2024Q4.csv', () => {
  it('has at least 20 rules across FCA disclosures, Consumer Duty, vulnerability and product explanation', () => {
    const rules = loadRuleSet('compliance_rules_v2024Q4');
    expect(rules.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rules.map((r) => r.category))).toEqual(
      new Set(['identification', 'mandatory_disclosure', 'consumer_duty', 'vulnerability', 'product_explanation']),
    );
    expect(new Set(rules.map((r) => r.rule_id)).size).toBe(rules.length);
    for (const r of rules) expect(r.required ?? r.forbidden, r.rule_id).not.toBeNull();
  });

  it('parses RFC 4180 quoting and rejects a bad header or pattern', () => {
    expect(parseCsv('a,"b,c","d ""e"""\r\nx,y,z\n')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['x', 'y', 'z'],
    ]);
    expect(() => parseRuleSet('id,x\n1,2\n', 't')).toThrow(/header/);
    const header = readFileSync(new URL('../data/compliance_rules_v2024Q4.csv', import.meta.url), 'utf8').split('\n')[0];
    expect(() => parseRuleSet(`${header}\nR1,c,r,(unclosed,,,\n`, 't')).toThrow(/R1|row 2/);
  });

  it('runs rule patterns in linear time: a catastrophic pattern is instant, a back-reference is refused', () => {
    const header = readFileSync(new URL('../data/compliance_rules_v2024Q4.csv', import.meta.url), 'utf8').split('\n')[0];
    const [rule] = parseRuleSet(`${header}\nR1,c,r,^(a+)+$,,,,no\n`, 't');
    // On RE2 (linear in the text); a backtracking engine would never return on the first text.
    const { value, re2Runs } = onLinearEngine(() => [rule!.required!.search(`${'a'.repeat(5_000)}b`), rule!.required!.search('AAAA')]);
    expect(value).toEqual([-1, 0]);
    expect(re2Runs).toBe(2);
    expect(() => parseRuleSet(`${header}\nR2,c,r,(fee)\\1,,,,no\n`, 't')).toThrow(/R2|row 2/);
  });
});

describe('evaluate_compliance', () => {
  it('fails the deficient call REC-88342 with evidence quotes whose offsets select them in the transcript', () => {
    const text = textOf('REC-88342');
    const v = byId(verdicts({ transcript_text: text }));
    expect(v['CD-01']).toMatchObject({
      verdict: 'fail',
      evidence: "It's guaranteed to save you money compared with a credit card, so there's really no risk.",
    });
    expect(v['CD-02']).toMatchObject({ verdict: 'fail', evidence: 'This offer ends today, so you really should sign today.' });
    expect(v['FCA-DISC-02']).toMatchObject({
      verdict: 'fail',
      category: 'mandatory_disclosure',
      evidence: expect.stringContaining('HELOC 2.0 is basically'),
    });
    const fails = Object.values(v).filter((x) => x.verdict === 'fail' && x.evidence !== null);
    expect(fails.length).toBeGreaterThan(8);
    for (const f of fails) expect(text.slice(f.evidence_span!.start, f.evidence_span!.end), f.rule_id).toBe(f.evidence);
  });

  it('passes every applicable rule of the compliant vulnerable-customer call REC-88377', () => {
    const vs = verdicts({ transcript_text: textOf('REC-88377') });
    expect(vs.filter((x) => x.verdict === 'fail')).toEqual([]);
    expect(byId(vs)['VUL-01']).toMatchObject({ verdict: 'pass', evidence: expect.stringContaining('additional support') });
    expect(byId(vs)['PROD-01']!.verdict).toBe('not_applicable'); // not a HELOC 2.0 call
  });

  it('fails the vulnerability rules when a vulnerable customer is rushed', () => {
    const rec = demoDataset().recordings.find((r) => r.turns.some((t) => t.text.startsWith("Okay. Let's just get this done")))!;
    const v = byId(verdicts({ transcript_text: rec.turns.map((t) => t.text).join(' ') }));
    expect(v['VUL-03']).toMatchObject({ verdict: 'fail', evidence: "Let's just get this done quickly then, it won't take long." });
    expect(v['VUL-01']!.verdict).toBe('fail');
  });

  it('with segments, judges only the allowed labels and each rule only in its labels', () => {
    const segments = [
      { label: 'introduction', text: 'Good morning, this is Alex Wong calling from Selina Finance.' },
      { label: 'product_detail', text: "HELOC 2.0 is guaranteed, so there's no risk." },
    ];
    const transcript = segments.map((s) => `Advisor: ${s.text}`).join('\n');
    const v = byId(verdicts({ transcript_text: transcript, segments, allowed_labels: ['product_detail', 'offer_explanation'] }));
    expect(v['FCA-ID-01']!.verdict).toBe('not_applicable');
    expect(v['CD-01']).toMatchObject({
      verdict: 'fail',
      label: 'product_detail',
      evidence_span: { start: transcript.indexOf('HELOC'), end: transcript.length },
    });
    expect(byId(verdicts({ transcript_text: transcript, segments }))['FCA-ID-01']).toMatchObject({
      verdict: 'pass',
      label: 'introduction',
    });
  });

  it('counts passed and failed, and fails for an unknown rule set', () => {
    const r = evaluate({ transcript_text: textOf('REC-88310') });
    const d = r.data as { rule_set_id: string; verdicts: Verdict[]; passed: number; failed: number };
    expect(d.rule_set_id).toBe('compliance_rules_v2024Q4');
    expect(d.passed).toBe(d.verdicts.filter((x) => x.verdict === 'pass').length);
    expect(d.failed).toBe(d.verdicts.filter((x) => x.verdict === 'fail').length);
    expect(evaluate({ transcript_text: 'x', rule_set_id: '../etc/passwd' })).toMatchObject({
      ok: false,
      data: { error: { type: 'RuleSetNotFound' } },
    });
  });
});

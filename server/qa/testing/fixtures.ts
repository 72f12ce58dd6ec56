import { RECORDED_PARTS, type RecordedPart } from '../../../lib/analysis/index.ts';
import { locate, turnsOf } from '../locate.ts';
import type { QaFlag, QaRecordInput, QaScoreDetail, QaSentiment, QaVerdict } from '../../../lib/qa-record.ts';

/**
 * Realistic QA records for tests and benchmarks, built the way the projection builds them
 * (server/qa/project.ts): an advice call's transcript from its lines, verdicts of rules from the
 * demo rule set (server/skills/demo/data/compliance_rules_v2024Q4.csv) whose evidence is located
 * in it with the real `turnsOf`/`locate`, sentiment flags, and a score by qa_scoring_formula_v3
 * (compliance 70, sentiment 20, clarity 10; a failed mandatory disclosure caps at 60, a failed
 * vulnerability rule at 50). Every field can be overridden; the defaults are one call of
 * Alex Wong's (REC-88310) that passes every rule.
 */
export type FixtureRule = {
  rule_id: string;
  category: string;
  rule: string;
  mandatory: boolean;
  /** The advisor's line that satisfies the rule. */
  pass: string;
  /** The line that breaks it, or null when the failure is an omission (nothing to quote). */
  fail: string | null;
  failRationale: string;
  /** When the rule applies (default: always). */
  applies?: (o: { product: string | null; vulnerable: boolean }) => boolean;
};

export const FIXTURE_RULES: readonly FixtureRule[] = [
  {
    rule_id: 'FCA-ID-01',
    category: 'identification',
    mandatory: true,
    rule: "The advisor gives their name and the firm's name at the start of the call.",
    pass: 'Good afternoon, my name is Alex Wong calling from Selina Finance.',
    fail: 'Hi there, I am calling about your application.',
    failRationale: 'The advisor did not give their name or the firm’s name.',
  },
  {
    rule_id: 'FCA-DISC-01',
    category: 'mandatory_disclosure',
    mandatory: true,
    rule: 'Tell the customer that the call is recorded.',
    pass: 'Before we start, this call is recorded for training and quality purposes.',
    fail: null,
    failRationale: 'The advisor never said that the call is recorded.',
  },
  {
    rule_id: 'FCA-ID-02',
    category: 'identification',
    mandatory: true,
    rule: 'Identify the customer (date of birth and address) before discussing their application.',
    pass: 'Could you confirm your date of birth and the first line of your address?',
    fail: 'I will skip the security questions as we are short on time.',
    failRationale: 'The customer was not identified before the application was discussed.',
  },
  {
    rule_id: 'FCA-DISC-02',
    category: 'mandatory_disclosure',
    mandatory: true,
    rule: 'State the repossession risk warning for lending secured on the home.',
    pass: 'Your home may be repossessed if you do not keep up repayments on this loan.',
    fail: null,
    failRationale: 'No repossession risk warning was given for borrowing secured on the home.',
  },
  {
    rule_id: 'FCA-DISC-05',
    category: 'mandatory_disclosure',
    mandatory: true,
    rule: 'State the APRC of the offer.',
    pass: 'The APRC on the offer I can make is 8.9 per cent.',
    fail: 'The rate is competitive, I can offer you a good deal.',
    failRationale: 'An offer was made without stating its APRC.',
  },
  {
    rule_id: 'CD-01',
    category: 'consumer_duty',
    mandatory: false,
    rule: 'Do not make guarantees or claim the product carries no risk.',
    pass: 'Like any borrowing this carries risks, and I will go through them with you.',
    fail: 'Honestly, there is nothing to worry about with this one.',
    failRationale: 'The advisor told the customer there was nothing to worry about.',
  },
  {
    rule_id: 'PROD-01',
    category: 'product_explanation',
    mandatory: false,
    rule: 'HELOC 2.0: explain the five-year draw period.',
    pass: 'For the first five years you can draw on the line of credit as you need it.',
    fail: null,
    failRationale: 'The draw period of the HELOC was not explained.',
    applies: (o) => o.product === 'HELOC 2.0',
  },
  {
    rule_id: 'VUL-01',
    category: 'vulnerability',
    mandatory: false,
    rule: 'Acknowledge a disclosed vulnerability and offer support or more time.',
    pass: 'I am sorry to hear that. Please take as much time as you need; additional support is available.',
    fail: "Right, let's just get this done then.",
    failRationale: 'The customer’s disclosure was not acknowledged and no support was offered.',
    applies: (o) => o.vulnerable,
  },
  {
    rule_id: 'CD-03',
    category: 'consumer_duty',
    mandatory: false,
    rule: "Check the customer's understanding and invite questions.",
    pass: 'Does that all make sense? Do you have any questions for me?',
    fail: null,
    failRationale: 'The advisor did not check understanding or invite questions.',
  },
];

export type QaFixtureOptions = Partial<Omit<QaRecordInput, 'verdicts' | 'sentiment' | 'transcript' | 'score' | 'scoreDetail'>> & {
  /** Rule ids that fail (default none). */
  fail?: readonly string[];
  /** The customer discloses a vulnerability (a high `vulnerability` flag; VUL-01 applies). */
  vulnerable?: boolean;
  /** The customer says they do not understand (a medium `confusion` flag). */
  confused?: boolean;
  /** The customer is worried (a low `anxiety` flag). */
  anxious?: boolean;
  /** The sentiment report's score, −1 … 1 (default 0.4, or −0.3 with a vulnerability). */
  sentimentScore?: number;
  /** Extra small-talk turns, to make a long transcript (default 0). */
  padTurns?: number;
};

type Line = { speaker: 'Advisor' | 'Customer'; text: string };
const CUSTOMER_LINES = {
  vulnerable: 'I lost my job in March and I am finding it hard to cope at the moment.',
  confused: "Sorry, I don't really understand what that means for me.",
  anxious: 'I am a bit worried about taking on more debt, to be honest.',
};
const round1 = (n: number) => Math.round(n * 10) / 10;

function linesOf(rules: FixtureRule[], failed: Set<string>, o: QaFixtureOptions): Line[] {
  const advisor = (text: string): Line => ({ speaker: 'Advisor', text });
  const customer = (text: string): Line => ({ speaker: 'Customer', text });
  const ruleLine = (id: string) => {
    const r = rules.find((x) => x.rule_id === id);
    const text = r ? (failed.has(id) ? r.fail : r.pass) : null;
    return text ? [advisor(text.replace('Alex Wong', o.advisor ?? 'Alex Wong'))] : [];
  };
  const lines: Line[] = [...ruleLine('FCA-ID-01'), customer('Hello, yes, speaking.'), ...ruleLine('FCA-DISC-01'), ...ruleLine('FCA-ID-02')];
  lines.push(customer('It is the second of June 1969, and 4 Mill Lane.'));
  if (o.vulnerable) lines.push(customer(CUSTOMER_LINES.vulnerable), ...ruleLine('VUL-01'));
  for (let i = 0; i < (o.padTurns ?? 0); i++) {
    lines.push(advisor(`Let me read back what you told me about your circumstances, point ${i + 1}.`), customer('Yes, that is right.'));
  }
  lines.push(advisor(`We are looking at ${o.product ?? 'HELOC 2.0'} for the home improvements you mentioned.`), ...ruleLine('PROD-01'));
  if (o.anxious) lines.push(customer(CUSTOMER_LINES.anxious));
  lines.push(...ruleLine('CD-01'), ...ruleLine('FCA-DISC-02'), ...ruleLine('FCA-DISC-05'));
  if (o.confused) lines.push(customer(CUSTOMER_LINES.confused));
  lines.push(...ruleLine('CD-03'), customer('No, that is all clear, thank you.'), advisor('I will email the paperwork today. Goodbye.'));
  return lines;
}

function scoreOf(verdicts: QaVerdict[], sentiment: QaSentiment): { score: number; detail: QaScoreDetail } {
  const passed = verdicts.filter((v) => v.verdict === 'pass').length;
  const failed = verdicts.filter((v) => v.verdict === 'fail');
  const deduction = sentiment.flags.reduce((s, f) => s + (f.type === 'confusion' ? 4 : f.type === 'anxiety' ? 1 : 0), 0);
  const breakdown = {
    compliance: round1(passed + failed.length ? (70 * passed) / (passed + failed.length) : 70),
    sentiment: round1((20 * ((sentiment.score ?? 0) + 1)) / 2),
    clarity: round1(Math.max(0, 10 - deduction)),
  };
  const total = Math.round(breakdown.compliance + breakdown.sentiment + breakdown.clarity);
  const caps = [
    ['mandatory_disclosure', 60],
    ['vulnerability', 50],
  ] as const;
  const hits = caps.filter(([cat]) => failed.some((v) => v.category === cat));
  const capValue = hits.length ? Math.min(...hits.map(([, v]) => v)) : null;
  const score = capValue !== null ? Math.min(total, capValue) : total;
  const capCats = hits.filter(([, v]) => v === capValue).map(([c]) => c);
  const cap =
    capValue !== null && score < total
      ? {
          value: capValue,
          categories: capCats,
          rule_ids: failed.filter((v) => capCats.includes(v.category as never)).map((v) => v.rule_id),
        }
      : null;
  const summary = `Score ${score}/100${cap ? ` (capped at ${cap.value}: ${cap.categories.join(', ')})` : ''}; ${failed.length} rule(s) failed.`;
  return { score, detail: { formula_id: 'qa_scoring_formula_v3', breakdown, breakdown_total: total, cap, summary } };
}

const notRun = () => Object.fromEntries(RECORDED_PARTS.map((part) => [part, null])) as Record<RecordedPart, string | null>;

/** One call's QA record, as the projection would store it. */
export function qaRecordFixture(o: QaFixtureOptions = {}): QaRecordInput {
  const { fail = [], vulnerable = false, confused = false, anxious = false, sentimentScore, padTurns: _pad, ...fields } = o;
  const failed = new Set(fail);
  const product = o.product === undefined ? 'HELOC 2.0' : o.product;
  const rules = FIXTURE_RULES.filter((r) => !r.applies || r.applies({ product, vulnerable }));
  const lines = linesOf(rules, failed, { ...o, product });
  const text = lines.map((l) => l.text).join(' ');
  let t = 0;
  const segments = lines.map((l) => {
    const d = Math.max(2, Math.round(l.text.length / 15));
    const seg = { speaker: l.speaker, text: l.text, start_s: t, end_s: t + d };
    t += d + 1;
    return seg;
  });
  const turns = turnsOf(text, segments);
  const verdicts: QaVerdict[] = FIXTURE_RULES.map((r) => {
    const applies = !r.applies || r.applies({ product, vulnerable });
    const verdict = !applies ? 'not_applicable' : failed.has(r.rule_id) ? 'fail' : 'pass';
    const quote = verdict === 'pass' ? r.pass.replace('Alex Wong', o.advisor ?? 'Alex Wong') : verdict === 'fail' ? r.fail : null;
    const rationale = verdict === 'fail' ? r.failRationale : verdict === 'pass' ? 'The advisor did this.' : 'Does not apply to this call.';
    const evidence = locate(text, turns, quote);
    return { rule_id: r.rule_id, rule: r.rule, category: r.category, mandatory: r.mandatory, verdict, rationale, quote, evidence };
  });
  const flag = (type: string, severity: string, excerpt: string): QaFlag => ({
    type,
    severity,
    excerpt,
    evidence: locate(text, turns, excerpt),
  });
  const flags = [
    ...(vulnerable ? [flag('vulnerability', 'high', CUSTOMER_LINES.vulnerable)] : []),
    ...(confused ? [flag('confusion', 'medium', CUSTOMER_LINES.confused)] : []),
    ...(anxious ? [flag('anxiety', 'low', CUSTOMER_LINES.anxious)] : []),
  ];
  const sScore = sentimentScore ?? (vulnerable ? -0.3 : 0.4);
  const sentiment: QaSentiment = { overall: sScore > 0.2 ? 'positive' : sScore < -0.2 ? 'negative' : 'neutral', score: sScore, flags };
  const { score, detail } = scoreOf(verdicts, sentiment);
  return {
    runId: '6f1c2a4e-5b7d-4c3e-9a8b-1d2e3f4a5b6c',
    callId: 'REC-88310',
    applicationId: 'APP-49201',
    advisor: 'Alex Wong',
    team: 'Home Finance North',
    customer: 'Mrs Patel',
    product,
    callAt: '2024-07-03T14:12:09.000Z',
    durationS: t,
    workflowId: '8d5d8f4e-7d2a-4b8e-9a57-3c1f0e2b6a10',
    workflowName: 'Standard Advice Call Analysis',
    workflowVersion: '1.0.0',
    runFinishedAt: '2024-07-08T09:30:00.000Z',
    score,
    maxScore: 100,
    scoreDetail: detail,
    verdicts,
    sentiment,
    transcript: { text, turns, language: 'en' },
    provenance: {
      // Every part the record keeps (lib/analysis), not run unless the fixture's standard workflow ran it.
      skills: {
        ...notRun(),
        transcription: 'skill://whisper-transcribe@1.0.0',
        sentiment: 'skill://sentiment-analysis@1.2.0',
        compliance: 'skill://compliance-analysis@1.3.0',
        scoring: 'skill://scoring@1.1.0',
      },
      states: {
        ...notRun(),
        transcription: 'AnalyseEachCall[0]/Transcribe',
        sentiment: 'AnalyseEachCall[0]/AnalyseSentiment',
        compliance: 'AnalyseEachCall[0]/CheckCompliance',
        scoring: 'AnalyseEachCall[0]/CalculateScore',
      },
      rule_set_id: 'compliance_rules_v2024Q4',
      brain: 'deterministic',
      started_by: 'compliance@demo.dcf',
    },
    scoringInput: null,
    testRun: false,
    ...fields,
  };
}

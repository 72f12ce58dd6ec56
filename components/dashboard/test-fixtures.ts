import type {
  ComplianceOverview,
  CustomerOutcomes,
  OperationsOverview,
  QaTrends,
  ReviewCoverage,
} from '@/server/contracts/dashboard-schemas';

/**
 * Widget answers in the contract's shapes (server/dashboard/schemas.ts) for the dashboard's unit
 * tests: four weeks of calls with a week missing (2024-06-17), two advisors, two products.
 */
export const PERIOD = { from: '2024-06-05', to: '2024-07-03' };
export const SCOPE = { filter: { team: 'Home Finance North' }, period: PERIOD };

export const TRENDS: QaTrends = {
  period: PERIOD,
  calls: 9,
  team_mean: 70,
  team: [
    { week: '2024-06-03', calls: 3, scored: 3, mean_score: 72 },
    { week: '2024-06-10', calls: 4, scored: 3, mean_score: 66.7 },
    { week: '2024-07-01', calls: 2, scored: 2, mean_score: 71 },
  ],
  advisors: [
    {
      advisor: 'Alex Wong',
      team: 'Home Finance North',
      calls: 4,
      scored: 4,
      mean_score: 62,
      vs_team: -8,
      weeks: [
        { week: '2024-06-10', calls: 2, scored: 2, mean_score: 60 },
        { week: '2024-07-01', calls: 2, scored: 2, mean_score: 64 },
      ],
    },
    {
      advisor: 'Tom Ellis',
      team: 'Home Finance North',
      calls: 5,
      scored: 4,
      mean_score: 76,
      vs_team: 6,
      weeks: [
        { week: '2024-06-03', calls: 3, scored: 3, mean_score: 72 },
        { week: '2024-06-10', calls: 2, scored: 1, mean_score: 80 },
      ],
    },
  ],
  below_team: [{ advisor: 'Alex Wong', calls: 4, mean_score: 62, vs_team: -8 }],
  what: 'Mean QA score per week (Monday) of the newest analysis of each call.',
};

export const COMPLIANCE: ComplianceOverview = {
  period: PERIOD,
  calls: 9,
  failed_mandatory_calls: 3,
  rules: [
    {
      rule_id: 'FCA-DISC-02',
      title: 'APRC stated',
      mandatory: true,
      applied: 9,
      failed: 3,
      pass_rate: 0.667,
      weeks: [
        { week: '2024-06-03', applied: 3, failed: 0, pass_rate: 1 },
        { week: '2024-06-10', applied: 4, failed: 2, pass_rate: 0.5 },
        { week: '2024-07-01', applied: 2, failed: 1, pass_rate: 0.5 },
      ],
    },
    {
      rule_id: 'QA-RAPPORT-01',
      title: 'Rapport',
      mandatory: false,
      applied: 4,
      failed: 0,
      pass_rate: 1,
      weeks: [{ week: '2024-06-10', applied: 4, failed: 0, pass_rate: 1 }],
    },
  ],
  mandatory_weeks: [
    { week: '2024-06-03', calls: 3, failed_mandatory: 0 },
    { week: '2024-06-10', calls: 4, failed_mandatory: 2 },
    { week: '2024-07-01', calls: 2, failed_mandatory: 1 },
  ],
  what: 'Pass rate of each rule over the calls it applied to.',
};

export const CUSTOMERS: CustomerOutcomes = {
  period: PERIOD,
  calls: 9,
  weeks: [
    { week: '2024-06-03', calls: 3, vulnerable: 1, confused: 0, anxious: 1, flagged_mean_score: 60, other_mean_score: 78 },
    { week: '2024-06-10', calls: 4, vulnerable: 0, confused: 0, anxious: 0, flagged_mean_score: null, other_mean_score: 66.7 },
  ],
  groups: [
    { group: 'vulnerable', product: null, calls: 1, scored: 1, mean_score: 60, failed_mandatory: 1, fails: 2 },
    { group: 'not_vulnerable', product: null, calls: 8, scored: 7, mean_score: 71.4, failed_mandatory: 2, fails: 3 },
    { group: 'vulnerable', product: 'HELOC 2.0', calls: 1, scored: 1, mean_score: 60, failed_mandatory: 1, fails: 2 },
    { group: 'not_vulnerable', product: 'HELOC 2.0', calls: 3, scored: 3, mean_score: 70, failed_mandatory: 1, fails: 1 },
    { group: 'not_vulnerable', product: 'Homeowner Loan', calls: 5, scored: 4, mean_score: 72.5, failed_mandatory: 1, fails: 2 },
  ],
  what: 'Customer flags per week and outcomes by group.',
};

export const COVERAGE: ReviewCoverage = {
  period: PERIOD,
  recorded: 12,
  recorded_note: null,
  analysed: 9,
  weeks: [
    { week: '2024-06-03', recorded: 4, analysed: 3 },
    { week: '2024-06-10', recorded: 5, analysed: 4 },
    { week: '2024-06-17', recorded: 1, analysed: 0 },
    { week: '2024-07-01', recorded: null, analysed: 2 },
  ],
  review: { unreviewed: 6, in_review: 1, awaiting_second_signoff: 1, signed_off: 1 },
  agreement: { rule_decisions: 20, rule_agreed: 18, rule_rate: 0.9, score_decisions: 3, score_overridden: 1, mean_abs_diff: 5 },
  what: 'Calls recorded in the CRM against calls analysed.',
};

export const OPERATIONS: OperationsOverview = {
  since: '2024-07-06T09:00:00.000Z',
  days: [
    { day: '2024-07-06', runs: 3, succeeded: 2, failed: 1, p50_ms: 41_000, p95_ms: 95_000, skill_calls: 30, swaps: 1 },
    { day: '2024-07-08', runs: 1, succeeded: 1, failed: 0, p50_ms: 38_000, p95_ms: 38_000, skill_calls: 10, swaps: 0 },
  ],
  totals: {
    runs: 4,
    succeeded: 3,
    failed: 1,
    success_rate: 0.75,
    p50_ms: 40_000,
    p95_ms: 95_000,
    skill_calls: 40,
    swaps: 1,
    caller_errors: 1,
  },
  skills: [
    {
      skill: 'skill://whisper-transcribe@1.0.0',
      capability: 'transcription',
      n_success: 3,
      n_failures: 1,
      n_caller_errors: 0,
      success_rate: 0.75,
      p95_latency_ms: 8000,
    },
    {
      skill: 'skill://scoring@1.0.0',
      capability: 'scoring',
      n_success: 4,
      n_failures: 0,
      n_caller_errors: 1,
      success_rate: 1,
      p95_latency_ms: 120,
    },
  ],
  what: 'Runs that finished in the last 2 days by the console’s clock.',
};

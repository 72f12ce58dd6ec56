import { describe, expect, it } from 'vitest';
import pilotOutput from './fixtures/pilot-run-output.json';
import allCallsOutput from './fixtures/all-calls-run-output.json';
import { isFinalRunStatus, qaResultOf, retriedStates, runDurationMs, runProgress, runSnapshotOf } from './run-view';

/**
 * Fixtures: the outputs of real runs of workflows/standard-advice-call-analysis.json and
 * …-all-calls.json (Alex Wong, 2024-07-01…07, `dcf run --wait`), trimmed: long transcript texts
 * cut, each compliance envelope keeps two passes, three failures and one not-applicable verdict
 * (its `passed`/`failed` counts adjusted to match), the all-calls run keeps its first two calls.
 */
const state = (status: string, attempts = 1, last_error: string | null = null) => ({
  status,
  attempts,
  lease: { token: null, owner_agent_id: null, ts: null, ttl_s: null },
  started_at: null,
  finished_at: null,
  last_error,
});
const view = (status: string, output: unknown, states: Record<string, unknown>) => ({
  status: 'ok',
  error: null,
  run: {
    run_id: '921d6136-b820-4682-a221-8c47396caf87',
    workflow_id: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21',
    workflow_name: 'Standard Advice Call Analysis',
    workflow_version: '1.0.0',
    status,
    input: {},
    output,
    error: null,
    cause: null,
    started_at: '2024-07-08T10:00:00.000Z',
    finished_at: status === 'RUNNING' ? null : '2024-07-08T10:00:01.435Z',
    started_by: 'agent:planner',
    summary: null,
  },
  meta: {},
  states,
  entries: {},
  data: {},
  events: [],
});

describe('runSnapshotOf', () => {
  it('reads the run record and state documents of a run view', () => {
    const s = runSnapshotOf(
      view('RUNNING', null, {
        GetApplicationIDs: state('done'),
        GetCallRecordings: state('running'),
        TranscribeRecording: state('pending'),
      }),
    )!;
    expect(s).toMatchObject({
      runId: '921d6136-b820-4682-a221-8c47396caf87',
      workflowName: 'Standard Advice Call Analysis',
      workflowVersion: '1.0.0',
      status: 'RUNNING',
      finishedAt: null,
    });
    expect(runProgress(s)).toEqual({ total: 3, done: 1, running: 1, failed: 0, pending: 1 });
    expect(runDurationMs(s, Date.parse('2024-07-08T10:00:05.000Z'))).toBe(5000);
  });

  it('is null for a tool failure or another shape', () => {
    expect(runSnapshotOf({ status: 'error', error: 'no run x', error_code: 'not_found' })).toBeNull();
    expect(runSnapshotOf({ status: 'ok', run_id: 'x', created: true })).toBeNull();
    expect(runSnapshotOf(undefined)).toBeNull();
  });

  it('lists the states that needed more than one attempt', () => {
    const s = runSnapshotOf(
      view('SUCCEEDED', null, {
        'AnalyseEachCall[10]/TranscribeRecording': state('done', 2, 'TranscriptionTimeout'),
        'AnalyseEachCall[2]/TranscribeRecording': state('done', 3, 'x'),
        GetCallRecordings: state('done'),
      }),
    )!;
    expect(retriedStates(s).map((r) => [r.state, r.attempts])).toEqual([
      ['AnalyseEachCall[2]/TranscribeRecording', 3],
      ['AnalyseEachCall[10]/TranscribeRecording', 2],
    ]);
    expect(runDurationMs(s, 0)).toBe(1435);
  });

  it('knows the final statuses', () => {
    expect(['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'].every(isFinalRunStatus)).toBe(true);
    expect(isFinalRunStatus('RUNNING')).toBe(false);
    expect(isFinalRunStatus(undefined)).toBe(false);
  });
});

describe('qaResultOf', () => {
  it('the pilot: score at $.qa_score.data.score with its breakdown, failed rules with their evidence', () => {
    const qa = qaResultOf(pilotOutput)!;
    expect(qa).toMatchObject({
      score: 60,
      maxScore: 100,
      formulaId: 'qa_scoring_formula_v3',
      perCall: [],
      compliance: { passed: 2, failed: 3, notApplicable: 1 },
    });
    expect(qa.summary).toContain('capped (failed mandatory_disclosure)');
    expect(qa.breakdown).toEqual([
      { component: 'compliance', points: 35 },
      { component: 'sentiment', points: 16.7 },
      { component: 'clarity', points: 8 },
    ]);
    expect(qa.failedRules.map((r) => r.ruleId)).toEqual(['FCA-DISC-01', 'FCA-DISC-05', 'FCA-DISC-06']);
    expect(qa.failedRules[0]).toEqual({
      ruleId: 'FCA-DISC-01',
      rule: 'Tell the customer that the call is recorded.',
      category: 'mandatory_disclosure',
      rationale: 'Required wording missing from the call.',
      evidence: null,
      call: null,
    });
    expect(qa.failedRules[1]!.evidence).toMatch(/^Based on your application we can offer/);
  });

  it('all calls: the aggregate score, each call’s score, and failed rules labelled by recording', () => {
    const qa = qaResultOf(allCallsOutput)!;
    expect(qa.score).toBe(60);
    expect(qa.summary).toContain('over 4 calls');
    expect(qa.perCall).toEqual([
      { call: 'REC-88310', score: 60, maxScore: 100 },
      { call: 'REC-88342', score: 29, maxScore: 100 },
    ]);
    expect(new Set(qa.failedRules.map((r) => r.call))).toEqual(new Set(['REC-88310', 'REC-88342']));
    expect(qa.compliance).toEqual({ passed: 4, failed: 6, notApplicable: 2 });
  });

  it('compliance without a score (product explanation) still gives the failed rules', () => {
    const qa = qaResultOf({ compliance: (pilotOutput as { analysis: { compliance: unknown } }).analysis.compliance })!;
    expect(qa.score).toBeNull();
    expect(qa.failedRules).toHaveLength(3);
  });

  it('is null for output without either', () => {
    expect(qaResultOf({ applications: { ok: true, summary: 'x', data: { ids: [] } } })).toBeNull();
    expect(qaResultOf(null)).toBeNull();
  });
});

describe('qaResultOf: numbers that agree', () => {
  it('with several calls, the headline is the mean of the per-call scores with the count', () => {
    const qa = qaResultOf(allCallsOutput)!;
    expect(qa.perCall.length).toBeGreaterThan(1);
    const mean = Math.round((qa.perCall.reduce((t, c) => t + c.score, 0) / qa.perCall.length) * 10) / 10;
    expect(qa.mean).toEqual({ value: mean, count: qa.perCall.length });
    expect(qaResultOf(pilotOutput)!.mean).toBeNull();
  });

  it('says why a score is below the sum of its parts, from the skill’s cap or, without one, from the numbers', () => {
    const env = (data: object) => ({ qa_score: { ok: true, summary: 's', data } });
    const base = { formula_id: 'f', score: 60, max_score: 100, breakdown: { compliance: 45, sentiment: 13.8, clarity: 8.3 } };
    expect(qaResultOf(env({ ...base, cap: { value: 60, categories: ['mandatory_disclosure'], rule_ids: ['FCA-DISC-01'] } }))!.capText).toBe(
      'Parts add up to 67; capped at 60 because mandatory disclosure failed (FCA-DISC-01).',
    );
    expect(qaResultOf(env(base))!.capText).toBe('Parts add up to 67; capped at 60.');
    expect(qaResultOf(env({ ...base, score: 67 }))!.capText).toBeNull();
  });
});

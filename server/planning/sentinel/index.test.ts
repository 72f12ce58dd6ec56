import { describe, expect, it } from 'vitest';
import { sentinelFindingSchema } from '../../../lib/planning/schemas.ts';
import { endFindings, liveFindings } from './index.ts';
import { arm, at, calls, choice, input, intent, plan, record } from './testing/fixtures.ts';

const A = 'skill://whisper-transcribe@1.0.0';
const B = 'skill://assemblyai-transcribe@1.0.0';

/** A turn that went wrong in every way the sentinel knows. */
const troubled = input({
  plan: plan({
    plannedSequence: [intent('get_skillset'), intent('invoke_skill_tool'), intent('reply')],
    budget: { maxToolCalls: 2, maxLatency: 3_000, maxCost: 100 },
    policy: { strategy: 'Greedy', preferGeneralMethods: true },
    executionState: 'Complete',
  }),
  records: [...calls('invoke_skill_tool', 'delete_workflow', 'invoke_skill_tool'), record(3, 'model', { cost_units: 150 })],
  choices: [choice('rec-0', B, [arm(A, 9, 1), arm(B, 1, 9)], { general_method_used: false })],
  now: at(3_500),
});

const kinds = (drafts: { key: string }[]) => drafts.map((d) => d.key.split(':').slice(1).join(':'));

describe('liveFindings', () => {
  it('runs the live checks: budgets, unplanned calls, policy per decision, BLP', () => {
    expect(kinds(liveFindings(troubled, new Set()))).toEqual([
      'BudgetExceeded:maxToolCalls',
      'BudgetExceeded:maxLatency',
      'BudgetExceeded:maxCost',
      'PlanDeviation:unplanned:rec-1',
      'PolicyViolation:rec-0',
      'BLPViolation:rec-0',
    ]);
  });

  it('leaves out what was recorded before, so each finding is recorded once', () => {
    const first = liveFindings(troubled, new Set());
    expect(liveFindings(troubled, new Set(first.map((d) => d.key)))).toEqual([]);
    expect(kinds(liveFindings(troubled, new Set([first[0]!.key, first[4]!.key])))).toEqual([
      'BudgetExceeded:maxLatency',
      'BudgetExceeded:maxCost',
      'PlanDeviation:unplanned:rec-1',
      'BLPViolation:rec-0',
    ]);
  });

  it('finds nothing for a plan followed to the letter within its budget', () => {
    const clean = input({
      plan: plan({
        plannedSequence: [intent('get_skillset'), intent('invoke_skill_tool')],
        budget: { maxToolCalls: 5 },
      }),
      records: calls('get_skillset', 'invoke_skill_tool', 'invoke_skill_tool'),
      choices: [choice('rec-1', A, [arm(A, 9, 1), arm(B, 1, 9)])],
    });
    expect(liveFindings(clean, new Set())).toEqual([]);
    expect(endFindings({ ...clean, plan: { ...clean.plan, executionState: 'Complete' } }, new Set())).toEqual([]);
  });
});

describe('endFindings', () => {
  it('adds the end-only checks (skipped intents, EpsilonGreedy over the plan) and marks its findings end', () => {
    const drafts = endFindings(troubled, new Set());
    expect(kinds(drafts)).toEqual([
      'BudgetExceeded:maxToolCalls',
      'BudgetExceeded:maxLatency',
      'BudgetExceeded:maxCost',
      'PlanDeviation:unplanned:rec-1',
      'PolicyViolation:rec-0',
      'BLPViolation:rec-0',
      'PlanDeviation:skipped:0',
      'PlanDeviation:skipped:2',
    ]);
    expect(new Set(drafts.map((d) => d.when))).toEqual(new Set(['end']));
  });

  it('measures latency to the last record, not to now', () => {
    const late = { ...troubled, now: at(3_600_000) };
    const latency = endFindings(late, new Set()).find((d) => d.key.endsWith('maxLatency'));
    expect(latency?.detail).toMatchObject({ exceeded: { actual: 4_500 } });
  });

  it('reports the EpsilonGreedy bound only at the end', () => {
    const arms = [arm(A, 30, 0), arm(B, 0, 30)];
    const eg = input({
      plan: plan({ plannedSequence: [intent('invoke_skill_tool')], policy: { strategy: 'EpsilonGreedy' } }),
      records: calls('invoke_skill_tool', 'invoke_skill_tool', 'invoke_skill_tool'),
      choices: [0, 1, 2].map((i) => choice(`rec-${i}`, B, arms)),
    });
    expect(liveFindings(eg, new Set())).toEqual([]);
    expect(kinds(endFindings(eg, new Set()))).toEqual(['PolicyViolation:epsilon-greedy']);
  });
});

it('is deterministic, and every draft is a valid SentinelFinding once the store adds id and time', () => {
  expect(endFindings(troubled, new Set())).toEqual(endFindings(troubled, new Set()));
  for (const { key, ...draft } of [...liveFindings(troubled, new Set()), ...endFindings(troubled, new Set())]) {
    expect(key.startsWith(`${draft.plan_id}:${draft.type}:`)).toBe(true);
    expect(sentinelFindingSchema.safeParse({ ...draft, id: 'f-1', at: at(0) }).success).toBe(true);
  }
});

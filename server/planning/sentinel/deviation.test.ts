import { describe, expect, it } from 'vitest';
import { skippedIntentFindings, unplannedCallFindings } from './deviation.ts';
import { calls, input, intent, plan, record } from './testing/fixtures.ts';

const declared = [intent('get_skillset'), intent('invoke_skill_tool', { fallbackOnFailure: intent('ask_user') }), intent('reply')];

describe('PlanDeviation: unplanned_call', () => {
  const p = plan({ plannedSequence: declared });

  it('is found for an executed call that matches no intent', () => {
    const found = unplannedCallFindings(input({ plan: p, records: calls('get_skillset', 'delete_workflow') }), 'live');
    expect(found).toEqual([
      {
        key: `${p.planId}:PlanDeviation:unplanned:rec-1`,
        plan_id: p.planId,
        agent_id: p.agent_id,
        type: 'PlanDeviation',
        when: 'live',
        message:
          'delete_workflow was called (call 2) but the plan declares no intent it carries out, ' + 'and no rationale for it was given.',
        detail: {
          type: 'PlanDeviation',
          deviation: 'unplanned_call',
          expected: null,
          actual: { tool_name: 'delete_workflow', record_id: 'rec-1' },
        },
        evidence: ['rec-1'],
      },
    ]);
  });

  it('is not found for calls that carry out intents, repeated or not', () => {
    const records = calls('get_skillset', 'invoke_skill_tool', 'invoke_skill_tool', 'reply');
    expect(unplannedCallFindings(input({ plan: p, records }), 'live')).toEqual([]);
  });

  it('is not found when the agent gave a rationale for calling that tool', () => {
    const explained = plan({
      plannedSequence: declared,
      deviations: [{ kind: 'unplanned_call', toolName: 'delete_workflow', rationale: 'the user asked' }],
    });
    expect(unplannedCallFindings(input({ plan: explained, records: calls('delete_workflow') }), 'live')).toEqual([]);
  });

  it('is still found when the rationale is for another tool or of the other kind', () => {
    const wrong = plan({
      plannedSequence: declared,
      deviations: [
        { kind: 'skipped_intent', toolName: 'delete_workflow', rationale: 'x' },
        { kind: 'unplanned_call', toolName: 'list_workflows', rationale: 'y' },
      ],
    });
    expect(unplannedCallFindings(input({ plan: wrong, records: calls('delete_workflow') }), 'end')).toHaveLength(1);
  });

  it('is not found for refused calls, model records or planning tools', () => {
    const records = [
      record(0, 'delete_workflow', { status: 'refused', error_code: 'budget_exceeded' }),
      record(1, 'model', { cost_source: 'model_tokens' }),
      record(2, 'update_tool_call_plan'),
    ];
    expect(unplannedCallFindings(input({ plan: p, records }), 'live')).toEqual([]);
  });

  it('finds a fallback called before the intent it backs failed, and not after', () => {
    const early = calls('get_skillset', 'ask_user');
    const found = unplannedCallFindings(input({ plan: p, records: early }), 'live');
    expect(found.map((f) => f.evidence)).toEqual([['rec-1']]);
    const after = [record(0, 'invoke_skill_tool', { status: 'error' }), record(1, 'ask_user')];
    expect(unplannedCallFindings(input({ plan: p, records: after }), 'live')).toEqual([]);
  });
});

describe('PlanDeviation: skipped_intent', () => {
  const ended = (over: Parameters<typeof plan>[0] = {}) => plan({ plannedSequence: declared, executionState: 'Complete', ...over });

  it('is found for a declared intent no call carried out', () => {
    const p = ended();
    const found = skippedIntentFindings(input({ plan: p, records: calls('get_skillset', 'invoke_skill_tool') }));
    expect(found).toEqual([
      {
        key: `${p.planId}:PlanDeviation:skipped:2`,
        plan_id: p.planId,
        agent_id: p.agent_id,
        type: 'PlanDeviation',
        when: 'end',
        message: 'Intent 3 of 3, reply, was declared but never called, and no rationale for skipping it was given.',
        detail: { type: 'PlanDeviation', deviation: 'skipped_intent', expected: declared[2], actual: null },
        evidence: [],
      },
    ]);
  });

  it('names the skill of a skipped skill intent', () => {
    const p = ended({ plannedSequence: [intent('invoke_skill_tool', { skill: 'transcription' })] });
    expect(skippedIntentFindings(input({ plan: p }))[0]?.message).toMatch(/^Intent 1 of 1, invoke_skill_tool \(transcription\),/);
  });

  it('is not found when every intent ran, or the agent explained the skip', () => {
    const all = calls('get_skillset', 'invoke_skill_tool', 'reply');
    expect(skippedIntentFindings(input({ plan: ended(), records: all }))).toEqual([]);
    const rationale = { kind: 'skipped_intent' as const, toolName: 'reply', rationale: 'nothing to say' };
    const explained = ended({ deviations: [rationale] });
    expect(skippedIntentFindings(input({ plan: explained, records: calls('get_skillset', 'invoke_skill_tool') }))).toEqual([]);
  });

  it('is not found for a fallback that never ran (a contingency)', () => {
    const records = calls('get_skillset', 'invoke_skill_tool', 'reply');
    expect(skippedIntentFindings(input({ plan: ended(), records }))).toEqual([]);
  });

  it('counts a refused attempt as reaching its intent (the budget finding explains it)', () => {
    const records = [...calls('get_skillset', 'invoke_skill_tool'), record(2, 'reply', { status: 'refused' })];
    expect(skippedIntentFindings(input({ plan: ended(), records }))).toEqual([]);
  });

  it('for a Failed plan, is found only before the last intent it reached', () => {
    const failed = ended({ executionState: 'Failed' });
    expect(skippedIntentFindings(input({ plan: failed, records: calls('get_skillset') }))).toEqual([]);
    expect(skippedIntentFindings(input({ plan: failed }))).toEqual([]);
    const skippedFirst = skippedIntentFindings(input({ plan: failed, records: calls('invoke_skill_tool') }));
    expect(skippedFirst.map((f) => f.key.split(':').at(-1))).toEqual(['0']);
  });

  it('is never found for a Replaced plan (its intents moved to the new plan)', () => {
    expect(skippedIntentFindings(input({ plan: ended({ executionState: 'Replaced' }) }))).toEqual([]);
  });
});

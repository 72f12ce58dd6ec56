import { describe, expect, it } from 'vitest';
import { goalText, runtimePlan } from './runtime-plan.ts';

describe('the goal of a plan the runtime declares', () => {
  it("keeps a person's words as they are, and says what an empty turn answers", () => {
    expect(goalText("  Review Alex Wong's calls last week ")).toBe("Review Alex Wong's calls last week");
    expect(goalText('   ')).toBe('the message this turn answers');
    expect(goalText('x'.repeat(5_000))).toHaveLength(4_000);
  });

  it("names an agent message's type and first plain fields instead of quoting its JSON", () => {
    const message = JSON.stringify({
      type: 'task_result',
      task_id: 't-7',
      status: 'success',
      metrics: { calls: 4 },
      session_id: 's-1',
      note: 'n',
    });
    expect(goalText(message)).toBe('Act on the task result message (task id t-7, status success, session id s-1)');
    expect(goalText('{"message_type":"strategic_advice"}')).toBe('Act on the strategic advice message');
    expect(goalText('{"run_id":"r-1"}')).toBe('Act on the message (run id r-1)');
  });

  it('leaves text that only starts like JSON as it is', () => {
    expect(goalText('{not json} please review')).toBe('{not json} please review');
  });

  it('declares the tool-layer calls of the decision, none when it makes none', () => {
    const unit = { kind: 'chat_turn' as const, id: 'm-1' };
    const plan = runtimePlan(
      '{"type":"task_result","task_id":"t-1"}',
      [
        { id: 'c1', name: 'get_skill_reliability', arguments: '{"capability":"transcription"}' },
        { id: 'c2', name: 'send_message', arguments: '{"message":"hi"}' },
      ],
      unit,
    );
    expect(plan).toMatchObject({
      goal: 'Act on the task result message (task id t-1)',
      declared_by: 'runtime',
      unit,
      plannedSequence: [{ toolName: 'get_skill_reliability' }],
    });
    expect(runtimePlan('hi', [{ id: 'c2', name: 'send_message', arguments: '{}' }], unit)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dispatchedTaskIn } from './dispatched-task';

describe('dispatchedTaskIn', () => {
  it('reads a scheduled request', () => {
    const text = JSON.stringify({
      type: 'dispatched_task',
      dispatched_task_id: 'd',
      task_type: 'PLANNER_REQUEST',
      task_payload: { request: 'review every advisor last week', notify: ['UI_ALERT'] },
      reply_expected: false,
      dispatched_by: { kind: 'system', id: 'scheduler' },
      background_job: { internal_job_id: 'j', job_name: 'Weekly review', fired_at: '2024-07-15T08:00:00Z' },
    });
    expect(dispatchedTaskIn(text)).toEqual({
      taskType: 'PLANNER_REQUEST',
      request: 'review every advisor last week',
      job: { name: 'Weekly review', firedAt: '2024-07-15T08:00:00Z' },
      dispatchedBy: 'scheduler',
    });
  });

  it.each(['hello', '{"type":"task_result"}', '{not json', '{"type":"dispatched_task"}'])('ignores %s', (text) => {
    expect(dispatchedTaskIn(text)).toBeNull();
  });
});

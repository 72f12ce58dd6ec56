import { describe, expect, it } from 'vitest';
import type { SessionObservation } from '../../../delegation/receive.ts';
import { failedByCaller, sessionTasks, skillTallies, specializationTallies } from './outcomes.ts';

const SF = 'skill://salesforce-integration@2.1.0';
const completion = (task_id: string, status: 'succeeded' | 'failed', error: string | null) => ({
  at: '2030-06-15T12:00:00.000Z',
  kind: 'task_result',
  task_id,
  actor: 'comp-1',
  subject: 'conductor',
  detail: {
    status,
    metrics: { duration_s: 4, tool_calls: 2, skills_used: [SF] },
    summary: 'done',
    error,
    failed_skill: status === 'failed' ? SF : null,
  },
});
const observation = (task_id: string, error: string | null): SessionObservation => ({
  type: 'session_observation',
  session_id: 's-1',
  task_id,
  companion_id: 'comp-1',
  specialization: 'crm',
  status: error ? 'failed' : 'succeeded',
  skills_used: [SF],
  failed_skill: error ? SF : null,
  duration_s: 4,
  tool_calls: 2,
  summary: 'done',
  error,
  completed_at: '2030-06-15T12:00:00.000Z',
});
const UNKNOWN_ADVISOR = `step fetch (${SF} get_applications_by_advisor): AdvisorNotFound: no advisor named "John Smith"`;

describe("the Strategist's tallies leave out what the caller caused", () => {
  it('reads a task error as the graph does', () => {
    expect(failedByCaller('failed', UNKNOWN_ADVISOR)).toBe(true);
    expect(failedByCaller('failed', `step fetch (${SF} get): TimeoutError: late`)).toBe(false);
    expect(failedByCaller('succeeded', UNKNOWN_ADVISOR)).toBe(false);
    expect(failedByCaller('failed', null)).toBe(false);
  });

  it("counts the skill's own failure and success, never a caller error — from the activity or the observation", () => {
    const activity = {
      task_completions: [
        completion('t-1', 'succeeded', null),
        completion('t-2', 'failed', UNKNOWN_ADVISOR),
        completion('t-3', 'failed', `step fetch (${SF} get): SkillError: the CRM answered 500`),
      ],
    };
    const tasks = sessionTasks(activity, observation('t-4', `step fetch (${SF} get): InvalidArguments: start_date is after end_date`));
    expect(tasks.map((t) => t.task_id)).toEqual(['t-1', 't-3']);
    expect(skillTallies(tasks).get(SF)).toMatchObject({ tasks: 2, successes: 1, failures: 1 });
    // The Companion's specialization (from the observation) is judged on the same two tasks.
    expect(specializationTallies(tasks).get('crm')).toMatchObject({ tasks: 2, successes: 1, failures: 1 });
    expect(sessionTasks({ task_completions: [] }, observation('t-5', null)).map((t) => t.status)).toEqual(['succeeded']);
  });
});

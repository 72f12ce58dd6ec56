import { describe, expect, it } from 'vitest';
import { jobDoes, readScheduleWords, scheduleWordsOf, taskWords } from './job-words';

describe('a job in words', () => {
  it('says what each trigger asks, or the task type as words', () => {
    expect(jobDoes({ task_type_on_trigger: 'planner_request', task_payload_on_trigger: { request: ' review yesterday ' } })).toBe(
      'Asks: “review yesterday”',
    );
    expect(jobDoes({ task_type_on_trigger: 'QA_REVIEW', task_payload_on_trigger: { advisors: 'all' } })).toBe('Sends a QA review task');
    expect(taskWords('PERIODIC_AGENT_TRIGGER')).toBe('periodic agent trigger');
  });

  it('reads a schedule typed in words into what update_background_job takes', () => {
    expect(readScheduleWords('every weekday at 8am')).toEqual({
      ok: true,
      words: 'every weekday at 08:00 (UK time)',
      plain: 'every weekday at 08:00',
      change: { cron_expression: '0 8 * * 1-5' },
    });
    expect(readScheduleWords('every 2 hours')).toEqual({
      ok: true,
      words: 'every 2 hours',
      plain: 'every 2 hours',
      change: { interval_seconds: 7200 },
    });
    expect(readScheduleWords(scheduleWordsOf({ schedule_text: 'every Monday at 09:00 (Europe/London)' }))).toMatchObject({
      change: { cron_expression: '0 9 * * 1' },
    });
  });

  it('refuses what is not only a schedule, with the reason', () => {
    expect(readScheduleWords('tomorrow')).toMatchObject({ ok: false });
    expect(readScheduleWords('fortnightly on Monday')).toMatchObject({ ok: false, message: expect.stringMatching(/not every other week/) });
    expect(readScheduleWords('every Monday review the team')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/review the team/),
    });
  });
});

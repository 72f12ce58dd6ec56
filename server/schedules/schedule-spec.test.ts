import { describe, expect, it } from 'vitest';
import { checkSchedule, nextRunAfter, repeatOptions } from './schedule-spec.ts';
import { scheduleInWords } from './schedule-words.ts';

describe('schedule_background_job: cron_expression or interval_seconds', () => {
  it('needs exactly one of the two', () => {
    expect(checkSchedule(undefined, undefined)).toEqual({ ok: false, message: 'give one of cron_expression or interval_seconds' });
    expect(checkSchedule('0 9 * * 1', 60)).toEqual({ ok: false, message: 'give either cron_expression or interval_seconds, not both' });
    expect(checkSchedule('  ', undefined).ok).toBe(false);
    expect(checkSchedule(undefined, 0).ok).toBe(false);
    expect(checkSchedule(undefined, 1.5).ok).toBe(false);
    expect(checkSchedule(undefined, 300)).toEqual({ ok: true, schedule: { kind: 'interval', seconds: 300 } });
  });

  it('validates cron: 5 or 6 fields, ranges, zone prefix', () => {
    expect(checkSchedule('0 9 * * 1', undefined)).toEqual({
      ok: true,
      schedule: { kind: 'cron', pattern: '0 9 * * 1', timezone: 'Europe/London' },
    });
    expect(checkSchedule('*/5 * * * * *', undefined).ok).toBe(true);
    const three = checkSchedule('* * *', undefined);
    expect(three.ok).toBe(false);
    if (!three.ok) expect(three.message).toMatch(/5 fields .* not 3/);
    const range = checkSchedule('61 * * * *', undefined);
    expect(range.ok).toBe(false);
    if (!range.ok) expect(range.message).toMatch(/not valid/);
    expect(checkSchedule('CRON_TZ=America/New_York 0 9 * * 1', undefined)).toEqual({
      ok: true,
      schedule: { kind: 'cron', pattern: '0 9 * * 1', timezone: 'America/New_York' },
    });
    expect(checkSchedule('TZ=Nowhere/Atlantis 0 9 * * 1', undefined).ok).toBe(false);
  });

  it('reads cron times in Europe/London, through the clock change', () => {
    const monday9 = { kind: 'cron', pattern: '0 9 * * 1', timezone: 'Europe/London' } as const;
    // Summer (BST, UTC+1): 09:00 London is 08:00 UTC; winter (GMT): 09:00 UTC.
    expect(nextRunAfter(monday9, new Date('2026-07-01T00:00:00Z')).toISOString()).toBe('2026-07-06T08:00:00.000Z');
    expect(nextRunAfter(monday9, new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-12-07T09:00:00.000Z');
    const ny = { kind: 'cron', pattern: '0 9 * * 1', timezone: 'America/New_York' } as const;
    expect(nextRunAfter(ny, new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-12-07T14:00:00.000Z');
  });

  it('maps to BullMQ repeat options', () => {
    expect(repeatOptions({ kind: 'interval', seconds: 2 })).toEqual({ every: 2000 });
    expect(repeatOptions({ kind: 'cron', pattern: '0 9 * * 1', timezone: 'Europe/London' })).toEqual({
      pattern: '0 9 * * 1',
      tz: 'Europe/London',
    });
  });

  it('says the schedule in words', () => {
    expect(scheduleInWords({ kind: 'interval', seconds: 1 })).toBe('every second');
    expect(scheduleInWords({ kind: 'interval', seconds: 300 })).toBe('every 5 minutes');
    expect(scheduleInWords({ kind: 'interval', seconds: 604_800 })).toBe('every 7 days');
    expect(scheduleInWords({ kind: 'cron', pattern: '0 9 * * 1', timezone: 'Europe/London' })).toBe(
      'every Monday at 09:00 (Europe/London)',
    );
    expect(scheduleInWords({ kind: 'cron', pattern: '30 7 * * *', timezone: 'Europe/London' })).toBe('every day at 07:30 (Europe/London)');
    expect(scheduleInWords({ kind: 'cron', pattern: '0 18 * * 1-5', timezone: 'Europe/London' })).toBe(
      'every weekday at 18:00 (Europe/London)',
    );
    expect(scheduleInWords({ kind: 'cron', pattern: '*/15 * * * *', timezone: 'Europe/London' })).toBe('every 15 minutes');
    expect(scheduleInWords({ kind: 'cron', pattern: '0 9 1 * *', timezone: 'Europe/London' })).toBe(
      'on day 1 of every month at 09:00 (Europe/London)',
    );
    // Other patterns as cronstrue words them: 24-hour clock, "to" in a range, the zone where times depend on it.
    const words = (pattern: string, timezone = 'Europe/London') => scheduleInWords({ kind: 'cron', pattern, timezone });
    expect(words('0 0 1,15 * *')).toBe('at 00:00, on day 1 and 15 of the month (Europe/London)');
    expect(words('30 17 * * 1-3')).toBe('at 17:30, Monday to Wednesday (Europe/London)');
    expect(words('0 9 * * 1,3', 'America/New_York')).toBe('at 09:00, only on Monday and Wednesday (America/New_York)');
    expect(words('0 */2 * * *')).toBe('on the hour, every 2 hours (Europe/London)');
    expect(words('*/5 * * * * *')).toBe('every 5 seconds');
    expect(words('0 9 ? * 1')).toBe('every Monday at 09:00 (Europe/London)');
    // H (a hashed value) is refused: cron-parser draws it afresh on every parse, so the schedule would wander.
    expect(checkSchedule('0 9 * * 1,H', undefined)).toMatchObject({ ok: false, message: expect.stringContaining('uses H') });
    expect(checkSchedule('H 9 * * *', undefined).ok).toBe(false);
    // A stored pattern cronstrue cannot read is shown as the pattern itself.
    expect(words('0 9 * * 1,H')).toBe('cron "0 9 * * 1,H" (Europe/London)');
  });
});

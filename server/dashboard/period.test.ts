import { describe, expect, it } from 'vitest';
import { dashboardPeriod } from './period.ts';
import { weeksOfPeriod } from './recorded.ts';
import { dashboardFilterSchema } from '../contracts/dashboard-schemas.ts';

describe('the dashboard period', () => {
  const now = new Date('2024-07-10T12:00:00Z');

  it('defaults to the 84 days up to today, `to` included', () => {
    expect(dashboardPeriod({}, undefined, now)).toEqual({ from: '2024-04-18', to: '2024-07-10' });
    expect(dashboardPeriod({ to: '2024-03-31' }, undefined, now)).toEqual({ from: '2024-01-08', to: '2024-03-31' });
    expect(dashboardPeriod({ from: '2024-06-01' }, undefined, now)).toEqual({ from: '2024-06-01', to: '2024-07-10' });
    expect(dashboardPeriod({ from: '2024-06-01', to: '2024-06-02' }, undefined, now)).toEqual({ from: '2024-06-01', to: '2024-06-02' });
  });

  it('takes today from the pinned clock (a date or a date-time), in London', () => {
    expect(dashboardPeriod({}, '2024-07-08', now)).toEqual({ from: '2024-04-16', to: '2024-07-08' });
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(dashboardPeriod({}, '2024-06-30T23:30:00Z', now).to).toBe('2024-07-01');
    // In winter London is on UTC: 23:30 UTC on 30 November is still that day.
    expect(dashboardPeriod({}, '2024-11-30T23:30:00Z', now).to).toBe('2024-11-30');
  });

  it('ends a period that starts after a defaulted today on its first day', () => {
    expect(dashboardPeriod({ from: '2024-08-01' }, undefined, now)).toEqual({ from: '2024-08-01', to: '2024-08-01' });
  });
});

describe('the weeks the CRM is asked about', () => {
  it('covers the period week by week (Monday keys), each clipped to the period', () => {
    expect(weeksOfPeriod({ from: '2024-06-26', to: '2024-07-10' })).toEqual([
      { week: '2024-06-24', start: '2024-06-26', end: '2024-06-30' },
      { week: '2024-07-01', start: '2024-07-01', end: '2024-07-07' },
      { week: '2024-07-08', start: '2024-07-08', end: '2024-07-10' },
    ]);
    const oneDay = { from: '2024-07-01', to: '2024-07-01' };
    expect(weeksOfPeriod(oneDay)).toEqual([{ week: '2024-07-01', start: '2024-07-01', end: '2024-07-01' }]);
    expect(weeksOfPeriod({ from: '2024-03-25', to: '2024-04-07' }).map((w) => w.week)).toEqual(['2024-03-25', '2024-04-01']);
  });
});

describe('the filter refuses days the calendar does not have', () => {
  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10'])('%s', (d) => {
    const r = dashboardFilterSchema.safeParse({ from: d });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/calendar|YYYY-MM-DD/);
  });
  it('takes a leap day', () => {
    expect(dashboardFilterSchema.safeParse({ from: '2024-02-29', to: '2024-03-01' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { planBackfill, weeksOf, type KnownCall } from './plan.ts';

let n = 0;
const call = (advisor_name: string, opened_on: string, recorded_at: string, application_id = `APP-${opened_on}-${advisor_name}`) =>
  ({ recording_id: `REC-${++n}`, application_id, advisor_name, opened_on, recorded_at }) satisfies KnownCall;

describe('planBackfill', () => {
  it('makes one run per advisor per Monday–Sunday week of opening, clipped to the range, in week then name order', () => {
    const calls = [
      call('Tom Ellis', '2024-06-01', '2024-06-01T10:00:00Z'), // Saturday: week of Monday 27 May
      call('Priya Shah', '2024-06-03', '2024-06-05T10:00:00Z'),
      call('Alex Wong', '2024-06-04', '2024-06-04T10:00:00Z'),
      call('Alex Wong', '2024-06-09', '2024-06-10T09:00:00Z'), // opened Sunday, recorded the next week: still this week's
      call('Alex Wong', '2024-06-10', '2024-06-10T11:00:00Z'),
    ];
    const plan = planBackfill(calls, { from: '2024-06-01', to: '2024-06-16', today: '2024-07-08' });
    expect(plan.runs.map((r) => [r.week, r.advisor_name, r.start_date, r.end_date, r.calls.length])).toEqual([
      ['2024-05-27', 'Tom Ellis', '2024-06-01', '2024-06-02', 1],
      ['2024-06-03', 'Alex Wong', '2024-06-03', '2024-06-09', 2],
      ['2024-06-03', 'Priya Shah', '2024-06-03', '2024-06-09', 1],
      ['2024-06-10', 'Alex Wong', '2024-06-10', '2024-06-16', 1],
    ]);
    expect(plan.notYet).toBe(0);
    expect(weeksOf(plan)).toEqual(['2024-05-27', '2024-06-03', '2024-06-10']);
  });

  it('leaves out calls of applications opened outside the range', () => {
    const calls = [call('Alex Wong', '2024-06-30', '2024-07-02T10:00:00Z'), call('Alex Wong', '2024-07-02', '2024-07-02T12:00:00Z')];
    const plan = planBackfill(calls, { from: '2024-07-01', to: '2024-07-07', today: '2024-07-08' });
    expect(plan.runs.map((r) => [r.start_date, r.end_date, r.calls])).toEqual([['2024-07-01', '2024-07-07', [`REC-${n}`]]]);
  });

  it("holds back an application with a call after today (London day), and the advisor's later ones that week", () => {
    const early = call('Priya Shah', '2024-07-01', '2024-07-02T10:00:00Z');
    // Recorded 23:30 UTC on 8 Jul is 00:30 on 9 Jul in London (BST): after today.
    const straddling = [
      call('Priya Shah', '2024-07-03', '2024-07-04T10:00:00Z', 'APP-S'),
      call('Priya Shah', '2024-07-03', '2024-07-08T23:30:00Z', 'APP-S'),
    ];
    const later = call('Priya Shah', '2024-07-05', '2024-07-05T10:00:00Z');
    const other = call('Tom Ellis', '2024-07-05', '2024-07-08T16:00:00Z');
    const plan = planBackfill([early, ...straddling, later, other], { from: '2024-07-01', to: '2024-07-08', today: '2024-07-08' });
    expect(plan.runs.map((r) => [r.advisor_name, r.start_date, r.end_date, r.calls])).toEqual([
      ['Priya Shah', '2024-07-01', '2024-07-02', [early.recording_id]],
      ['Tom Ellis', '2024-07-01', '2024-07-07', [other.recording_id]],
    ]);
    expect(plan.notYet).toBe(3);
  });

  it('makes no run for a week whose only applications wait, and none at all without calls', () => {
    const waiting = [call('Sophie Turner', '2024-07-08', '2024-07-09T10:00:00Z')];
    const plan = planBackfill(waiting, { from: '2024-07-08', to: '2024-07-08', today: '2024-07-08' });
    expect(plan).toMatchObject({ runs: [], notYet: 1 });
    expect(planBackfill([], { from: '2024-06-01', to: '2024-08-31', today: '2024-09-01' })).toMatchObject({ runs: [], notYet: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { timelineRows } from './timeline-rows';
import type { Instance } from './types';

const t = (s: number) => new Date(Date.UTC(2024, 6, 8, 9, 0, s)).toISOString();
const inst = (
  instance: string,
  status: Instance['status'],
  entered: number | null,
  started: number | null,
  finished: number | null,
): Instance =>
  ({
    instance,
    status,
    attempts: 1,
    entered_at: entered === null ? null : t(entered),
    started_at: started === null ? null : t(started),
    finished_at: finished === null ? null : t(finished),
  }) as Instance;

describe('timelineRows', () => {
  it("places each entered instance on the run's span, in start order, never-entered ones left out", () => {
    const { rows, spanMs } = timelineRows(
      [inst('B', 'done', 2, 4, 6), inst('A', 'done', 0, 0, 2), inst('C', 'pending', null, null, null)],
      { started_at: t(0), finished_at: t(10) },
      Date.parse(t(99)),
    );
    expect(spanMs).toBe(10_000);
    expect(rows.map((r) => r.instance)).toEqual(['A', 'B']);
    expect(rows[1]).toMatchObject({ start: 0.4, end: 0.6, waitedFrom: 0.2 });
    expect(rows[0]).toMatchObject({ start: 0, end: 0.2, waitedFrom: null });
  });

  it('runs a bar still going up to now, and the span to now while the run runs', () => {
    const { rows, spanMs } = timelineRows([inst('A', 'running', 0, 1, null)], { started_at: t(0), finished_at: null }, Date.parse(t(5)));
    expect(spanMs).toBe(5000);
    expect(rows[0]).toMatchObject({ start: 0.2, end: 1, endMs: null });
  });
});

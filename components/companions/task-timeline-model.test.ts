import { describe, expect, it } from 'vitest';
import { median, newestFirst, offsetSeconds, timeAxis, waterfall } from './task-timeline-model';

const T0 = Date.parse('2024-07-08T09:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

describe('the delegation timeline', () => {
  const tasks = [
    { task_id: 'a', status: 'succeeded', delegated_at: at(0), completed_at: at(40) },
    { task_id: 'b', status: 'failed', delegated_at: at(20), completed_at: at(60) },
    { task_id: 'c', status: 'delegated', delegated_at: at(80), completed_at: null },
  ];

  it('spans the first delegation to now while a task runs, else to the last end', () => {
    expect(timeAxis(tasks, T0 + 100_000)).toEqual({ start: T0, end: T0 + 100_000 });
    expect(timeAxis(tasks.slice(0, 2), T0 + 500_000)).toEqual({ start: T0, end: T0 + 60_000 });
    expect(timeAxis([], T0)).toBeNull();
  });

  it('places each bar by its start and length on the axis; an open task runs to now', () => {
    const bars = waterfall(tasks, T0 + 100_000);
    expect(bars.get('a')).toEqual({ left: 0, width: 40, open: false });
    expect(bars.get('b')).toEqual({ left: 20, width: 40, open: false });
    expect(bars.get('c')).toEqual({ left: 80, width: 20, open: true });
  });

  it('keeps an instant task visible and inside the axis', () => {
    const bars = waterfall(
      [
        { task_id: 'x', status: 'cancelled', delegated_at: at(0), completed_at: at(0) },
        { task_id: 'y', status: 'succeeded', delegated_at: at(0), completed_at: at(100) },
      ],
      T0,
    );
    expect(bars.get('x')!.width).toBeGreaterThan(0);
    const edge = waterfall(
      [
        { task_id: 'y', status: 'succeeded', delegated_at: at(0), completed_at: at(100) },
        { task_id: 'z', status: 'cancelled', delegated_at: at(100), completed_at: at(100) },
      ],
      T0,
    ).get('z')!;
    expect(edge.left + edge.width).toBeLessThanOrEqual(100);
  });

  it('orders newest first, measures step offsets and typical times', () => {
    expect(newestFirst(tasks).map((t) => t.task_id)).toEqual(['c', 'b', 'a']);
    expect(offsetSeconds(at(10), at(52))).toBe(42);
    expect(median([40, 10, 20])).toBe(20);
    expect(median([10, 20])).toBe(15);
    expect(median([])).toBeNull();
  });
});

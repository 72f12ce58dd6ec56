import { describe, expect, it } from 'vitest';
import type { CartesianChart } from './figure';
import { operationsFigures } from './operations-figures';
import { OPERATIONS } from './test-fixtures';

describe('operations figures', () => {
  const [runs, durations, calls, skills] = operationsFigures(OPERATIONS, new Date('2024-07-08T12:00:00Z'));

  it('run over every day of the window: no runs is a count of zero, its durations a gap', () => {
    expect((runs!.chart as CartesianChart).categories).toEqual(['6 Jul 2024', '7 Jul 2024', '8 Jul 2024']);
    expect((runs!.chart as CartesianChart).series.map((s) => s.values)).toEqual([
      [2, 0, 1],
      [1, 0, 0],
    ]);
    expect((durations!.chart as CartesianChart).series.map((s) => s.values)).toEqual([
      [41_000, null, 38_000],
      [95_000, null, 38_000],
    ]);
    expect((calls!.chart as CartesianChart).series.map((s) => s.values)).toEqual([
      [30, 0, 10],
      [1, 0, 0],
    ]);
  });

  it('open the day’s runs, or its failed runs from the failed bar', () => {
    const [ok, failed] = (runs!.chart as CartesianChart).series;
    expect(ok!.hrefs![1]).toBeNull();
    expect(failed!.hrefs![0]).toContain('status=FAILED&status=TIMED_OUT&status=ABORTED');
    expect(runs!.table.rows.map((r) => r.cells.success_rate)).toEqual([0.667, 1]);
  });

  it('list skills least reliable first as the server ordered them', () => {
    expect((skills!.chart as CartesianChart).series[0]).toMatchObject({ values: [0.75, 1], counts: [4, 4] });
    expect(skills!.table.rows.map((r) => r.cells.skill)).toEqual(['skill://whisper-transcribe@1.0.0', 'skill://scoring@1.0.0']);
  });

  it('say so when no run finished in the window', () => {
    const none = operationsFigures({ ...OPERATIONS, days: [], skills: [] }, new Date('2024-07-08T12:00:00Z'));
    expect(none.map((f) => f.empty)).toEqual([
      'No run finished in the window.',
      'No run finished in the window.',
      'No run finished in the window.',
      'No skill was called in the window.',
    ]);
  });
});

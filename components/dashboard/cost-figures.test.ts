import { describe, expect, it } from 'vitest';
import type { CostReport } from '@/lib/planning/schemas';
import { costFigures, TOP } from './cost-figures';

const series = (key: string, perDay: number[]) => ({
  key,
  label: `Agent ${key}`,
  total_units: perDay.reduce((a, b) => a + b, 0),
  tool_calls: perDay.length,
  plans: 1,
  per_day: perDay,
});
const report = (s: CostReport['series']): CostReport => ({
  dimension: 'agent',
  since: '2024-07-01',
  until: '2024-07-02',
  days: ['2024-07-01', '2024-07-02'],
  series: s,
});

describe('costFigures', () => {
  it('stacks units per day by series and totals each, biggest first', () => {
    const [perDay, totals] = costFigures(report([series('a', [1, 2]), series('b', [10, 0.5])]));
    expect(perDay!.table.rows.map((r) => r.cells)).toEqual([
      { day: '2024-07-01', s0: 10, s1: 1, total: 11 },
      { day: '2024-07-02', s0: 0.5, s1: 2, total: 2.5 },
    ]);
    expect(perDay!.chart).toMatchObject({ kind: 'cartesian', series: [{ name: 'Agent b' }, { name: 'Agent a' }] });
    expect(totals!.table.rows.map((r) => r.cells.label)).toEqual(['Agent b', 'Agent a']);
    expect(totals!.table.rows[0]!.cells).toMatchObject({ units: 10.5, calls: 2, plans: 1 });
  });

  it('sums the series beyond the biggest few as Others, and still lists every one in the totals', () => {
    const many = Array.from({ length: TOP + 2 }, (_, i) => series(`${i}`, [i + 1, 0]));
    const [perDay, totals] = costFigures(report(many));
    expect(perDay!.table.columns.map((c) => c.key)).toContain('others');
    expect(perDay!.table.rows[0]!.cells.others).toBe(3); // the two smallest: 1 + 2
    expect(perDay!.caption).toContain('the 2 smallest summed as “Others”');
    expect(totals!.table.rows).toHaveLength(TOP + 2);
  });

  it('says why it is empty instead of drawing empty axes', () => {
    for (const f of costFigures(report([]))) {
      expect(f.chart).toBeNull();
      expect(f.table.rows).toEqual([]);
      expect(f.empty).toMatch(/No tool calls/);
    }
  });
});

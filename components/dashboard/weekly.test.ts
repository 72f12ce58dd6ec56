import { describe, expect, it } from 'vitest';
import { weekAxis } from './weekly';

const period = { from: '2024-04-16', to: '2024-07-08' };

describe('the weeks a chart draws', () => {
  it('run from the first to the last week with data, gaps between as nulls, and say what is left off', () => {
    const axis = weekAxis(period, [
      { week: '2024-07-01', n: 5 },
      { week: '2024-06-10', n: 2 },
    ]);
    expect(axis.weeks).toEqual(['2024-06-10', '2024-06-17', '2024-06-24', '2024-07-01']);
    expect(axis.values((r) => r.n)).toEqual([2, null, null, 5]);
    expect(axis.note).toBe('No calls in the period before w/c 10 Jun 2024 or after w/c 1 Jul 2024.');
  });

  it('name a lone week once', () => {
    expect(weekAxis(period, [{ week: '2024-07-01' }]).note).toBe('No calls in the period outside w/c 1 Jul 2024.');
  });

  it('say nothing when the data spans the period', () => {
    expect(weekAxis({ from: '2024-06-12', to: '2024-06-30' }, [{ week: '2024-06-10' }, { week: '2024-06-24' }]).note).toBeNull();
    expect(weekAxis(period, [], 'runs')).toMatchObject({ weeks: [], note: null });
  });
});

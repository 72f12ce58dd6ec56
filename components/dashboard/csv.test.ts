import { describe, expect, it } from 'vitest';
import { exportFileName, figureCsv } from './csv';
import type { Figure } from './figure';
import { qaTrendsFigures } from './qa-trends-figures';
import { SCOPE, TRENDS } from './test-fixtures';

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('a figure as CSV', () => {
  it('has a header row with units, then the same rows as the table, days en-GB', () => {
    const [, vsTeam] = qaTrendsFigures(TRENDS, SCOPE);
    const csv = figureCsv(vsTeam!);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual([
      'Advisor,Team,Calls,Scored calls,Mean QA score,Against the team,Among the furthest below',
      'Alex Wong,Home Finance North,4,4,62,-8,yes',
      'Tom Ellis,Home Finance North,5,4,76,6,no',
      '',
    ]);
  });

  it('writes rates as percentages, durations in ms, days as en-GB dates and nothing for no value', () => {
    const figure: Pick<Figure, 'table'> = {
      table: {
        columns: [
          { key: 'week', label: 'Week commencing', kind: 'week' },
          { key: 'rate', label: 'Pass rate', kind: 'rate' },
          { key: 'p95', label: 'p95', kind: 'ms' },
          { key: 'score', label: 'Mean', kind: 'score' },
        ],
        rows: [{ cells: { week: '2024-07-01', rate: 0.667, p95: 1234.4, score: null }, href: null }],
      },
    };
    expect(lines(figureCsv(figure))).toEqual(['Week commencing,Pass rate (%),p95 (ms),Mean', '1 Jul 2024,66.7,1234,', '']);
  });

  it('quotes commas and quotes, and defuses text a spreadsheet would run', () => {
    const figure: Pick<Figure, 'table'> = {
      table: {
        columns: [
          { key: 'a', label: 'Advisor', kind: 'text' },
          { key: 'n', label: 'Δ', kind: 'signed' },
        ],
        rows: [{ cells: { a: '=HYPERLINK("x"), "y"', n: -2.25 }, href: null }],
      },
    };
    expect(lines(figureCsv(figure))[1]).toBe('"\'=HYPERLINK(""x""), ""y""",-2.3');
  });

  it('names the file after the figure and the period of the calls', () => {
    expect(exportFileName('qa-score-by-week', { from: '2024-04-15', to: '2024-07-08' }, 'csv')).toBe(
      'dashboard-qa-score-by-week-2024-04-15-to-2024-07-08.csv',
    );
    expect(exportFileName('skill-reliability', null, 'png')).toBe('dashboard-skill-reliability.png');
  });
});

import { describe, expect, it } from 'vitest';
import { dashboardHref, dashboardQueryFromSearch, patchDashboardFilter, searchOfDashboardQuery } from './dashboard-query';

const read = (s: string) => dashboardQueryFromSearch(new URLSearchParams(s));

describe('the dashboard address', () => {
  it('reads the filter and the operations window', () => {
    expect(read('from=2024-06-01&to=2024-07-07&team=Home+Finance+North&advisor=Alex%20Wong&product=HELOC%202.0&days=7')).toEqual({
      query: {
        filter: { from: '2024-06-01', to: '2024-07-07', team: 'Home Finance North', advisor: 'Alex Wong', product: 'HELOC 2.0' },
        days: 7,
      },
      ignored: [],
    });
  });

  it('defaults to every call of the default period and 30 days of operations', () => {
    expect(read('')).toEqual({ query: { filter: {}, days: 30 }, ignored: [] });
    expect(read('advisor=&team=%20%20')).toEqual({ query: { filter: {}, days: 30 }, ignored: [] });
  });

  it('leaves out values the contract refuses and names them', () => {
    expect(read('from=1%20July&days=0&advisor=Alex')).toEqual({
      query: { filter: { advisor: 'Alex' }, days: 30 },
      ignored: ['from', 'days'],
    });
    expect(read('days=400').ignored).toEqual(['days']);
    expect(read('days=7.5').ignored).toEqual(['days']);
  });

  it('drops a "to" before the "from" rather than swapping them', () => {
    expect(read('from=2024-07-08&to=2024-07-01')).toEqual({ query: { filter: { from: '2024-07-08' }, days: 30 }, ignored: ['to'] });
  });

  it('writes keys in a fixed order, leaving out defaults, and reads back the same query', () => {
    const q = { filter: { product: 'HELOC 2.0', advisor: "James O'Connor", from: '2024-06-01' }, days: 90 };
    const search = searchOfDashboardQuery(q);
    expect(search).toBe('from=2024-06-01&advisor=James+O%27Connor&product=HELOC+2.0&days=90');
    expect(read(search).query).toEqual({ filter: { from: '2024-06-01', advisor: "James O'Connor", product: 'HELOC 2.0' }, days: 90 });
    expect(searchOfDashboardQuery({ filter: {}, days: 30 })).toBe('');
  });

  it('links the page and its print view with the same query', () => {
    const q = { filter: { advisor: 'Alex Wong' }, days: 30 };
    expect(dashboardHref(q)).toBe('/dashboard?advisor=Alex+Wong');
    expect(dashboardHref(q, '/dashboard/print')).toBe('/dashboard/print?advisor=Alex+Wong');
    expect(dashboardHref({ filter: {}, days: 30 }, '/dashboard/print')).toBe('/dashboard/print');
  });

  it('patches a field and clears one patched to undefined', () => {
    expect(patchDashboardFilter({ advisor: 'Alex Wong', team: 'North' }, { advisor: undefined, product: ' HELOC 2.0 ' })).toEqual({
      team: 'North',
      product: 'HELOC 2.0',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY, findingsHref, findingsInput, readFindingsQuery } from './findings-query';

const read = (s: string) => readFindingsQuery(new URLSearchParams(s));
const PLAN = '11111111-1111-4111-8111-111111111111';

describe('the Findings filter in the address', () => {
  it('reads agent, type, London days and the open plan, and writes them back the same', () => {
    const { query, ignored } = read(`agent=a-1&type=PlanDeviation&from=2024-07-01&to=2024-07-08&plan=${PLAN}`);
    expect(ignored).toEqual([]);
    expect(query).toEqual({ agent: 'a-1', type: 'PlanDeviation', from: '2024-07-01', to: '2024-07-08', plan: PLAN });
    expect(findingsHref(query)).toBe(`/findings?agent=a-1&type=PlanDeviation&from=2024-07-01&to=2024-07-08&plan=${PLAN}`);
  });

  it('drops what does not parse and names it', () => {
    const { query, ignored } = read('type=Nope&from=2024-13-01&to=2024-07-08&plan=x');
    expect(query).toEqual({ ...EMPTY_QUERY, to: '2024-07-08' });
    expect(ignored).toEqual(['type', 'from', 'plan']);
  });

  it('drops an end before the start', () => {
    expect(read('from=2024-07-08&to=2024-07-01')).toEqual({ query: { ...EMPTY_QUERY, from: '2024-07-08' }, ignored: ['to'] });
  });

  it('is the bare page without a filter', () => {
    expect(findingsHref(EMPTY_QUERY)).toBe('/findings');
  });

  it('asks planning.findings for the filter and the page', () => {
    expect(findingsInput({ ...EMPTY_QUERY, type: 'BudgetExceeded', from: '2024-07-01' }, 'c2', 25)).toEqual({
      limit: 25,
      type: 'BudgetExceeded',
      since: '2024-07-01',
      cursor: 'c2',
    });
    expect(findingsInput(EMPTY_QUERY, null, 25)).toEqual({ limit: 25 });
  });
});

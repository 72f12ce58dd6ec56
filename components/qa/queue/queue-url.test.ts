import { describe, expect, it } from 'vitest';
import { describeQaFilter, nextSort, normalizeQaFilter, patchQaFilter, sameQaFilter, type QaFilter } from './queue-query';
import { qaQueueHref, queryFromSearch, searchOfQuery } from './queue-url';

const read = (search: string) => queryFromSearch(new URLSearchParams(search));

describe('QA queue address ⇄ query', () => {
  it('reads every triage filter, the sort and the tab', () => {
    const { query, ignored } = read(
      'score_below=70&failed_mandatory=true&vulnerable=false&review_status=unreviewed&review_status=in_review&overridden=true' +
        '&advisor=Alex+Wong&team=Home+Finance+North&product=HELOC+2.0&rule_id=FCA-DISC-01&from=2024-07-01&to=2024-07-07' +
        '&sort=score&dir=asc&tab=agreement',
    );
    expect(ignored).toEqual([]);
    expect(query).toEqual({
      filter: {
        score_below: 70,
        failed_mandatory: true,
        vulnerable: false,
        review_status: ['unreviewed', 'in_review'],
        overridden: true,
        advisor: 'Alex Wong',
        team: 'Home Finance North',
        product: 'HELOC 2.0',
        rule_id: 'FCA-DISC-01',
        from: '2024-07-01',
        to: '2024-07-07',
      },
      sort: { by: 'score', dir: 'asc' },
      tab: 'agreement',
    });
  });

  it('round-trips: the address of a query reads back as the same query', () => {
    const q = read(
      'advisor=Priya+Shah&review_status=signed_off,awaiting_second_signoff&failed_mandatory=false&sort=advisor&dir=desc',
    ).query;
    expect(read(searchOfQuery(q)).query).toEqual(q);
    expect(q.filter.review_status).toEqual(['awaiting_second_signoff', 'signed_off']); // lifecycle order
  });

  it('writes keys in a fixed order whatever order the filter was built in, and nothing for the default view', () => {
    const newest = { by: 'call_at', dir: 'desc' } as const;
    const a = searchOfQuery({ filter: { to: '2024-07-07', advisor: 'Alex Wong', score_below: 60 }, sort: newest, tab: 'queue' });
    expect(a).toBe('score_below=60&advisor=Alex+Wong&to=2024-07-07');
    expect(qaQueueHref({ filter: {}, sort: newest, tab: 'queue' })).toBe('/qa');
    expect(qaQueueHref({ filter: { failed_mandatory: true }, sort: { by: 'score', dir: 'asc' }, tab: 'queue' })).toBe(
      '/qa?failed_mandatory=true&sort=score&dir=asc',
    );
  });

  it('leaves out values the filter refuses and names them', () => {
    const { query, ignored } = read('score_below=abc&failed_mandatory=maybe&review_status=done&from=2024-7-1&advisor=%20%20&sort=colour');
    expect(query.filter).toEqual({});
    expect(query.sort).toEqual({ by: 'call_at', dir: 'desc' });
    expect(ignored.sort()).toEqual(['failed_mandatory', 'from', 'review_status', 'score_below', 'sort']);
  });

  it('drops a "to" day before the "from" day', () => {
    const { query, ignored } = read('from=2024-07-08&to=2024-07-01');
    expect(query.filter).toEqual({ from: '2024-07-08' });
    expect(ignored).toEqual(['to']);
  });

  it('reads yes/no and 1/0 as booleans, and a sort column without a direction in its natural one', () => {
    expect(read('vulnerable=yes&overridden=0').query.filter).toEqual({ vulnerable: true, overridden: false });
    expect(read('sort=score').query.sort).toEqual({ by: 'score', dir: 'asc' });
    expect(read('sort=call_at').query.sort).toEqual({ by: 'call_at', dir: 'desc' });
    expect(read('sort=score&dir=up')).toEqual({ query: { filter: {}, sort: { by: 'score', dir: 'asc' }, tab: 'queue' }, ignored: ['dir'] });
  });

  it('keeps the run and call a link narrows to, and earlier analyses when asked', () => {
    const q = read('run_id=5341d906-06d9&call_id=REC-88310&include_earlier=true').query;
    expect(q.filter).toEqual({ call_id: 'REC-88310', run_id: '5341d906-06d9', include_earlier: true });
    expect(searchOfQuery(q)).toBe('call_id=REC-88310&run_id=5341d906-06d9&include_earlier=true');
  });
});

describe('QA queue filter helpers', () => {
  it('normalises blanks away and compares filters by meaning', () => {
    expect(normalizeQaFilter({ advisor: '  ', product: ' HELOC 2.0 ', include_earlier: false })).toEqual({ product: 'HELOC 2.0' });
    expect(sameQaFilter({ review_status: ['signed_off', 'unreviewed'] }, { review_status: ['unreviewed', 'signed_off'] })).toBe(true);
    expect(patchQaFilter({ advisor: 'Alex Wong', failed_mandatory: true }, { advisor: undefined })).toEqual({ failed_mandatory: true });
  });

  it('flips the direction of the same column, starts another in its natural one', () => {
    expect(nextSort({ by: 'call_at', dir: 'desc' }, 'call_at')).toEqual({ by: 'call_at', dir: 'asc' });
    expect(nextSort({ by: 'call_at', dir: 'desc' }, 'score')).toEqual({ by: 'score', dir: 'asc' });
    expect(nextSort({ by: 'score', dir: 'asc' }, 'failed_mandatory')).toEqual({ by: 'failed_mandatory', dir: 'desc' });
  });

  it('describes a filter in words', () => {
    expect(describeQaFilter({})).toBe('All calls');
    const f: QaFilter = {
      failed_mandatory: true,
      advisor: 'Alex Wong',
      review_status: ['unreviewed', 'in_review'],
      from: '2024-07-01',
      to: '2024-07-07',
    };
    expect(describeQaFilter(f)).toBe(
      'failed a mandatory rule · Unreviewed or In review · advisor Alex Wong · calls 2024-07-01 to 2024-07-07',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { queryFromSearch } from '@/components/qa/queue/queue-url';
import { queueParamsFromSearch } from '@/server/qa/filter-params';
import { qaHref, qaWeekHref, runsDayHref } from './drill-down';
import { filterFromSearch } from '@/components/runs/list/filter-url';

const scope = {
  filter: { team: 'Home Finance North', advisor: 'Alex Wong', product: 'HELOC 2.0' },
  period: { from: '2024-06-05', to: '2024-07-03' },
};
/** The filter the QA queue reads from a link, as the `/qa` page and the export routes read it. */
const queueFilter = (href: string) => {
  const [path, search = ''] = href.split('?');
  expect(path).toBe('/qa');
  const server = queueParamsFromSearch(new URLSearchParams(search));
  expect(server.ok).toBe(true);
  const page = queryFromSearch(new URLSearchParams(search));
  expect(page.ignored).toEqual([]);
  return page.query.filter;
};

describe('drill-downs into the QA queue', () => {
  it('open the calls of the answer’s period and the filter’s scope', () => {
    expect(queueFilter(qaHref(scope))).toEqual({
      advisor: 'Alex Wong',
      team: 'Home Finance North',
      product: 'HELOC 2.0',
      from: '2024-06-05',
      to: '2024-07-03',
    });
  });

  it('narrow to what the point is about, and may drop the advisor for the team line', () => {
    expect(queueFilter(qaHref(scope, { rule_id: 'FCA-DISC-02', vulnerable: true, advisor: undefined }))).toEqual({
      vulnerable: true,
      team: 'Home Finance North',
      product: 'HELOC 2.0',
      rule_id: 'FCA-DISC-02',
      from: '2024-06-05',
      to: '2024-07-03',
    });
    expect(queueFilter(qaHref(scope, { review_status: ['awaiting_second_signoff'] })).review_status).toEqual(['awaiting_second_signoff']);
  });

  it('open a week’s calls, only its days inside the period', () => {
    expect(queueFilter(qaWeekHref(scope, '2024-06-03', { failed_mandatory: true }))).toMatchObject({
      from: '2024-06-05',
      to: '2024-06-09',
      failed_mandatory: true,
    });
    expect(queueFilter(qaWeekHref(scope, '2024-06-17'))).toMatchObject({ from: '2024-06-17', to: '2024-06-23', advisor: 'Alex Wong' });
  });
});

describe('drill-downs into the run list', () => {
  it('open the runs started that London day, or only those that failed', () => {
    const day = filterFromSearch(new URLSearchParams(runsDayHref('2024-07-01').split('?')[1]));
    expect(day).toEqual({ filter: { started_after: '2024-06-30T23:00:00.000Z', started_before: '2024-07-01T23:00:00.000Z' }, ignored: [] });
    const failed = filterFromSearch(new URLSearchParams(runsDayHref('2024-12-02', true).split('?')[1]));
    expect(failed.filter).toEqual({
      status: ['FAILED', 'TIMED_OUT', 'ABORTED'],
      started_after: '2024-12-02T00:00:00.000Z',
      started_before: '2024-12-03T00:00:00.000Z',
    });
  });
});

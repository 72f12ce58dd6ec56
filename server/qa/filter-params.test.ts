import { describe, expect, it } from 'vitest';
import type { QaFilter, QaSort } from '../../lib/qa-filter.ts';
import { queueParamsFromSearch, queueParamsToSearch } from './filter-params.ts';

const parse = (qs: string) => queueParamsFromSearch(new URLSearchParams(qs));

describe('QA queue filter ⇄ URL query string', () => {
  it('reads every field, typed, with the default sort', () => {
    const r = parse(
      'score_below=60.5&failed_mandatory=true&vulnerable=false&review_status=unreviewed,in_review&overridden=true' +
        '&advisor=Alex%20Wong&team=Home+Finance+North&product=HELOC%202.0&rule_id=FCA-DISC-02&from=2024-07-01&to=2024-07-07' +
        '&call_id=REC-88310&run_id=r1&include_earlier=true',
    );
    expect(r).toEqual({
      ok: true,
      filter: {
        score_below: 60.5,
        failed_mandatory: true,
        vulnerable: false,
        review_status: ['unreviewed', 'in_review'],
        overridden: true,
        advisor: 'Alex Wong',
        team: 'Home Finance North',
        product: 'HELOC 2.0',
        rule_id: 'FCA-DISC-02',
        from: '2024-07-01',
        to: '2024-07-07',
        call_id: 'REC-88310',
        run_id: 'r1',
        include_earlier: true,
      },
      sort: { by: 'call_at', dir: 'desc' },
    });
  });

  it('takes review_status repeated as well as comma-separated, once each; empty values are unset', () => {
    expect(parse('review_status=signed_off&review_status=in_review,signed_off&advisor=&sort=')).toEqual({
      ok: true,
      filter: { review_status: ['signed_off', 'in_review'] },
      sort: { by: 'call_at', dir: 'desc' },
    });
    expect(parse('')).toEqual({ ok: true, filter: {}, sort: { by: 'call_at', dir: 'desc' } });
  });

  it('reads the sort; without dir, the column sorts in its natural direction (as on the /qa page)', () => {
    expect(parse('sort=score&dir=desc')).toMatchObject({ ok: true, sort: { by: 'score', dir: 'desc' } });
    expect(parse('sort=score')).toMatchObject({ ok: true, sort: { by: 'score', dir: 'asc' } });
    expect(parse('sort=advisor')).toMatchObject({ ok: true, sort: { by: 'advisor', dir: 'asc' } });
    expect(parse('sort=failed_mandatory')).toMatchObject({ ok: true, sort: { by: 'failed_mandatory', dir: 'desc' } });
    expect(parse('dir=asc')).toMatchObject({ ok: true, sort: { by: 'call_at', dir: 'asc' } });
  });

  it("reads the /qa page's lenient spellings and passes over its page state", () => {
    expect(parse('vulnerable=YES&overridden=0&review_status=Signed_Off&tab=agreement')).toEqual({
      ok: true,
      filter: { vulnerable: true, overridden: false, review_status: ['signed_off'] },
      sort: { by: 'call_at', dir: 'desc' },
    });
  });

  it.each([
    ['score_below=low', 'score_below', 'must be a number'],
    ['score_below=-5', 'score_below', 'must be a number'],
    ['score_below=5000', 'score_below', 'score_below:'],
    ['vulnerable=maybe', 'vulnerable', 'must be true or false'],
    ['review_status=done', 'review_status', 'unknown review state "done"'],
    ['from=03/07/2024', 'from', 'must be a date YYYY-MM-DD'],
    ['from=2024-07-08&to=2024-07-01', 'from', 'from is after to'],
    ['advisor=a&advisor=b', 'advisor', 'given more than once'],
    ['colour=red', 'colour', 'unknown parameter'],
    ['sort=customer', 'sort', 'must be one of call_at, score, advisor, failed_mandatory'],
    ['dir=up', 'dir', 'must be asc or desc'],
    [`call_id=${'x'.repeat(101)}`, 'call_id', 'call_id:'],
  ])('%s is refused, naming %s', (qs, param, message) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.param).toBe(param);
    expect(r.message).toContain(message);
    expect(r.message.startsWith(`${param}: `)).toBe(true);
  });

  it('ignores parameters it does not know when asked to (a page URL with other state)', () => {
    const r = queueParamsFromSearch(new URLSearchParams('selected=abc&vulnerable=true'), { unknown: 'ignore' });
    expect(r).toEqual({ ok: true, filter: { vulnerable: true }, sort: { by: 'call_at', dir: 'desc' } });
  });

  it('writes only what is set, in a fixed order, and reads it back to the same values', () => {
    const filter: QaFilter = {
      to: '2024-07-07',
      review_status: ['unreviewed', 'awaiting_second_signoff'],
      failed_mandatory: true,
      advisor: "James O'Connor",
      score_below: 60,
    };
    const qs = queueParamsToSearch(filter);
    expect(qs.toString()).toBe(
      'score_below=60&failed_mandatory=true&review_status=unreviewed%2Cawaiting_second_signoff&advisor=James+O%27Connor&to=2024-07-07',
    );
    expect(parse(qs.toString())).toEqual({ ok: true, filter, sort: { by: 'call_at', dir: 'desc' } });
    const sort: QaSort = { by: 'score', dir: 'asc' };
    const withSort = queueParamsToSearch({ vulnerable: false }, sort);
    expect(withSort.toString()).toBe('vulnerable=false&sort=score&dir=asc');
    expect(parse(withSort.toString())).toEqual({ ok: true, filter: { vulnerable: false }, sort });
  });
});

import { describe, expect, it } from 'vitest';
import { csvField } from '../../lib/csv.ts';
import { qaCsv, qaCsvHeader, qaCsvRow } from './export-csv.ts';
import type { QaQueueItem } from '../contracts/qa-view.ts';
import { queueItemFixture } from './testing/queue-item.ts';

const item = (over: Partial<QaQueueItem> = {}): QaQueueItem => queueItemFixture(over);

/** A minimal RFC 4180 reader, to check that what is written parses back to the same fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\r' && text[i + 1] === '\n') (row.push(field), rows.push(row), (row = []), (field = ''), i++);
    else field += c;
  }
  return rows;
}

describe('QA queue CSV', () => {
  it('writes a header and one CRLF-ended row per item, London time beside UTC', () => {
    const csv = qaCsv([item()]);
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(qaCsvHeader()).toBe(
      'Call ID,Advisor,Team,Customer,Product,Call time (London),"Call time (UTC, ISO 8601)",Score,Score source,AI score,' +
        'Max score,Human score,Failed mandatory rules,Failed rules,AI failed mandatory rules,AI failed rules,Vulnerable,' +
        'Review status,Overridden,Re-analysed after sign-off,Workflow,Workflow version,Run ID\r\n',
    );
    expect(qaCsvRow(item())).toBe(
      'REC-88310,Alex Wong,Home Finance North,Mrs Patel,HELOC 2.0,"3 Jul 2024, 15:12:09 BST",2024-07-03T14:12:09.000Z,58,AI,58,' +
        '100,,1,FCA-DISC-02;CD-01,1,FCA-DISC-02;CD-01,yes,in_review,no,no,Standard Advice Call Analysis,1.0.0,run-1\r\n',
    );
    // A reviewed call: the reviewed figures lead, the AI's stay beside them.
    const reviewed = item({
      score: 71,
      score_source: 'review',
      ai_score: 47,
      failed_mandatory: 0,
      failed_rule_ids: ['CD-01'],
      reviewed: true,
      ai_failed_mandatory: 1,
      ai_failed_rule_ids: ['FCA-DISC-02', 'CD-01'],
    });
    expect(parseCsv(qaCsvRow(reviewed))[0]!.slice(7, 16)).toEqual([
      '71',
      'reviewed',
      '47',
      '100',
      '',
      '0',
      'CD-01',
      '1',
      'FCA-DISC-02;CD-01',
    ]);
    expect(qaCsvRow(item({ call_at: '2024-12-03T14:12:09.000Z' }))).toContain('"3 Dec 2024, 14:12:09 GMT",2024-12-03T14:12:09.000Z');
  });

  it('leaves unknown values empty', () => {
    const row = parseCsv(
      qaCsvRow(
        item({
          advisor: null,
          call_at: null,
          score: null,
          ai_score: null,
          max_score: null,
          failed_rule_ids: [],
        }),
      ),
    )[0]!;
    expect(row[1]).toBe('');
    expect(row.slice(5, 8)).toEqual(['', '', '']);
    expect(row.slice(9, 11)).toEqual(['', '']);
    expect(row[13]).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and reads back to the same text', () => {
    expect(csvField('Smith, John')).toBe('"Smith, John"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField("O'Connor")).toBe("O'Connor");
    const tricky = item({ customer: 'Mr "Jim" Doyle, Jr.\r\nflat 2', advisor: "James O'Connor" });
    expect(parseCsv(qaCsv([tricky]))[1]!.slice(1, 4)).toEqual(["James O'Connor", 'Home Finance North', 'Mr "Jim" Doyle, Jr.\r\nflat 2']);
  });

  it('defuses text a spreadsheet would run as a formula, but not the numbers it writes', () => {
    // The full-width forms (＝ ＋ － ＠) are read as formulas by Apple Numbers.
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1', '\uFF1DSUM(A1)', '\uFF0D2+3']) {
      expect(csvField(evil).replace(/^"/, '')).toMatch(/^'/);
    }
    const row = parseCsv(qaCsvRow(item({ customer: '=cmd|/C calc!A0', advisor: '-Alex', score: 0, human_score: 12.5 })))[0]!;
    expect(row[3]).toBe("'=cmd|/C calc!A0");
    expect(row[1]).toBe("'-Alex");
    expect(row[7]).toBe('0');
    expect(row[11]).toBe('12.5');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('lone\rreturn')).toBe('"lone\rreturn"');
  });
});

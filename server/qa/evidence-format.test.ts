import { describe, expect, it } from 'vitest';
import { clock, markedRuns, verdictOrder } from './evidence-format.ts';
import { winAnsi } from './pdf-writer.ts';
import type { QaTurn, QaVerdict } from '../../lib/qa-record.ts';

const turn: QaTurn = {
  speaker: 'Advisor',
  text: 'Hello. The APRC is 8.9%. Any questions?',
  start_s: 83.4,
  end_s: 91,
  start: 100,
  end: 139,
};
const v = (rule_id: string, verdict: QaVerdict['verdict'], mandatory = false): QaVerdict => ({
  rule_id,
  rule: '',
  category: null,
  mandatory,
  verdict,
  rationale: null,
  evidence: null,
  quote: null,
});

describe('evidence pack wording', () => {
  it('writes recording times as m:ss', () => {
    expect(clock(83.4)).toBe('1:23');
    expect(clock(3725)).toBe('1:02:05');
    expect(clock(null)).toBe('—');
  });

  it('marks quotes inside a turn, merging overlaps and clipping what reaches outside it', () => {
    expect(markedRuns(turn, [{ start: 107, end: 124 }])).toEqual([
      { text: 'Hello. ' },
      { text: '«The APRC is 8.9%.»', mark: true },
      { text: ' Any questions?' },
    ]);
    const runs = markedRuns(turn, [
      { start: 125, end: 200 },
      { start: 90, end: 105 },
      { start: 103, end: 106 },
    ]);
    expect(runs.filter((r) => r.mark).map((r) => r.text)).toEqual(['«Hello.»', '«Any questions?»']);
    expect(markedRuns(turn, [])).toEqual([{ text: turn.text }]);
  });

  it('lists failed rules first, mandatory before others, then passes, then not applicable', () => {
    const order = verdictOrder([v('A', 'pass'), v('B', 'not_applicable'), v('C', 'fail'), v('D', 'fail', true), v('E', 'pass', true)]);
    expect(order.map((x) => x.rule_id)).toEqual(['D', 'C', 'E', 'A', 'B']);
  });

  it('keeps text the standard PDF fonts can show and replaces the rest', () => {
    expect(winAnsi('Zoë “quoted” – £5 €6 …')).toBe('Zoë “quoted” – £5 €6 …');
    expect(winAnsi('Łukasz Dvořák → 中')).toBe('Lukasz Dvorák -> ?');
    expect(winAnsi('tab\there')).toBe('tab here');
  });
});

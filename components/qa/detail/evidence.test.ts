import { describe, expect, it } from 'vitest';
import type { QaFlag, QaVerdict } from '../types';
import { clockOf, evidenceSpans, splitTurn, turnOfEvidence } from './evidence';

// One turn starting at offset 100 of its transcript.
const turn = { text: 'Your home may be repossessed if you do not keep up repayments.', start: 100 };
const texts = (parts: ReturnType<typeof splitTurn>) => parts.map((p) => [p.text, p.ids]);

describe('splitTurn: a turn as plain and quoted parts', () => {
  it('returns the whole turn as one plain part when nothing quotes it', () => {
    expect(splitTurn(turn, [])).toEqual([{ text: turn.text, start: 100, end: 162, ids: [] }]);
  });

  it('highlights exactly start..end (offsets in the transcript, not the turn)', () => {
    const parts = splitTurn(turn, [{ id: 'rule:A', start: 105, end: 109 }]);
    expect(texts(parts)).toEqual([
      ['Your ', []],
      ['home', ['rule:A']],
      [' may be repossessed if you do not keep up repayments.', []],
    ]);
    expect(parts[1]).toMatchObject({ start: 105, end: 109 });
  });

  it('covers the whole turn when the quote is the whole turn, and merges spans with the same bounds', () => {
    const both = [
      { id: 'rule:A', start: 100, end: 162 },
      { id: 'rule:B', start: 100, end: 162 },
    ];
    expect(texts(splitTurn(turn, both))).toEqual([[turn.text, ['rule:A', 'rule:B']]]);
  });

  it('splits overlapping spans at every boundary and lists every span covering each part', () => {
    const parts = splitTurn(turn, [
      { id: 'a', start: 100, end: 109 },
      { id: 'b', start: 105, end: 113 },
    ]);
    expect(texts(parts)).toEqual([
      ['Your ', ['a']],
      ['home', ['a', 'b']],
      [' may', ['b']],
      [' be repossessed if you do not keep up repayments.', []],
    ]);
  });

  it('handles a span nested in another', () => {
    const parts = splitTurn(turn, [
      { id: 'outer', start: 100, end: 128 },
      { id: 'inner', start: 105, end: 109 },
    ]);
    expect(texts(parts)).toEqual([
      ['Your ', ['outer']],
      ['home', ['outer', 'inner']],
      [' may be repossessed', ['outer']],
      [' if you do not keep up repayments.', []],
    ]);
  });

  it('clips a span that runs over the turn’s edges and ignores spans elsewhere or empty', () => {
    const parts = splitTurn(turn, [
      { id: 'from-before', start: 90, end: 104 },
      { id: 'past-end', start: 150, end: 400 },
      { id: 'other-turn', start: 0, end: 50 },
      { id: 'empty', start: 120, end: 120 },
      { id: 'inverted', start: 130, end: 125 },
    ]);
    expect(texts(parts)).toEqual([
      ['Your', ['from-before']],
      [' home may be repossessed if you do not keep up', []],
      [' repayments.', ['past-end']],
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(turn.text);
  });
});

describe('evidence of verdicts and flags', () => {
  const ev = (start: number, end: number, t = 0) => ({ quote: 'x', start, end, turn: t, start_s: 0, end_s: 1 });
  const verdict = (rule_id: string, evidence: ReturnType<typeof ev> | null): QaVerdict => ({
    rule_id,
    rule: 'r',
    category: null,
    mandatory: true,
    verdict: 'fail',
    rationale: null,
    evidence,
    quote: null,
  });

  it('names verdict spans by rule and flag spans by position, skipping those without evidence', () => {
    const flags: QaFlag[] = [
      { type: 'anxiety', severity: 'low', excerpt: 'x', evidence: ev(5, 9) },
      { type: 'confusion', severity: 'low', excerpt: null, evidence: null },
    ];
    expect(evidenceSpans([verdict('FCA-DISC-01', null), verdict('CD-04', ev(0, 4))], flags)).toEqual([
      { id: 'rule:CD-04', start: 0, end: 4 },
      { id: 'flag:0', start: 5, end: 9 },
    ]);
  });

  it('finds the turn of evidence by its index, or by its offsets when the index is off', () => {
    const turns = [
      { start: 0, end: 10 },
      { start: 11, end: 20 },
    ];
    expect(turnOfEvidence({ start: 12, turn: 1 }, turns)).toBe(1);
    expect(turnOfEvidence({ start: 12, turn: 0 }, turns)).toBe(1);
    expect(turnOfEvidence({ start: 50, turn: 7 }, turns)).toBe(-1);
  });

  it('reads seconds into the call as mm:ss', () => {
    expect([clockOf(0), clockOf(41.8), clockOf(605), clockOf(3725), clockOf(null)]).toEqual(['00:00', '00:41', '10:05', '1:02:05', '—']);
  });
});

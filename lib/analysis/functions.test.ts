import { describe, expect, it } from 'vitest';
import { outcomesIn } from '../nl/outcomes.ts';
import { partOf } from '../qa-parts.ts';
import { ANALYSIS_FUNCTIONS } from './functions.ts';
import { FUNCTION_NAMES, OUTCOME_ORDER, PART_SHAPES, RECORDED_PARTS, REVIEW_ROLES, STANDARD_OUTCOMES } from './index.ts';

/**
 * The analysis registry (issue 31) and the lib readers that take the functions from it: a reader
 * that kept its own list, or an entry a reader cannot see, fails here.
 */
describe('the analysis functions registry', () => {
  const entries = ANALYSIS_FUNCTIONS;

  it('names each function, outcome, state and result once; the intake first; what a step consumes comes before it', () => {
    for (const key of ['role', 'state', 'result', 'search'] as const) {
      const values = entries.map((e) => e[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    expect(new Set(OUTCOME_ORDER).size).toBe(OUTCOME_ORDER.length);
    entries.forEach((e, i) => {
      expect(i === 0 || !entries[i - 1]!.outcome || !!e.outcome, `${e.role}: the intake comes first`).toBe(true);
      for (const c of 'consumes' in e ? e.consumes : []) {
        expect(OUTCOME_ORDER.indexOf(c.outcome), `${e.role} consumes ${c.outcome}`).toBeLessThan(OUTCOME_ORDER.indexOf(e.outcome!));
      }
    });
  });

  it('keeps the standard workflow and the call review whole: the intake and whatever their steps consume', () => {
    const intake = entries.filter((e) => !e.outcome).map((e) => e.role);
    const consumed = (keep: (e: (typeof entries)[number]) => boolean) =>
      entries.filter(keep).flatMap((e) => ('consumes' in e ? e.consumes.map((c) => c.outcome) : []));
    for (const o of consumed((e) => e.standard)) expect(STANDARD_OUTCOMES, o).toContain(o);
    expect(STANDARD_OUTCOMES[0]).toBe(OUTCOME_ORDER[0]);
    for (const o of consumed((e) => e.review)) expect(REVIEW_ROLES, o).toContain(entries.find((e) => e.outcome === o)!.role);
    expect(REVIEW_ROLES.slice(0, intake.length)).toEqual(intake);
    expect(RECORDED_PARTS).toEqual(entries.filter((e) => e.kept !== null).map((e) => e.role));
  });

  it('every outcome has words, and the outcome parser reads each word, phrase and name as that outcome', () => {
    for (const e of entries) {
      if (!e.outcome) {
        expect(e.said, `${e.role}: the intake is not asked for`).toBeNull();
        continue;
      }
      expect(e.said, e.role).not.toBeNull();
      const said = e.said!;
      for (const w of [...said.phrases, ...said.names, e.label.toLowerCase()]) {
        expect(said.words.test(w), `${e.role}: "${w}" matches its words`).toBe(true);
        expect(outcomesIn(`only the ${w}`).only, `"only the ${w}"`).toEqual([e.outcome]);
        expect(outcomesIn(`skip the ${w}`).remove, `"skip the ${w}"`).toEqual([e.outcome]);
      }
      // No other outcome claims its words.
      for (const other of entries)
        if (other !== e && other.said) for (const n of said.names) expect(other.said.words.test(n), n).toBe(false);
    }
    expect(FUNCTION_NAMES).toEqual(entries.flatMap((e) => (e.said ? e.said.names : [])));
  });

  it('recognises every part by its own shape, and each shape is registered', () => {
    const withShape = entries.filter((e) => e.envelope);
    expect(PART_SHAPES.map((s) => s.part).sort()).toEqual(withShape.map((e) => e.role).sort());
    expect(new Set(withShape.map((e) => e.envelope!.precedence)).size).toBe(withShape.length);
    // Each shape's own example is recognised as its part, ahead of every other shape.
    for (const e of withShape) expect(partOf({ ok: true, data: e.envelope!.example }), e.role).toBe(e.role);
  });

  it('gives every kept part a shape to find it by, and an outcome', () => {
    for (const part of RECORDED_PARTS) {
      const e = entries.find((x) => x.role === part)!;
      expect(e.envelope, part).not.toBeNull();
      expect(e.outcome, part).not.toBeNull();
    }
  });
});

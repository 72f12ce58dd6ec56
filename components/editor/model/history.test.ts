import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, record, redo, sealHistory, undo, type History } from './history';

const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ v: i }));
const frozen = <D>(h: History<D>) =>
  Object.freeze({ ...h, past: Object.freeze([...h.past]), future: Object.freeze([...h.future]) }) as History<D>;

describe('history', () => {
  it('undoes and redoes in order', () => {
    const [a, b, c] = docs(3);
    let h = record(record(createHistory(a), b), c);
    expect([canUndo(h), canRedo(h)]).toEqual([true, false]);
    h = undo(h);
    expect(h.present).toBe(b);
    h = undo(h);
    expect(h.present).toBe(a);
    expect([canUndo(h), canRedo(h)]).toEqual([false, true]);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present).toBe(c);
    expect(redo(h)).toBe(h);
  });

  it('never changes the history it is given', () => {
    const [a, b, c] = docs(3);
    const h = frozen(record(createHistory(a), b));
    const after = record(h, c);
    expect(h.present).toBe(b);
    expect(h.past).toEqual([a]);
    expect(after.past).toEqual([a, b]);
    expect(undo(h).present).toBe(a);
    expect(h.present).toBe(b);
  });

  it('a new record clears the redo steps', () => {
    const [a, b, c] = docs(3);
    const h = record(undo(record(createHistory(a), b)), c);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(a);
  });

  it('ignores recording the present again', () => {
    const [a] = docs(1);
    const h = createHistory(a);
    expect(record(h, a)).toBe(h);
  });

  it('merges consecutive records with the same coalesce key into one step', () => {
    const [a, t1, t2, t3, other] = docs(5);
    let h = createHistory(a);
    for (const d of [t1, t2, t3]) h = record(h, d, { coalesce: 'field:/asl/States/A/Comment' });
    expect(h.past).toEqual([a]);
    expect(h.present).toBe(t3);
    h = record(h, other, { coalesce: 'field:/asl/States/B/Comment' });
    expect(h.past).toEqual([a, t3]);
    expect(undo(undo(h)).present).toBe(a);
  });

  it.each([
    ['a record without a key', (h: History<object>, d: object) => record(h, d)],
    ['sealing', (h: History<object>) => sealHistory(h)],
    ['undo then redo', (h: History<object>) => redo(undo(h))],
  ])('%s ends a coalescing group', (_what, interrupt) => {
    const [a, t1, between, t2] = docs(4) as [object, object, object, object];
    let h: History<object> = record(createHistory<object>(a), t1, { coalesce: 'k' });
    h = interrupt(h, between);
    const before = h.past.length;
    h = record(h, t2, { coalesce: 'k' });
    expect(h.past.length).toBe(before + 1);
  });

  it('keeps at most `limit` undo steps', () => {
    const all = docs(8);
    let h = createHistory(all[0]!, { limit: 3 });
    for (const d of all.slice(1)) h = record(h, d);
    expect(h.past).toEqual([all[4], all[5], all[6]]);
    expect(h.present).toBe(all[7]);
    h = undo(undo(undo(h)));
    expect(h.present).toBe(all[4]);
    expect(canUndo(h)).toBe(false);
  });

  it('defaults to 200 steps', () => {
    let h = createHistory<number>(0);
    for (let i = 1; i <= 250; i++) h = record(h, i);
    expect(h.past.length).toBe(200);
    expect(h.past[0]).toBe(50);
  });
});

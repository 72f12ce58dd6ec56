import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { Continuation } from './continuation.ts';
import { RUN_DEADLINE } from './transitions.ts';

const note = (id: string, fields: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id,
  run_id: 'r',
  instance: 'S',
  entry: 'e',
  reason: 'upstream_done',
  due_at_ms: Date.now(),
  created_at_ms: Date.now(),
  ...fields,
});
const wide = { maxSteps: 10, maxMs: 60_000 };

describe('continuing in place (one notification job)', () => {
  it('chooses the first notification due now — not a delayed one, not the run deadline — and starts it once accepted', () => {
    const started: string[] = [];
    const c = new Continuation((n) => started.push(n.id), wide);
    const later = note('later', { due_at_ms: Date.now() + 60_000 });
    const deadline = note('deadline', { instance: RUN_DEADLINE });
    const now = note('now');
    expect(c.choose([later, deadline, now, note('other')])).toBe(now);
    // One at a time: nothing else is chosen until that commit is decided.
    expect(c.choose([note('x')])).toBeUndefined();
    c.accept(note('not-chosen'));
    expect(started).toEqual([]);
    c.accept(now);
    expect(started).toEqual(['now']);
    expect(c.choose([later, deadline])).toBeUndefined();
  });

  it('a refused commit lets the choice go; the job stops choosing at its step bound, its time bound and once closed', () => {
    const started: string[] = [];
    const c = new Continuation((n) => started.push(n.id), { maxSteps: 3, maxMs: 60_000 });
    const a = note('a');
    expect(c.choose([a])).toBe(a);
    c.release(a);
    c.accept(a); // released: not started
    expect(started).toEqual([]);
    for (const id of ['b', 'c']) c.accept(c.choose([note(id)])!);
    expect(started).toEqual(['b', 'c']);
    expect(c.choose([note('d')])).toBeUndefined(); // the first notification and two continued: three steps

    expect(new Continuation(() => {}, { maxSteps: 10, maxMs: 0 }).choose([note('e')])).toBeUndefined();
    const closed = new Continuation(() => {}, wide);
    closed.close();
    expect(closed.choose([note('f')])).toBeUndefined();
  });
});

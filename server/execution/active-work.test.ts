import { describe, expect, it } from 'vitest';
import { InFlightWork } from './active-work.ts';

const STOP = { error: 'WorkerStopped' as const, cause: 'the worker process is stopping' };

describe('the Task attempts in flight', () => {
  it('counts what is added and removed', () => {
    const work = new InFlightWork();
    const a = new AbortController();
    work.add(a);
    work.add(new AbortController());
    expect(work.size).toBe(2);
    work.delete(a);
    expect(work.size).toBe(1);
    expect(a.signal.aborted).toBe(false);
  });

  it('stops every attempt in flight, and every one added after it began stopping', () => {
    const work = new InFlightWork();
    const running = new AbortController();
    work.add(running);
    work.stop(STOP);
    expect(running.signal.reason).toEqual(STOP);
    // Its lease was granted just before the stop; it registers just after: it stops too.
    const late = new AbortController();
    work.add(late);
    expect(late.signal.aborted).toBe(true);
    expect(late.signal.reason).toEqual(STOP);
  });
});

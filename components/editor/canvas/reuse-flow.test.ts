import { describe, expect, it } from 'vitest';
import { keepMeasured, reuseById } from './reuse-flow';

describe('reuseById', () => {
  const a = { id: 'a', data: { name: 'A', skills: ['x'] } };
  const b = { id: 'b', data: { name: 'B', skills: [] as string[] } };

  it('returns the previous list when every item is equal', () => {
    const prev = [a, b];
    expect(reuseById(prev, [structuredClone(a), structuredClone(b)])).toBe(prev);
  });

  it('keeps the previous object of every unchanged item, by id, and a new one for the changed', () => {
    const changed = { id: 'a', data: { name: 'A2', skills: ['x'] } };
    const out = reuseById([a, b], [structuredClone(b), changed]);
    expect(out[0]).toBe(b);
    expect(out[1]).not.toBe(a);
    expect(out[1]).toEqual(changed);
    // The unchanged part of a changed item is shared too.
    expect(out[1]!.data.skills).toBe(a.data.skills);
  });

  it('drops items that are gone and takes new ones as they are', () => {
    const c = { id: 'c', data: { name: 'C', skills: [] } };
    const out = reuseById([a, b], [structuredClone(a), c]);
    expect(out).toEqual([a, c]);
    expect(out[0]).toBe(a);
  });
});

describe('keepMeasured', () => {
  type N = {
    id: string;
    type: string;
    width: number;
    height: number;
    data: { kind: string };
    measured?: { width?: number; height?: number };
  };
  const drawn: N = { id: 'a', type: 'state', width: 240, height: 76, data: { kind: 'Task' }, measured: { width: 240, height: 76 } };

  it("carries React Flow's measured size onto a moved node of the same box and kind", () => {
    const moved = { id: 'a', type: 'state', width: 240, height: 76, position: { x: 10, y: 900 }, data: { kind: 'Task' } };
    const out = keepMeasured<N & { position?: unknown }>(moved, drawn);
    expect(out.measured).toEqual({ width: 240, height: 76 });
    expect(out.position).toEqual({ x: 10, y: 900 });
    expect(moved).not.toHaveProperty('measured');
  });

  it('leaves a node to be measured again when its box, kind or type changed, or it was never measured', () => {
    const taller: N = { ...drawn, height: 96, measured: undefined };
    const choice: N = { ...drawn, data: { kind: 'Choice' }, measured: undefined };
    const container: N = { ...drawn, type: 'container', measured: undefined };
    expect(keepMeasured(taller, drawn)).toBe(taller);
    expect(keepMeasured(choice, drawn)).toBe(choice);
    expect(keepMeasured(container, drawn)).toBe(container);
    const fresh: N = { ...drawn, measured: undefined };
    expect(keepMeasured(fresh, undefined)).toBe(fresh);
    expect(keepMeasured(fresh, { ...drawn, measured: { width: 240 } })).toBe(fresh);
  });
});

import { describe, expect, it } from 'vitest';
import { generateWorkflow } from '@/bench/generate-workflow';
import { containerWorkflow } from './__fixtures__/workflows';
import { getAt } from './pointer-access';
import { setStateField } from './set-state-field';
import { indexStates, type StateIndex } from './state-index';
import type { WorkflowDoc } from './types';

/** The index's shape (names, pointers, order, scope facts) with every link checked against the index and every value against `doc`. */
function describeIndex(index: StateIndex, doc: WorkflowDoc) {
  const linked = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`not linked: ${what}`);
  };
  const scopes = index.tree.scopes.map((s) => {
    linked(index.scopes.get(s.pointer) === s, `scope ${s.pointer}`);
    linked(s.holder === getAt(doc, s.pointer), `holder of ${s.pointer}`);
    if (s.owner) linked(index.states.get(s.owner.pointer) === s.owner, `owner of ${s.pointer}`);
    for (const n of s.states.values()) linked(index.states.get(n.pointer) === n, `${n.pointer} in ${s.pointer}`);
    return {
      pointer: s.pointer,
      kind: s.kind,
      index: s.index,
      startAt: s.startAt,
      hasStates: s.hasStates,
      owner: s.owner?.pointer,
      states: [...s.states.keys()],
    };
  });
  const states = index.tree.states.map((n) => {
    linked(index.states.get(n.pointer) === n, `state ${n.pointer}`);
    linked(n.value === getAt(doc, n.pointer), `value of ${n.pointer}`);
    linked(index.scopes.get(n.scope.pointer) === n.scope, `scope of ${n.pointer}`);
    for (const c of n.children) linked(index.scopes.get(c.pointer) === c && c.owner === n, `child ${c.pointer}`);
    return { name: n.name, pointer: n.pointer, scope: n.scope.pointer, children: n.children.map((c) => c.pointer) };
  });
  return { root: index.tree.root?.pointer, scopes, states, names: [...index.names].sort(), sizes: [index.states.size, index.scopes.size] };
}

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EDITS: Array<[field: string, value: (r: () => number, names: string[]) => unknown]> = [
  ['Comment', (r) => `c${Math.floor(r() * 1000)}`],
  ['Comment', () => undefined],
  ['ResultPath', (r) => (r() < 0.5 ? '$.x' : null)],
  ['Next', (r, names) => names[Math.floor(r() * names.length)]],
  ['End', () => true],
  ['Branches', () => [{ StartAt: 'Z', States: { Z: { Type: 'Pass', End: true } } }]],
];

describe('deriveIndex (through setStateField)', () => {
  it.each([
    ['a generated chain with Parallel branches', () => generateWorkflow(25) as WorkflowDoc, 1],
    ['nested Parallel and Map scopes', () => containerWorkflow(), 2],
  ])('gives the index a rebuild gives, over random edits: %s', (_, make, seed) => {
    const r = random(seed);
    let doc = make();
    let derived = 0;
    for (let i = 0; i < 150; i++) {
      const index = indexStates(doc);
      const pointers = [...index.states.keys()];
      const pointer = pointers[Math.floor(r() * pointers.length)]!;
      const [field, value] = EDITS[Math.floor(r() * EDITS.length)]!;
      const result = setStateField(doc, pointer, field, value(r, [...index.names]));
      if (!result.ok || result.doc === doc) continue;
      const next = indexStates(result.doc);
      if (next.names === index.names) derived++;
      // A shallow copy of the document is another object: indexed from scratch, with the same values.
      const rebuilt = indexStates({ ...result.doc });
      expect(describeIndex(next, result.doc)).toEqual(describeIndex(rebuilt, result.doc));
      doc = result.doc;
    }
    // Most edits keep the structure, so most indexes were derived (a rebuild on every edit would pass the equality vacuously).
    expect(derived).toBeGreaterThan(60);
  });

  it('indexes from scratch when an edit changes a state’s nested scopes', () => {
    const doc = generateWorkflow(30) as WorkflowDoc;
    const before = indexStates(doc);
    const result = setStateField(doc, '/asl/States/S9', 'Branches', [{ StartAt: 'Q', States: { Q: { Type: 'Pass', End: true } } }]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const after = indexStates(result.doc);
    expect(after.names).not.toBe(before.names);
    expect(after.states.has('/asl/States/S9/Branches/0/States/Q')).toBe(true);
    expect(after.states.has('/asl/States/S9/Branches/1/States/S9B1')).toBe(false);
  });
});

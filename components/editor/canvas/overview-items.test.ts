import { describe, expect, it } from 'vitest';
import type { EditorFlowNode } from './node-data';
import { overviewItems } from './overview-items';
import { KIND_MINIMAP } from './nodes/minimap-colors';

const state = (id: string, kind: string, extra: Record<string, unknown> = {}) =>
  ({
    id,
    type: 'state',
    position: { x: 10, y: 20 },
    width: 240,
    height: 76,
    data: { kind, name: id, findings: { errors: 0, warnings: 0 } },
    ...extra,
  }) as unknown as EditorFlowNode;

describe('overviewItems', () => {
  it('places children at absolute positions through their parents and leaves the start marker out', () => {
    const nodes = [
      { id: '/asl#start', type: 'start', position: { x: 0, y: 0 }, width: 16, height: 16, data: {} },
      { ...state('/asl/P', 'Parallel'), type: 'container', position: { x: 100, y: 1000 }, width: 600, height: 300 },
      { id: '/asl/P/0', type: 'lane', parentId: '/asl/P', position: { x: 10, y: 60 }, width: 280, height: 200, data: {} },
      { ...state('/asl/P/0/A', 'Task'), parentId: '/asl/P/0', position: { x: 20, y: 30 } },
    ] as unknown as EditorFlowNode[];
    const items = overviewItems(nodes);
    expect(items.map((i) => i.id)).toEqual(['/asl/P', '/asl/P/0', '/asl/P/0/A']);
    expect(items[2]!.box).toEqual({ x: 130, y: 1090, width: 240, height: 76 });
    expect(items[0]!.fill).toBe(KIND_MINIMAP.Parallel);
  });

  it('fills a state by its type and marks one with errors or selected', () => {
    const [task, failing, chosen] = overviewItems([
      state('a', 'Task'),
      state('b', 'Task', { data: { kind: 'Task', name: 'b', findings: { errors: 2, warnings: 0 } } }),
      state('c', 'Choice', { selected: true }),
    ]);
    expect(task!.fill).toBe(KIND_MINIMAP.Task);
    expect(task!.mark).toBeUndefined();
    expect(failing!.mark).toBe('error');
    expect(chosen!.mark).toBe('selected');
    expect(chosen!.fill).toBe(KIND_MINIMAP.Choice);
  });
});

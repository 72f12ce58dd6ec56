/**
 * Cycles between subsystems. dependency-cruiser finds module cycles and cycles between leaf
 * folders; the architecture's unit is coarser — a subsystem (`server/<x>`, `components/<x>`,
 * `app`, `lib`, `cli`) — so modules are collapsed into their subsystem here and the strongly
 * connected components of that graph are the cycles (Tarjan's algorithm, iterative).
 */
export interface ModuleEdge {
  from: string;
  to: string;
}

export interface SubsystemCycle {
  subsystems: string[];
  /** For each edge inside the cycle, up to three module imports that make it. */
  edges: Array<{ from: string; to: string; via: string[] }>;
}

/** The subsystem of a repository path, or null for paths outside the checked tree. */
export function subsystemOf(file: string): string | null {
  const m = /^(server|components)\/([^/]+)\//.exec(file);
  if (m) return `${m[1]}/${m[2]}`;
  const top = /^(app|lib|cli|server|components)\//.exec(file);
  return top ? top[1]! : null;
}

export function subsystemCycles(edges: ModuleEdge[]): SubsystemCycle[] {
  const via = new Map<string, string[]>();
  const adjacency = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = subsystemOf(e.from);
    const b = subsystemOf(e.to);
    if (!a || !b || a === b) continue;
    if (!adjacency.has(a)) adjacency.set(a, new Set());
    if (!adjacency.has(b)) adjacency.set(b, new Set());
    adjacency.get(a)!.add(b);
    const key = `${a}\u0000${b}`;
    via.set(key, [...(via.get(key) ?? []), `${e.from} → ${e.to}`]);
  }
  return stronglyConnected(adjacency)
    .filter((c) => c.length > 1)
    .map((c) => {
      const inside = new Set(c);
      const cycleEdges = [...via]
        .map(([k, v]) => ({ pair: k.split('\u0000') as [string, string], v }))
        .filter(({ pair }) => inside.has(pair[0]) && inside.has(pair[1]))
        .map(({ pair, v }) => ({ from: pair[0], to: pair[1], via: v.slice(0, 3) }))
        .sort((x, y) => (x.from + x.to).localeCompare(y.from + y.to));
      return { subsystems: [...c].sort(), edges: cycleEdges };
    });
}

function stronglyConnected(adjacency: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const root of adjacency.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; children: string[]; i: number }> = [];
    const open = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: [...(adjacency.get(node) ?? [])], i: 0 });
    };
    open(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      if (top.i < top.children.length) {
        const child = top.children[top.i++]!;
        if (!index.has(child)) open(child);
        else if (onStack.has(child)) low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          component.push(n);
        } while (n !== top.node);
        out.push(component);
      }
    }
  }
  return out;
}

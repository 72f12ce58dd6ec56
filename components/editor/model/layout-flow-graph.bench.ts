/**
 * How long ELK takes to lay out generated workflows of 100 and 500 states (the editor issue's
 * benchmark sizes): the first layout (cold: ELK's code is not yet compiled by the JIT, as in a
 * fresh Web Worker) and the median of the next runs (warm: the editor's worker after its first
 * layout). Prints the figures; asserts nothing.
 *
 *   node --import tsx components/editor/model/layout-flow-graph.bench.ts
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { generateWorkflow } from '@/bench/generate-workflow';
import { layoutFlowGraph } from './layout-flow-graph';
import { toFlowGraph } from './to-flow-graph';

const elk = new ELK();
const WARM_RUNS = 5;

async function timeLayout(states: number): Promise<number> {
  const graph = toFlowGraph(generateWorkflow(states));
  const started = performance.now();
  await layoutFlowGraph(graph, {}, elk);
  return performance.now() - started;
}

console.log('states  nodes  edges  first layout ms  warm median ms');
const cold = new Map<number, number>();
for (const states of [100, 500]) cold.set(states, await timeLayout(states));
for (const states of [100, 500]) {
  const runs: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) runs.push(await timeLayout(states));
  runs.sort((a, b) => a - b);
  const graph = toFlowGraph(generateWorkflow(states));
  console.log(
    `${String(states).padStart(6)}  ${String(graph.nodes.length).padStart(5)}  ` +
      `${String(graph.edges.length).padStart(5)}  ${cold.get(states)!.toFixed(0).padStart(15)}  ` +
      `${runs[Math.floor(runs.length / 2)]!.toFixed(0).padStart(14)}`,
  );
}

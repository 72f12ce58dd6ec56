import { isStateType } from '@/server/engine/asl/state-fields';
import { indexStates } from '../model/state-index';
import { stateAt } from '../model/lookup';
import { reuseEqual } from '../state/reuse-equal';
import type { EditorFlowNode } from './node-data';
import { nodeSize } from './node-size';
import { stateData } from './to-react-flow';

/**
 * The canvas' nodes (drawn from a deferred copy of the document) with the card of the one selected
 * state drawn from the current document: what is typed into the inspector shows on its card at
 * once, while the other nodes (a thousand to diff) catch up in a render React may interrupt.
 * Only what the card shows of the state's own fields is taken — comment, skills, rule, retrier and
 * catcher counts, and the box they need; where the state sits, its name and its type are the
 * deferred copy's (a rename or a type change moves edges and boxes: the layout's business). The
 * list is returned unchanged when nothing of the card differs.
 */
export function withLiveSelected(nodes: EditorFlowNode[], doc: unknown, pointer: string | null): EditorFlowNode[] {
  if (!pointer) return nodes;
  const i = nodes.findIndex((n) => n.id === pointer);
  const drawn = nodes[i];
  if (!drawn || (drawn.type !== 'state' && drawn.type !== 'container')) return nodes;
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok || found.state.Type !== drawn.data.kind || !isStateType(found.state.Type)) return nodes;
  const d = drawn.data;
  const model = {
    kind: 'state' as const,
    id: pointer,
    name: d.name,
    type: found.state.Type,
    state: found.state,
    scope: found.node.scope.pointer,
    isStart: d.isStart,
    terminal: d.terminal ? ('End' as const) : null,
    container: drawn.type === 'container',
  };
  const live = stateData(model, d.findings, d.readOnly, d.run);
  const data = reuseEqual(d, { ...d, ...live });
  if (data === d) return nodes;
  // A container's box is the layout's (its lanes); a leaf's follows from what it shows.
  const box = drawn.type === 'state' ? nodeSize(data, !!d.run) : {};
  const out = nodes.slice();
  out[i] = { ...drawn, data, ...box } as EditorFlowNode;
  return out;
}

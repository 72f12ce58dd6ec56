'use client';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, type MouseEvent } from 'react';
import { Background, Controls, MarkerType, ReactFlow, type Edge } from '@xyflow/react';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useGraphSelection } from './graph-selection';
import type { LineageModel } from './lineage-model';
import { useLineageLayout } from './use-lineage-layout';
import { VersionNode, type VersionFlowNode } from './version-node';

const NODE_TYPES = { version: VersionNode };
const EDGE_STYLE: Record<string, { stroke: string; strokeDasharray?: string }> = {
  VERSION_OF: { stroke: '#4f46e5' },
  REFINEMENT_OF: { stroke: '#0f766e', strokeDasharray: '6 4' },
};

/**
 * The lineage tree drawn with React Flow at the positions ELK computed: one node per saved
 * version, edges from child to parent labelled VERSION_OF (solid) or REFINEMENT_OF (dashed).
 * Read-only: nothing can be dragged or connected; zoom and pan with the controls or the mouse.
 */
export function LineageCanvas({ model }: { model: LineageModel }) {
  const layout = useLineageLayout(model);
  const { selectVersion } = useGraphSelection();
  // A click anywhere on a node opens its version (its own buttons handle their clicks). React Flow
  // also needs a click handler to let pointer events reach nodes that are neither draggable nor selectable.
  const onNodeClick = useCallback(
    (e: MouseEvent, n: VersionFlowNode) => {
      if (!(e.target as HTMLElement).closest('button')) selectVersion({ workflowId: n.data.workflowId, version: n.data.version });
    },
    [selectVersion],
  );
  const { nodes, edges } = useMemo(() => {
    const pos = layout.data;
    if (!pos) return { nodes: [], edges: [] };
    const nodes: VersionFlowNode[] = model.nodes.map(({ id, ...data }) => {
      const p = pos[id]!;
      return {
        id,
        type: 'version',
        position: { x: p.x, y: p.y },
        width: p.width,
        height: p.height,
        data,
        draggable: false,
        selectable: false,
        connectable: false,
      };
    });
    const name = new Map(model.nodes.map((n) => [n.id, `${n.name} ${n.version}`]));
    const edges: Edge[] = model.links.map((l) => ({
      id: l.id,
      source: l.child,
      target: l.parent,
      label: l.kind,
      type: 'smoothstep',
      focusable: false,
      selectable: false,
      style: { ...EDGE_STYLE[l.kind], strokeWidth: 1.5 },
      markerEnd: { type: MarkerType.ArrowClosed, color: EDGE_STYLE[l.kind]!.stroke },
      labelStyle: { fontSize: 10, fontFamily: 'ui-monospace, monospace', fill: '#334155' },
      labelBgStyle: { fill: '#f8fafc' },
      labelBgPadding: [4, 2] as [number, number],
      ariaLabel: `${name.get(l.child)} ${l.kind} ${name.get(l.parent)}`,
    }));
    return { nodes, edges };
  }, [layout.data, model]);

  if (layout.isPending) return <LoadingState label="Laying out the lineage…" />;
  if (layout.isError)
    return (
      <ErrorState title="The lineage could not be laid out" message={errorMessage(layout.error)} onRetry={() => void layout.refetch()} />
    );
  return (
    <div className="h-[560px] w-full" data-testid="lineage-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodeClick={onNodeClick}
        fitView
        fitViewOptions={{ padding: 0.15 }}
        minZoom={0.2}
        maxZoom={1.5}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        aria-label="Lineage of saved workflows"
      >
        <Background gap={20} size={1} />
        {/* Bottom left: React Flow's attribution (a 24 px target, app/globals.css) holds the bottom right. */}
        <Controls showInteractive={false} position="bottom-left" />
      </ReactFlow>
    </div>
  );
}

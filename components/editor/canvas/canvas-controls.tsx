'use client';
import { ControlButton, Controls, useReactFlow, useStore } from '@xyflow/react';
import { readableFit } from './readable-fit';

/** Four corners pointing out: fit the graph to the view. */
function FitIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" />
    </svg>
  );
}

/**
 * The canvas' zoom buttons. Fit view shows the whole graph, or as much of it as can be read
 * (readableFit): React Flow's own fit would draw a 1,000-state chain as specks.
 */
export function CanvasControls() {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const fit = () =>
    void flow.setViewport(readableFit(flow.getNodesBounds(flow.getNodes()), { width, height }, flow.getViewport()), { duration: 200 });
  return (
    <Controls position="bottom-left" showInteractive={false} showFitView={false}>
      <ControlButton className="react-flow__controls-fitview" onClick={fit} title="Fit view" aria-label="Fit view">
        <FitIcon />
      </ControlButton>
    </Controls>
  );
}

'use client';
import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import type { RouteEdge as RouteEdgeType } from '../to-react-flow';
import { routePath } from './route-path';

const STROKE: Record<string, { color: string; dash?: string }> = {
  start: { color: '#94a3b8' },
  next: { color: '#64748b' },
  default: { color: '#475569', dash: '6 4' },
  choice: { color: '#d97706' },
  catch: { color: '#dc2626', dash: '4 3' },
};

/** A label's border and text: red for a catcher's errors, amber for a Choice rule's condition, grey otherwise. */
function labelTone(kind: string): string {
  if (kind === 'catch') return 'border-red-200 text-red-700';
  if (kind === 'choice') return 'border-amber-200 text-amber-800';
  return 'border-slate-200 text-slate-600';
}

/**
 * A transition: ELK's orthogonal route around the nodes when it is fresh, else a smooth step
 * between the two handles (after the user dragged a node). Choice rules show their condition,
 * catchers their errors, Default says so. In the run view a transition that was taken is drawn
 * strong and the others faint.
 */
export const RouteEdge = memo(function RouteEdge(p: EdgeProps<RouteEdgeType>) {
  const d = p.data;
  const style = STROKE[d?.kind ?? 'next']!;
  const path = d?.route
    ? routePath(d.route)
    : (() => {
        const [path, labelX, labelY] = getSmoothStepPath({
          sourceX: p.sourceX,
          sourceY: p.sourceY,
          sourcePosition: p.sourcePosition,
          targetX: p.targetX,
          targetY: p.targetY,
          targetPosition: p.targetPosition,
          borderRadius: 6,
        });
        return { d: path, labelX, labelY };
      })();
  const faint = d?.tone === 'idle';
  return (
    <>
      <BaseEdge
        id={p.id}
        path={path.d}
        markerEnd={`url(#dcf-arrow-${d?.kind ?? 'next'})`}
        interactionWidth={14}
        style={{
          stroke: p.selected ? '#4f46e5' : style.color,
          strokeWidth: p.selected || d?.tone === 'taken' ? 2.5 : 1.5,
          strokeDasharray: style.dash,
          opacity: faint ? 0.35 : 1,
        }}
      />
      {d?.label && (
        <EdgeLabelRenderer>
          <div
            className={
              'nodrag nopan pointer-events-auto absolute max-w-48 truncate rounded border bg-white px-1 font-mono ' +
              'text-[10px] leading-4 ' +
              `${labelTone(d.kind)} ` +
              `${faint ? 'opacity-40' : ''}`
            }
            style={{ transform: `translate(-50%, -50%) translate(${path.labelX}px, ${path.labelY}px)` }}
            title={d.label}
            data-testid="edge-label"
            data-kind={d.kind}
          >
            {d.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

/** The arrowheads of every edge kind, defined once per canvas (referenced by id from the edges). */
export function EdgeMarkers() {
  return (
    <svg className="absolute size-0" aria-hidden>
      <defs>
        {Object.entries(STROKE).map(([kind, s]) => (
          <marker
            key={kind}
            id={`dcf-arrow-${kind}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill={s.color} />
          </marker>
        ))}
      </defs>
    </svg>
  );
}

'use client';
import { memo, useContext } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import type { ContainerFlowNode, LaneFlowNode } from '../node-data';
import { HANDLE } from '../handles';
import { CHANGE_STYLE, KIND_STYLE, RUN_STATUS_STYLE } from './kind-style';
import { RunBand } from './run-band';
import { FarContext, ToggleContainerContext } from '../zoom-context';
import { FarLabel, StateHeader } from './state-node';
import { CONTAINER_HEADER, LANE_HEADER } from '../../model/elk-graph';

const HANDLE_CLASS = '!size-2.5 !border-2 !border-white';
/** From far, an open container's name fills the room above its first states: its header and its lanes' labels. */
const FAR_HEADER = CONTAINER_HEADER + LANE_HEADER;

/** What a container holds, in words: "3 states in 2 branches", "1 state in its item processor". */
export function heldText(kind: string, held: { lanes: number; states: number }): string {
  const states = `${held.states} ${held.states === 1 ? 'state' : 'states'}`;
  if (kind === 'Map') return `${states} in its item processor`;
  return `${states} in ${held.lanes} ${held.lanes === 1 ? 'branch' : 'branches'}`;
}

/**
 * A Parallel or Map state drawn as a container: its header, then its lanes (each Parallel branch,
 * the Map's item processor) as child nodes that the layout sizes to their content. In the editor
 * a toggle collapses it to one box that says what it holds (its lanes are then not drawn).
 */
export const ContainerNode = memo(function ContainerNode({ data: d, selected, id, width, height }: NodeProps<ContainerFlowNode>) {
  const toggle = useContext(ToggleContainerContext);
  const far = useContext(FarContext);
  const style = KIND_STYLE[d.kind];
  const run = d.run ? RUN_STATUS_STYLE[d.run.status] : null;
  return (
    <div
      className={
        'relative h-full w-full rounded-xl border border-l-4 border-dashed border-slate-300 px-2.5 py-2 ' +
        `${style.accent} ` +
        `${run ? `${run.fill} ring-1 ${run.ring}` : d.change ? CHANGE_STYLE[d.change] : 'bg-slate-50/60'} ` +
        `${selected ? 'outline-2 outline-offset-2 outline-indigo-500' : ''}`
      }
      data-testid="state-node"
      data-state={d.name}
      data-kind={d.kind}
      data-status={d.run?.status}
      data-change={d.change}
      data-collapsed={d.held ? 'true' : undefined}
      aria-label={
        `${d.kind} state ${d.name} with ${d.lanes} ` +
        `${d.kind === 'Map' ? 'item processor' : d.lanes === 1 ? 'branch' : 'branches'}${d.held ? ', collapsed' : ''}` +
        `${d.run ? `, ${d.run.status}` : ''}`
      }
    >
      <Handle
        type="target"
        position={Position.Top}
        id={HANDLE.in}
        isConnectable={!d.readOnly}
        className={`${HANDLE_CLASS} !bg-slate-400`}
      />
      {far && d.held ? (
        <FarLabel d={d} width={width ?? 240} height={height ?? 64} />
      ) : far ? (
        // Open and seen from far: its name as large as a state's, across the room above its first
        // states (its own header and its lanes' labels, which are left out from far so this shows through).
        <div className="absolute inset-x-0 top-0 px-2.5" style={{ height: FAR_HEADER }} data-testid="container-far-header">
          <FarLabel d={d} width={width ?? 240} height={FAR_HEADER} />
        </div>
      ) : (
        <div className="w-60">
          <StateHeader d={d} />
          {d.held && (
            <p className="truncate pt-0.5 text-[11px] text-slate-600" data-testid="container-holds">
              {heldText(d.kind, d.held)}
            </p>
          )}
          {d.run && <RunBand run={d.run} />}
        </div>
      )}
      {toggle && (
        <button
          type="button"
          // nodrag: a press on the toggle is a click, not the start of moving the container.
          className="nodrag absolute top-1.5 right-2 rounded border border-slate-300 bg-white px-1.5 text-[11px] text-slate-700 hover:bg-slate-100"
          aria-expanded={!d.held}
          aria-label={`${d.held ? 'Expand' : 'Collapse'} ${d.name}`}
          title={d.held ? 'Expand: show its states' : 'Collapse: show it as one box'}
          data-testid="container-toggle"
          onClick={(e) => {
            e.stopPropagation();
            toggle(id);
          }}
        >
          {d.held ? '▸ Expand' : '▾ Collapse'}
        </button>
      )}
      <Handle
        type="source"
        position={Position.Bottom}
        id={HANDLE.next}
        isConnectable={!d.readOnly}
        className={`${HANDLE_CLASS} !bg-indigo-500`}
        title="Drag to set Next"
      />
      <Handle
        type="source"
        position={Position.Right}
        id={HANDLE.catch}
        isConnectable={!d.readOnly}
        className={`${HANDLE_CLASS} !bg-red-500`}
        style={{ top: 18 }}
        title="Drag to add a Catch"
      />
    </div>
  );
});

/** A Parallel branch or a Map's item processor: a drop zone for new states of that scope. */
export const LaneNode = memo(function LaneNode({ data: d }: NodeProps<LaneFlowNode>) {
  // From far a lane is an outline only: its label is too small to read, and its container's name
  // is drawn large across the lane's top (under the lane, which is drawn above its container).
  const far = useContext(FarContext);
  return (
    <div
      className={`h-full w-full rounded-lg border border-dashed border-slate-300 ${far ? '' : 'bg-white/70'}`}
      data-testid="lane"
      data-scope={d.scope}
      aria-label={d.label}
    >
      {!far && <p className="px-2 pt-1 text-[10px] font-semibold tracking-wide text-slate-600 uppercase">{d.label}</p>}
      {!far && d.empty && !d.readOnly && <p className="px-2 text-[11px] text-slate-400">Drop a state here</p>}
    </div>
  );
});

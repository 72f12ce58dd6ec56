'use client';
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import type { ContainerFlowNode, LaneFlowNode } from '../node-data';
import { HANDLE } from '../handles';
import { CHANGE_STYLE, KIND_STYLE, RUN_STATUS_STYLE } from './kind-style';
import { RunBand } from './run-band';
import { StateHeader } from './state-node';

const HANDLE_CLASS = '!size-2.5 !border-2 !border-white';

/**
 * A Parallel or Map state drawn as a container: its header, then its lanes (each Parallel branch,
 * the Map's item processor) as child nodes that the layout sizes to their content.
 */
export const ContainerNode = memo(function ContainerNode({ data: d, selected }: NodeProps<ContainerFlowNode>) {
  const style = KIND_STYLE[d.kind];
  const run = d.run ? RUN_STATUS_STYLE[d.run.status] : null;
  return (
    <div
      className={
        'h-full w-full rounded-xl border border-l-4 border-dashed border-slate-300 px-2.5 py-2 ' +
        `${style.accent} ` +
        `${run ? `${run.fill} ring-1 ${run.ring}` : d.change ? CHANGE_STYLE[d.change] : 'bg-slate-50/60'} ` +
        `${selected ? 'outline-2 outline-offset-2 outline-indigo-500' : ''}`
      }
      data-testid="state-node"
      data-state={d.name}
      data-kind={d.kind}
      data-status={d.run?.status}
      data-change={d.change}
      aria-label={
        `${d.kind} state ${d.name} with ${d.lanes} ` +
        `${d.kind === 'Map' ? 'item processor' : d.lanes === 1 ? 'branch' : 'branches'}${d.run ? `, ${d.run.status}` : ''}`
      }
    >
      <Handle
        type="target"
        position={Position.Top}
        id={HANDLE.in}
        isConnectable={!d.readOnly}
        className={`${HANDLE_CLASS} !bg-slate-400`}
      />
      <div className="w-60">
        <StateHeader d={d} />
        {d.run && <RunBand run={d.run} />}
      </div>
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
  return (
    <div
      className="h-full w-full rounded-lg border border-dashed border-slate-300 bg-white/70"
      data-testid="lane"
      data-scope={d.scope}
      aria-label={d.label}
    >
      <p className="px-2 pt-1 text-[10px] font-semibold tracking-wide text-slate-400 uppercase">{d.label}</p>
      {d.empty && !d.readOnly && <p className="px-2 text-[11px] text-slate-400">Drop a state here</p>}
    </div>
  );
});

'use client';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { useGraphSelection } from './graph-selection';
import type { VersionNodeData } from './lineage-model';
import { SkillChip } from './skill-chip';

export type VersionFlowNode = Node<VersionNodeData, 'version'>;

/**
 * One saved workflow version in the lineage tree: a button that opens the version, and its bound
 * skills as chips. Lineage edges leave a node at the top (towards its parent) and arrive at the
 * bottom (from its children). Inner controls are the focus targets (React Flow's own node focus is off).
 */
export function VersionNode({ data }: NodeProps<VersionFlowNode>) {
  const { selection, selectVersion, selectSkill } = useGraphSelection();
  const selected = selection?.kind === 'version' && selection.ref.workflowId === data.workflowId && selection.ref.version === data.version;
  return (
    <div
      data-testid="lineage-node"
      data-workflow-id={data.workflowId}
      data-version={data.version}
      className={
        'h-full w-full cursor-pointer rounded-lg border bg-white p-2.5 shadow-sm ' +
        `${selected ? 'border-indigo-500 ring-2 ring-indigo-300' : 'border-slate-300'}`
      }
    >
      <Handle type="source" position={Position.Top} isConnectable={false} className="opacity-0!" />
      <button
        type="button"
        onClick={() => selectVersion({ workflowId: data.workflowId, version: data.version })}
        aria-pressed={selected}
        aria-label={`${data.name} version ${data.version}`}
        className="nodrag nopan block w-full rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        <span className="line-clamp-2 block text-sm leading-5 font-semibold text-slate-900" title={data.name}>
          {data.name}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className="truncate font-mono text-[10px] leading-4 text-slate-500">{data.workflowId}</span>
          <span className="shrink-0 rounded bg-slate-100 px-1.5 font-mono text-xs leading-4 text-slate-700">v{data.version}</span>
        </span>
      </button>
      <ul className="mt-2 flex flex-col items-start gap-1 text-xs leading-4" aria-label={`Skills of ${data.name} ${data.version}`}>
        {data.skills.length === 0 && <li className="text-xs text-slate-500">No skills bound</li>}
        {data.skills.map((s) => (
          <li key={s} className="flex max-w-full">
            <SkillChip uri={s} selected={selection?.kind === 'skill' && selection.uri === s} onSelect={selectSkill} />
          </li>
        ))}
      </ul>
      <Handle type="target" position={Position.Bottom} isConnectable={false} className="opacity-0!" />
    </div>
  );
}

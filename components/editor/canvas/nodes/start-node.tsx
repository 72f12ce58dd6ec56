'use client';
import { memo } from 'react';
import { Handle, Position } from '@xyflow/react';

/** The entry of a scope (the machine, a branch, an item processor): its edge points at StartAt. */
export const StartNode = memo(function StartNode() {
  return (
    <div className="size-4 rounded-full bg-slate-700 ring-4 ring-slate-200" title="Start" role="img" aria-label="Start">
      <Handle
        type="source"
        position={Position.Bottom}
        isConnectable={false}
        className="!size-1 !min-h-0 !min-w-0 !border-0 !bg-transparent"
      />
    </div>
  );
});

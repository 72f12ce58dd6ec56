'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TableHead } from '@/components/ui/table-head';
import { bytesText, quotaPercent, splitPath } from './memory-files-format';
import { MemoryFileView } from './memory-files-view';
import { TypeBadge } from './memory-files-type-badge';
import { When } from './when';

const meterColour = (pct: number) => (pct >= 90 ? 'bg-red-500' : pct >= 70 ? 'bg-amber-500' : 'bg-indigo-500');

/**
 * The agent's memory files (DCF_DATA_DIR/agent-memory/<agent id>/, written by the agent with
 * write_agent_memory_file / append_to_agent_memory_file): every file with its folder, type, size
 * and modification time (UK time), the quota in use, and the chosen file's text. Read-only.
 */
export function MemoryFiles({ agentId }: { agentId: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState<string | null>(null);
  const files = useQuery(trpc.agentMemory.files.queryOptions({ agent_id: agentId }));

  if (files.isPending) return <LoadingState label="Reading the agent’s memory files…" />;
  if (files.isError) {
    return (
      <ErrorState title="The memory files could not be read" message={errorMessage(files.error)} onRetry={() => void files.refetch()} />
    );
  }
  const { files: list, used_bytes: used, quota_bytes: quota, max_file_bytes: maxFile } = files.data;
  if (list.length === 0) {
    return (
      <EmptyState title="No memory files">
        This agent has not written any memory files yet. Agents keep notes, logs and settings with the{' '}
        <span className="font-mono">write_agent_memory_file</span> and <span className="font-mono">append_to_agent_memory_file</span> tools.
      </EmptyState>
    );
  }
  const pct = quotaPercent(used, quota);
  const count = list.length === 1 ? '1 file' : `${list.length.toLocaleString('en-GB')} files`;
  return (
    <div className="space-y-4" data-testid="memory-files">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          {count}, {bytesText(used)} of a {bytesText(quota)} quota (files up to {bytesText(maxFile)} each)
        </span>
        <div
          className="h-2 w-40 overflow-hidden rounded-full bg-slate-200"
          role="meter"
          aria-label="Quota in use"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
        >
          <div className={`h-full ${meterColour(pct)}`} style={{ width: `${pct}%` }} />
        </div>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <TableHead variant="boxed" columns={['File', 'Type', 'Size', 'Modified']} />
          <tbody className="divide-y divide-slate-100">
            {list.map((f) => {
              const { folder, name } = splitPath(f.path);
              const selected = open === f.path;
              return (
                <tr
                  key={f.path}
                  data-testid="memory-file"
                  data-path={f.path}
                  className={selected ? 'bg-indigo-50/60' : 'hover:bg-slate-50'}
                >
                  <td className="px-3 py-1.5">
                    <button
                      type="button"
                      onClick={() => setOpen(selected ? null : f.path)}
                      aria-expanded={selected}
                      className="text-left font-mono text-xs text-indigo-700 underline-offset-2 hover:underline"
                    >
                      {folder && <span className="text-slate-500">{folder}/</span>}
                      {name}
                    </button>
                  </td>
                  <td className="px-3 py-1.5">
                    <TypeBadge type={f.file_type_hint} />
                  </td>
                  <td className="px-3 py-1.5 tabular-nums text-slate-700">{bytesText(f.size_bytes)}</td>
                  <td className="px-3 py-1.5 text-slate-700">
                    <When at={f.modified_at} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {open && <MemoryFileView agentId={agentId} path={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { bytesText } from './memory-files-format';
import { TypeBadge } from './memory-files-type-badge';
import { When } from './when';

/** One memory file's content as text (read-only); a file that is not UTF-8 is said to be binary, with its size. */
export function MemoryFileView({ agentId, path, onClose }: { agentId: string; path: string; onClose(): void }) {
  const trpc = useTRPC();
  const file = useQuery(trpc.agentMemory.file.queryOptions({ agent_id: agentId, path }));
  const data = file.data;
  return (
    <section
      aria-label={`Memory file ${path}`}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
      data-testid="memory-file-view"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
        <h3 className="font-mono text-sm font-medium text-slate-900">{path}</h3>
        {data && (
          <>
            <TypeBadge type={data.file_type_hint} />
            <span className="text-xs text-slate-500">{bytesText(data.size_bytes)}</span>
            {data.modified_at && (
              <span className="text-xs text-slate-500">
                modified <When at={data.modified_at} />
              </span>
            )}
          </>
        )}
        <Button className="ml-auto" onClick={onClose}>
          Close
        </Button>
      </header>
      {file.isPending ? (
        <div className="p-3">
          <LoadingState label="Reading the file…" />
        </div>
      ) : file.isError ? (
        <div className="p-3">
          <ErrorState title="The file could not be read" message={errorMessage(file.error)} onRetry={() => void file.refetch()} />
        </div>
      ) : file.data.text === null ? (
        <p className="p-3 text-sm text-slate-600">
          This file is not text (not UTF-8): {bytesText(file.data.size_bytes)} of binary content.
        </p>
      ) : (
        <pre className="max-h-[32rem] overflow-auto p-3 font-mono text-xs whitespace-pre-wrap text-slate-800">
          {file.data.text || '(empty file)'}
        </pre>
      )}
    </section>
  );
}

'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPCClient } from '@/components/providers/trpc';
import { CompiledMeta } from '@/components/workflows/compiled-meta';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import type { WorkflowDoc } from '../model/types';
import { docKey } from '../state/use-doc-validation';

/**
 * The control-plane meta document the workflow compiles to (spec §5.3: states, dependencies,
 * skills, terminal states) — what create_workflow_control_plane will write. Only a valid
 * workflow compiles; the panel says so otherwise.
 */
export function ControlPlanePanel({ doc, valid }: { doc: WorkflowDoc; valid: boolean }) {
  const client = useTRPCClient();
  const compile = useQuery({
    queryKey: ['editor-compile', docKey(doc)],
    queryFn: () => client.workflows.compile.query({ workflow: doc }),
    enabled: valid,
    staleTime: Infinity,
    gcTime: 10_000,
  });
  if (!valid)
    return <p className="p-3 text-sm text-slate-500">Only a valid workflow compiles to a control plane: fix the problems first.</p>;
  if (compile.isPending)
    return (
      <div className="p-3">
        <LoadingState label="Compiling the control-plane meta…" />
      </div>
    );
  if (compile.isError)
    return (
      <div className="p-3">
        <ErrorState title="Compilation request failed" message={errorMessage(compile.error)} onRetry={() => void compile.refetch()} />
      </div>
    );
  if (!compile.data.meta)
    return (
      <div className="p-3">
        <ErrorState title="No meta document" message="The server found the workflow invalid when compiling it." />
      </div>
    );
  return (
    <div className="p-3">
      <CompiledMeta meta={compile.data.meta} />
    </div>
  );
}

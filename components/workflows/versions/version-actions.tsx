'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import type { VersionStatus } from './lifecycle-text';

/**
 * Publish and Retire for one saved version (designers and admins; the server checks the role and,
 * with DCF_PUBLISH_FOUR_EYES, that the publisher is not who saved it — its refusal is shown as
 * it comes). Publishing retires the version in use; retiring the published version leaves the
 * workflow with none, so the button asks first.
 */
export function VersionActions({
  workflowId,
  version,
  status,
  name,
}: {
  workflowId: string;
  version: string;
  status: VersionStatus;
  name: string;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.graph.savedWorkflows.queryKey() });
  const publish = useMutation(trpc.workflows.publish.mutationOptions({ onSettled: refresh }));
  const retire = useMutation(trpc.workflows.retire.mutationOptions({ onSettled: refresh }));
  const key = { workflow_id: workflowId, version };
  const refused = [publish, retire]
    .map((m) => (m.isError ? errorMessage(m.error) : m.data?.status === 'error' ? m.data.error : null))
    .find(Boolean);
  const busy = publish.isPending || retire.isPending;
  const confirmRetire = () =>
    status !== 'published' ||
    window.confirm(
      `Retire v${version} of ${name}? It is the version in use: until another version is published, ` +
        'runs by workflow id, the Planner and schedules will refuse to run this workflow.',
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      {status !== 'published' && (
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => publish.mutate(key)}
          aria-label={`Publish ${name} v${version}`}
          title="Make this the version in use (the version in use now is retired)"
        >
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </Button>
      )}
      {status !== 'retired' && (
        <Button
          disabled={busy}
          onClick={() => confirmRetire() && retire.mutate(key)}
          aria-label={`Retire ${name} v${version}`}
          title={status === 'published' ? 'Take this version out of use (the workflow then has none in use)' : 'Withdraw this draft'}
        >
          {retire.isPending ? 'Retiring…' : 'Retire'}
        </Button>
      )}
      {refused && (
        <p role="alert" className="basis-full text-sm text-red-700">
          {refused}
        </p>
      )}
    </div>
  );
}

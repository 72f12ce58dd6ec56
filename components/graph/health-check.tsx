'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState } from '@/components/ui/states';
import { formatRate } from '@/components/skills/reliability-format';
import { skillLabel } from './skill-chip';
import type { HealthReport, VersionRef } from './types';

function Result({ report }: { report: HealthReport }) {
  const threshold = formatRate(report.threshold);
  if (report.healthy) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge tone="ok">Healthy</Badge>
        No bound skill’s recent failure rate is above {threshold}.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone="warn">Needs attention</Badge>
        {report.findings.length === 1 ? '1 skill fails' : `${report.findings.length} skills fail`} more often than {threshold} recently:
      </p>
      <ul className="space-y-1">
        {report.findings.map((f) => (
          <li key={f.skill} className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2">
            <span className="font-mono text-xs">{skillLabel(f.skill)}</span> in {f.states.join(', ')}: {formatRate(f.failure_rate)} failures
            over {f.uses} use{f.uses === 1 ? '' : 's'}.{' '}
            {f.alternative ? (
              <>
                Better: <span className="font-mono text-xs">{skillLabel(f.alternative.skill)}</span> (
                {formatRate(f.alternative.failure_rate)} failures over {f.alternative.uses}).
              </>
            ) : (
              'No better alternative of the same capability.'
            )}
          </li>
        ))}
      </ul>
      {report.proposal ? (
        <p className="text-slate-700" data-testid="health-proposal">
          Proposed version <span className="font-mono">{report.proposal.new_version}</span> ({report.proposal.reason}). It is listed under
          Proposals to accept or reject.
        </p>
      ) : (
        <p className="text-slate-600">No new version was proposed.</p>
      )}
    </div>
  );
}

/**
 * `check_workflow_health` for one saved version (spec §4.4), for designers and admins: finds
 * skills that fail too often and, when a better alternative exists, stores a proposed patch version.
 */
export function HealthCheck({ version }: { version: VersionRef }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const check = useMutation(
    trpc.graph.checkHealth.mutationOptions({
      onSuccess: (r) => {
        if (r.status === 'ok' && r.proposal) void queryClient.invalidateQueries({ queryKey: trpc.graph.proposals.queryKey() });
      },
    }),
  );
  const result = check.data;
  return (
    <div className="space-y-2" data-testid="health-check">
      <Button
        variant="primary"
        onClick={() => check.mutate({ workflow_id: version.workflowId, version: version.version })}
        disabled={check.isPending}
      >
        {check.isPending ? 'Checking health…' : 'Run health check'}
      </Button>
      <div role="status" aria-live="polite" data-testid="health-result">
        {result?.status === 'ok' && <Result report={result} />}
      </div>
      {check.isError && <ErrorState title="The health check failed" message={errorMessage(check.error)} />}
      {result?.status === 'error' && (
        <ErrorState title="The workflow's health could not be checked" message={result.error} code={result.error_code} />
      )}
    </div>
  );
}

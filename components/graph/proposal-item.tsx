'use client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge, type Tone } from '@/components/ui/badge';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { AcceptProposal } from './accept-proposal';
import { RejectProposal } from './reject-proposal';
import { formatTime } from './format';
import { jsonDiff } from './json-diff';
import { JsonDiffView } from './json-diff-view';
import type { Proposal } from './types';

const STATUS_TONE: Record<Proposal['status'], Tone> = { pending: 'warn', accepted: 'ok', rejected: 'neutral' };

/** The proposed document compared with the saved base version it patches. */
function DiffToBase({ proposal }: { proposal: Proposal }) {
  const trpc = useTRPC();
  const base = useQuery(trpc.graph.savedWorkflow.queryOptions({ workflow_id: proposal.workflowId, version: proposal.baseVersion }));
  const entries = useMemo(() => (base.data ? jsonDiff(base.data.document, proposal.document) : null), [base.data, proposal.document]);
  if (base.isPending) return <LoadingState label="Loading the base version…" />;
  if (base.isError) return <ErrorState title="The base version could not be loaded" message={errorMessage(base.error)} />;
  if (!entries) return <p className="text-sm text-slate-500">The base version {proposal.baseVersion} is no longer saved.</p>;
  return <JsonDiffView entries={entries} label={`Changes proposed from ${proposal.baseVersion} to ${proposal.newVersion}`} />;
}

/** One proposal of check_workflow_health: base → new version, why, the diff, and (when pending) Accept or Reject. */
export function ProposalItem({ proposal, workflowName, canChange }: { proposal: Proposal; workflowName: string; canChange: boolean }) {
  const pending = proposal.status === 'pending';
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="proposal" data-status={proposal.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {workflowName}{' '}
          <span className="font-mono text-xs font-normal text-slate-600">
            v{proposal.baseVersion} → v{proposal.newVersion}
          </span>
        </h3>
        <Badge tone={STATUS_TONE[proposal.status]}>{proposal.status}</Badge>
      </div>
      <p className="text-sm text-slate-700">{proposal.reason}</p>
      <p className="text-xs text-slate-500">
        Proposed {formatTime(proposal.createdAt)}
        {proposal.decidedAt &&
          ` · ${proposal.status} ${formatTime(proposal.decidedAt)}${proposal.decidedBy ? ` by ${proposal.decidedBy}` : ''}`}
      </p>
      <details open={pending}>
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">Diff to v{proposal.baseVersion}</summary>
        <div className="mt-2">
          <DiffToBase proposal={proposal} />
        </div>
      </details>
      {canChange && pending && (
        <div className="flex flex-wrap items-start gap-3">
          <AcceptProposal proposalId={proposal.id} newVersion={proposal.newVersion} />
          <RejectProposal proposalId={proposal.id} />
        </div>
      )}
    </li>
  );
}

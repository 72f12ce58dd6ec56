'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type { Role } from '@/lib/roles';
import { TableHead, type HeadColumn } from '@/components/ui/table-head';
import { runActionsFor } from './run-actions';
import { RunRow } from './run-row';
import type { RunRow as Run } from './types';

const COLUMNS: HeadColumn[] = ['Status', 'Workflow', 'Started', 'Duration', 'Started by', 'Advisor', 'Progress', 'QA score'];

/** The runs of the list, newest first, with the QA score of those that stored QA results; `canRun` adds the actions column (hidden for read-only roles). */
export function RunTable({ runs, role, canRun, onChanged }: { runs: readonly Run[]; role: Role; canRun: boolean; onChanged: () => void }) {
  const trpc = useTRPC();
  const finished = runs.filter((r) => r.status === 'SUCCEEDED').map((r) => r.run_id);
  const scores = useQuery({
    ...trpc.qa.runScores.queryOptions({ run_ids: finished }),
    enabled: finished.length > 0,
    refetchInterval: 5_000,
  });
  const byRun = new Map((scores.data ?? []).map((s) => [s.runId, s]));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="run-table">
        <caption className="sr-only">Workflow runs, newest first</caption>
        <TableHead variant="boxed" columns={canRun ? [...COLUMNS, { label: 'Actions', align: 'right' }] : COLUMNS} />
        <tbody className="divide-y divide-slate-100">
          {runs.map((r) => (
            <RunRow
              key={r.run_id}
              run={r}
              qa={byRun.get(r.run_id)}
              actions={canRun ? runActionsFor(role, r.status) : null}
              onChanged={onChanged}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

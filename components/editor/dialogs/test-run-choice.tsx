'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type { VersionStatus } from '@/components/workflows/versions/lifecycle-text';

/** The lifecycle status of the saved version the editor holds (null: unsaved, or not known yet). */
export function useSavedStatus(saved: { workflow_id: string; version: string } | null): VersionStatus | null {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.graph.savedWorkflows.queryOptions(), enabled: saved !== null });
  if (!saved) return null;
  return list.data?.find((v) => v.workflowId === saved.workflow_id && v.version === saved.version)?.status ?? null;
}

/**
 * The run dialog's test-run choice (issue 28). A version that is not published runs only as a test
 * run — by a designer or admin — so the box is then ticked and fixed; others are told it must be
 * published first. Otherwise a designer or admin may still choose a test run. A test run's QA
 * results are kept out of the review queue and the dashboard.
 */
export function TestRunChoice({
  mustTest,
  canTestRun,
  checked,
  onChange,
  version,
}: {
  mustTest: boolean;
  canTestRun: boolean;
  checked: boolean;
  onChange(v: boolean): void;
  version: string | null;
}) {
  if (mustTest && !canTestRun) {
    return (
      <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        v{version} is not published, so it cannot run for QA. A workflow designer or admin can publish it, or test-run it.
      </p>
    );
  }
  if (!canTestRun) return null;
  return (
    <div className="space-y-1 rounded-md border border-slate-200 px-3 py-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={checked}
          disabled={mustTest}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="run-test-run"
        />
        Test run
      </label>
      <p className="text-xs text-slate-600">
        {mustTest ? `v${version} is not published: it can only be started as a test run. ` : 'Mark this run as a test. '}A test run’s QA
        results are kept out of the QA review queue and the dashboard.
      </p>
    </div>
  );
}

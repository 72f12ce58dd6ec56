'use client';
import { ukDateTime } from '@/lib/uk-time';
import { startedByText } from '@/lib/started-by';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { TEST_RUN_HELP } from '@/components/workflows/versions/lifecycle-text';
import { StateProgressBar } from '@/components/ui/state-progress-bar';
import { CopyButton } from '@/components/ui/copy-button';
import { durationText } from '@/components/chat/format';
import { useNow } from '@/components/hooks/use-now';
import { runTone } from '@/components/graph/format';
import { editorHref } from '@/components/workflows/editor-links';
import { isFinalRunStatus } from '@/components/chat/run-view';
import { progressOf } from './run-overlays';
import { RunActions } from './run-actions';
import { runFailureLabel } from '../list/run-row-view';
import type { RunDetail } from './types';

const s = (v: unknown) => (typeof v === 'string' ? v : '');

/** A run's progress over its state instances: done, running and failed as one bar, with the counts in words. */
export function RunProgress({ counts }: { counts: ReturnType<typeof progressOf> }) {
  return (
    <div className="min-w-64">
      <StateProgressBar counts={counts} text={`${counts.done} of ${counts.total} states done`} />
      <p className="mt-1 text-xs text-slate-600">
        {counts.done} of {counts.total} states done
        {counts.running > 0 && ` · ${counts.running} running`}
        {counts.failed > 0 && ` · ${counts.failed} failed`}
      </p>
    </div>
  );
}

/**
 * The run at a glance: workflow and version (opening it in the editor), status (live), progress,
 * who started it and when, how long it has run, its error, and the actions the user may take.
 */
export function RunHeader({ detail, live, canRun }: { detail: RunDetail; live: string; canRun: boolean }) {
  const run = detail.run;
  const status = s(run.status) || 'UNKNOWN';
  const final = isFinalRunStatus(status);
  const now = useNow(final ? 3_600_000 : 1000);
  const started = Date.parse(s(run.started_at));
  const ended = Date.parse(s(run.finished_at));
  const took = Number.isNaN(started) ? null : (Number.isNaN(ended) ? now : ended) - started;
  const invalidInput = runFailureLabel({ status, error: s(run.error) || null, cause: s(run.cause) || null });
  return (
    <header
      className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3"
      data-testid="run-header"
      data-status={status}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link href="/runs" className="text-sm text-slate-500 hover:text-slate-800">
            Runs
          </Link>
          <span className="text-slate-300">/</span>
          <Link
            href={editorHref({ kind: 'saved', workflowId: s(run.workflow_id), version: s(run.workflow_version) })}
            className="font-semibold text-slate-900 hover:underline"
          >
            {s(run.workflow_name) || 'Workflow'}
          </Link>
          <span className="font-mono text-xs text-slate-500">v{s(run.workflow_version)}</span>
          <span data-testid="run-status">
            <Badge tone={runTone(status)}>{status}</Badge>
          </span>
          {run.test_run === true && (
            <span data-testid="run-test-run-badge">
              <Badge tone="warn" title={TEST_RUN_HELP}>
                test run
              </Badge>
            </span>
          )}
          {invalidInput && (
            <span
              className="text-xs text-amber-800"
              title="The run's input was invalid: not a fault of any skill"
              data-testid="run-invalid-input"
            >
              {invalidInput}
            </span>
          )}
          <span
            className={`text-xs ${live === 'live' ? 'text-emerald-700' : 'text-slate-500'}`}
            title="Updates arrive as they happen"
            data-testid="run-live"
          >
            ● {live}
          </span>
        </p>
        <p className="flex items-center gap-1 font-mono text-xs text-slate-500">
          {s(run.run_id)} <CopyButton text={s(run.run_id)} label="Copy the run id" />
        </p>
        <p className="text-xs text-slate-600">
          Started {Number.isNaN(started) ? '—' : ukDateTime(new Date(started).toISOString())} by{' '}
          <span title={s(run.started_by)} data-testid="run-started-by">
            {startedByText(s(run.started_by)) || '—'}
          </span>
          {took !== null && (
            <>
              {' '}
              · {final ? 'took' : 'running for'} {durationText(took)}
            </>
          )}
          {Number(run.redrive_count) > 0 && <> · redriven {String(run.redrive_count)}×</>}
        </p>
        {run.error ? (
          <p className="rounded-md bg-red-50 px-2 py-1 font-mono text-xs text-red-800" data-testid="run-error">
            {s(run.error)}
            {run.cause ? `: ${s(run.cause)}` : ''}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-2">
        <RunProgress counts={progressOf(detail.instances ?? {})} />
        {canRun && <RunActions runId={s(run.run_id)} status={status} />}
      </div>
    </header>
  );
}

import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { TEST_RUN_HELP } from '@/components/workflows/versions/lifecycle-text';
import { formatTime, runTone } from '@/components/graph/format';
import { advisorOf } from '@/lib/run-list';
import { startedByText } from '@/lib/started-by';
import type { RunAction } from './run-actions';
import { RunDuration } from './run-duration';
import { RunProgress } from './run-progress';
import { RunQaScoreCell, type RunQaScore } from './run-qa-score';
import { RunRowActions } from './run-row-actions';
import { runErrorText, runFailureLabel } from './run-row-view';
import type { RunRow as Run } from './types';

const CELL = 'px-3 py-2 align-top';

/**
 * One run: status (and how often it was redriven), workflow and version linking to the run view,
 * when it started and how long it took, who started it, the advisor its input names, progress
 * over its states, its QA score (mean over the calls it analysed), the error of a run that failed, and — when `actions` is given — the actions
 * the signed-in role has on it.
 */
export function RunRow({
  run,
  qa,
  actions,
  onChanged,
}: {
  run: Run;
  qa?: RunQaScore;
  actions: readonly RunAction[] | null;
  onChanged: () => void;
}) {
  const error = runErrorText(run);
  const invalidInput = runFailureLabel(run);
  const label = `run ${run.run_id.slice(0, 8)} of ${run.workflow_name}`;
  return (
    <tr data-testid="run-row" data-run-id={run.run_id} data-status={run.status}>
      <td className={CELL}>
        <div className="flex flex-col items-start gap-1">
          <Badge tone={runTone(run.status)}>{run.status}</Badge>
          {run.test_run && (
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
          {run.redrive_count > 0 && (
            <span className="text-xs text-slate-500" title="How often the run was redriven from its failed states">
              redriven {run.redrive_count}×
            </span>
          )}
        </div>
      </td>
      <th scope="row" className={`${CELL} max-w-sm text-left font-normal`}>
        <Link href={`/runs/${encodeURIComponent(run.run_id)}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
          {run.workflow_name || run.workflow_id}
        </Link>{' '}
        <span className="text-slate-500">v{run.workflow_version}</span>
        <p className="font-mono text-xs text-slate-500" title={run.run_id}>
          {run.run_id.slice(0, 8)}
        </p>
        {error && run.status !== 'SUCCEEDED' && (
          <p className="mt-1 line-clamp-2 text-xs break-words text-red-700" title={error} data-testid="run-error">
            {error}
          </p>
        )}
      </th>
      <td className={`${CELL} text-xs whitespace-nowrap text-slate-600`}>
        <time dateTime={run.started_at}>{formatTime(run.started_at)}</time>
      </td>
      <td className={`${CELL} text-xs whitespace-nowrap text-slate-600 tabular-nums`}>
        <RunDuration run={run} />
      </td>
      <td className={`${CELL} text-xs text-slate-600`} title={run.started_by} data-testid="run-started-by">
        {startedByText(run.started_by)}
      </td>
      <td className={`${CELL} text-xs text-slate-700`}>{advisorOf(run.input) ?? <span className="text-slate-500">—</span>}</td>
      <td className={CELL}>
        <RunProgress states={run.states} />
      </td>
      <td className={`${CELL} text-sm whitespace-nowrap`}>
        <RunQaScoreCell score={qa} />
      </td>
      {actions && (
        <td className={`${CELL} text-right`}>
          <RunRowActions run={run} actions={actions} label={label} onChanged={onChanged} />
        </td>
      )}
    </tr>
  );
}

import { loadConfig } from '../../server/config.ts';
import { showRun } from '../../server/execution/show-run.ts';
import { finalRunJson, waitForRun } from '../../server/execution/wait-run.ts';
import { PROJECT_ROOT } from '../context.ts';
import { cliExecution } from '../execution.ts';
import { parseFlags, parseSeconds } from '../flags.ts';
import { EXIT, printJson, usageError, type ExitCode } from '../io.ts';

const USAGE = 'dcf runs wait <run_id> [--timeout <s>] | dcf runs show <run_id>';

/** `dcf runs wait` (the final JSON; exit 0 only when SUCCEEDED) and `dcf runs show` (everything about a run). */
export async function runsCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['timeout'], switches: [] });
  if (f.error) return usageError(`${f.error}\n${USAGE}`);
  const [sub, runId] = f.positional;
  if (!runId || (sub !== 'wait' && sub !== 'show')) return usageError(USAGE);
  const timeout = parseSeconds(f.values.timeout, 'timeout');
  if (typeof timeout === 'object') return usageError(timeout.error);
  const { x } = await cliExecution(loadConfig(process.env, PROJECT_ROOT));
  if (sub === 'show') {
    const view = await showRun(x, runId);
    if (!view) return notFound(runId);
    printJson(view);
    return EXIT.ok;
  }
  const run = await waitForRun(x, runId, (timeout ?? 24 * 3600) * 1000);
  if (!run) return notFound(runId);
  printJson(finalRunJson(run));
  return run.status === 'SUCCEEDED' ? EXIT.ok : EXIT.failed;
}

function notFound(runId: string): ExitCode {
  printJson({ status: 'error', error: `no run ${runId}`, error_code: 'not_found' });
  return EXIT.failed;
}

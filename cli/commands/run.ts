import { runKeys } from '../../server/controlplane/keys.ts';
import { finishRun } from '../../server/execution/transitions.ts';
import { readRun } from '../../server/execution/run-record.ts';
import { finalRunJson, waitForRun } from '../../server/execution/wait-run.ts';
import { commitAndDispatch } from '../../server/execution/commit-and-dispatch.ts';
import { recordAudit } from '../../server/audit/log.ts';
import { invokeTool } from '../../server/tools/invoke.ts';
import { startWorkflowRunTool } from '../../server/tools/runtime/start-workflow-run.ts';
import { cliToolContext } from '../context.ts';
import { abortActiveWorkOnClose, cliExecution, startCliWorkers } from '../execution.ts';
import { parseFlags, parseSeconds } from '../flags.ts';
import { EXIT, printJson, readJsonSource, usageError, type ExitCode } from '../io.ts';

const USAGE =
  "dcf run (<workflow.json> | --workflow-id <id> [--version <v>]) --input '<json>' [--test-run] [--wait] " +
  '[--timeout <s>] [--external-workers]';

/**
 * `dcf run`: starts a run of a workflow file. With in-process workers (the default) this
 * process runs it and prints the final JSON; `--timeout` ends a run still going as TIMED_OUT.
 * With `--external-workers` it only starts the run and prints `{run_id}` (plus the final JSON
 * with `--wait`). Exit 0 only when the run SUCCEEDED (or was merely started).
 *
 * The run is started like every other mutation: through the tool layer's start_workflow_run
 * (the tool runs.start and MCP agents call), audited in the console's audit log as the local
 * user. The CLI reads the file itself and passes the workflow inline, so the local user can run
 * a file from anywhere (the tool's own `path` reads only the skills and workflows folders).
 *
 * `--workflow-id` runs a saved workflow instead: its published version, or `--version` (issue 28).
 * A version that is not published runs only with `--test-run`: a test run, flagged in its meta and
 * run record, whose QA results are kept out of the review queue and the dashboard.
 */
export async function runCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, {
    values: ['input', 'timeout', 'concurrency', 'workflow-id', 'version'],
    switches: ['wait', 'external-workers', 'test-run'],
  });
  if (f.error) return usageError(`${f.error}\n${USAGE}`);
  const [file] = f.positional;
  const savedId = f.values['workflow-id'];
  if ((!file && !savedId) || (file && savedId) || f.positional.length > 1) return usageError(USAGE);
  if (f.values.version !== undefined && !savedId) return usageError(`--version goes with --workflow-id\n${USAGE}`);
  const timeout = parseSeconds(f.values.timeout, 'timeout');
  if (typeof timeout === 'object') return usageError(timeout.error);
  let input: unknown = {};
  if (f.values.input !== undefined) {
    try {
      input = JSON.parse(f.values.input);
    } catch (err) {
      return usageError(`--input must be JSON: ${(err as Error).message}`);
    }
  }
  const doc = file ? await readJsonSource(file) : null;
  if (doc && 'error' in doc) return usageError(doc.error);
  const source = doc
    ? { workflow: doc.doc }
    : { workflow_id: savedId!, ...(f.values.version !== undefined ? { version: f.values.version } : {}) };
  const ctx = cliToolContext();
  const { config } = ctx.services;
  const runtime = await cliExecution(config);
  const external = f.switches.has('external-workers');
  if (!external) await startCliWorkers(runtime, config, 'dcf run', Number(f.values.concurrency ?? config.execution.workerConcurrency));
  const testRun = f.switches.has('test-run') ? { test_run: true } : {};
  const started = await invokeTool(startWorkflowRunTool, { ...source, input, ...testRun }, ctx, {
    audit: { record: async (entry) => recordAudit(await ctx.services.db!(), entry) },
    onInternalError: (t, err) => {
      process.stderr.write(`internal error in ${t}: ${err instanceof Error ? err.stack : String(err)}\n`);
    },
  });
  if (started.status !== 'ok') {
    printJson(started);
    return EXIT.failed;
  }
  if (external && !f.switches.has('wait')) {
    printJson({ run_id: started.run_id });
    return EXIT.ok;
  }
  let run = await waitForRun(runtime.x, started.run_id, (timeout ?? 24 * 3600) * 1000);
  if (run?.status === 'RUNNING' && !external) {
    const c = runtime.x.cp.builder(started.run_id);
    finishRun(c, { status: 'TIMED_OUT', error: 'States.Timeout', cause: `the run did not finish within --timeout ${timeout} s` });
    await commitAndDispatch(runtime.x, c, []);
    run = await readRun(runtime.x.redis, started.run_id);
  }
  abortActiveWorkOnClose();
  if (!run) return usageError(`run ${started.run_id} vanished (${runKeys(started.run_id).run})`);
  printJson(finalRunJson(run));
  return run.status === 'SUCCEEDED' ? EXIT.ok : EXIT.failed;
}

import { loadConfig, type AppConfig } from '../../server/config.ts';
import { backfillDemoHistory, consoleToday, demoRange } from '../demo-history/backfill.ts';
import { backfillSucceeded } from '../demo-history/report.ts';
import { hasQaResults } from '../demo-history/stored.ts';
import { crmDate } from '../../server/tools/crm/crm-directory.ts';
import { closeCliAgents } from '../agents.ts';
import { barOutput, lineOutput, type BackfillOutput } from '../backfill-output.ts';
import { cliToolContext, PROJECT_ROOT } from '../context.ts';
import { cliDatabase, closeCliDatabase } from '../database.ts';
import { cliExecution, closeCliExecution, startCliWorkers } from '../execution.ts';
import { parseFlags } from '../flags.ts';
import { EXIT, usageError, type ExitCode } from '../io.ts';

const USAGE = 'dcf backfill [--from YYYY-MM-DD] [--to YYYY-MM-DD]';
/**
 * Runs in flight at once. Each run's Map analyses up to four calls side by side, so a few runs
 * keep the workers busy and more only queue: on a loaded 2-core machine the whole dataset (79
 * calls, 51 runs) took 23 s with 2 in flight, 19 s with 4 and 18 s with 8.
 */
const PARALLEL_RUNS = 4;

/** The period asked for, defaults from the demo dataset's range up to today; or what is wrong with it. */
export function backfillRange(values: Record<string, string>, today: string): { from: string; to: string } | { error: string } {
  for (const name of ['from', 'to'] as const) {
    const v = values[name];
    if (v === undefined) continue;
    const parsed = crmDate.safeParse(v);
    if (!parsed.success) return { error: `--${name} ${JSON.stringify(v)} ${parsed.error.issues[0]!.message}` };
  }
  const range = { ...demoRange(today), ...values };
  if (range.from <= range.to) return { from: range.from, to: range.to };
  if (values.from && values.to) return { error: `--from ${range.from} is after --to ${range.to}` };
  const ends = `the demo dataset's last day up to today (${range.to})`;
  if (values.to) return { error: `--to ${range.to} is before the demo dataset's first day (${range.from})` };
  return { error: `--from ${range.from} is after ${ends}` };
}

/**
 * One backfill with the CLI's services (the code path `dcf backfill` and `npm start` share): the
 * console's database (its shared PGlite when it runs, else the data directory), the execution
 * runtime with workers in this process, the runs started as the CLI's local user.
 */
async function runBackfill(config: AppConfig, range: { from: string; to: string }, out: BackfillOutput): Promise<ExitCode> {
  const ctx = cliToolContext();
  const runtime = await cliExecution(config);
  await startCliWorkers(runtime, config, 'dcf backfill', config.execution.workerConcurrency);
  const { db } = await cliDatabase(config);
  const report = await backfillDemoHistory({ ctx, db, x: runtime.x }, { ...range, parallelRuns: PARALLEL_RUNS }, out);
  if ('status' in report) {
    process.stderr.write(`demo history: ${report.error}\n`);
    return EXIT.failed;
  }
  out.total(report);
  return backfillSucceeded(report) ? EXIT.ok : EXIT.failed;
}

/** `dcf backfill`: exit 0 when every run SUCCEEDED (and its results are stored), 1 otherwise, 2 usage. */
export async function backfillCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['from', 'to'], switches: [] });
  if (f.error) return usageError(`${f.error}\n${USAGE}`);
  if (f.positional.length) return usageError(`unexpected argument "${f.positional[0]}"\n${USAGE}`);
  const config = loadConfig(process.env, PROJECT_ROOT);
  const range = backfillRange(f.values, consoleToday(config));
  if ('error' in range) return usageError(`${range.error}\n${USAGE}`);
  const out = process.stdout.isTTY ? barOutput(process.stdout) : lineOutput((l) => process.stdout.write(`${l}\n`));
  return runBackfill(config, range, out);
}

/**
 * `npm start` (scripts/setup.ts, before the console starts): fills the demo history when
 * DCF_DEMO_HISTORY is on and the QA store is empty, a line per run. Closes what it opened.
 */
export async function demoHistoryOnStart(): Promise<ExitCode> {
  const config = loadConfig(process.env, PROJECT_ROOT);
  if (!config.demoHistory) return EXIT.ok;
  try {
    const { db } = await cliDatabase(config);
    if (await hasQaResults(db)) {
      console.log('demo history: the QA store already holds results; nothing to fill');
      return EXIT.ok;
    }
    const range = demoRange(consoleToday(config));
    return await runBackfill(
      config,
      range,
      lineOutput((l) => console.log(l)),
    );
  } finally {
    await closeCliExecution();
    await closeCliAgents();
    await closeCliDatabase();
  }
}

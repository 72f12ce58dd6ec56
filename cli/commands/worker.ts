import { loadConfig } from '../../server/config.ts';
import { PROJECT_ROOT } from '../context.ts';
import { cliExecution } from '../execution.ts';
import { parseFlags } from '../flags.ts';
import { EXIT, usageError, type ExitCode } from '../io.ts';

/**
 * `dcf worker [--concurrency N]`: a standalone worker process. Consumes notifications (Task
 * states through the in-process worker agents, every other state by the engine) and runs the
 * lease sweeper, until SIGINT/SIGTERM; then finishes what it holds and exits 0.
 */
export async function workerCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['concurrency'], switches: [] });
  if (f.error || f.positional.length) return usageError(f.error ?? 'dcf worker [--concurrency <n>]');
  const config = loadConfig(process.env, PROJECT_ROOT);
  const concurrency = Number(f.values.concurrency ?? config.execution.workerConcurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) return usageError('--concurrency must be a positive integer');
  const runtime = await cliExecution(config);
  runtime.startWorkers(concurrency);
  process.stderr.write(`dcf worker ${process.pid}: consuming notifications (concurrency ${concurrency})\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stderr.write(`dcf worker ${process.pid}: stopping\n`);
  return EXIT.ok;
}

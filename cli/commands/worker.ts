import { loadConfig } from '../../server/config.ts';
import { PROJECT_ROOT } from '../context.ts';
import { cliExecution, cliRedis, startCliWorkers } from '../execution.ts';
import { parseFlags } from '../flags.ts';
import { EXIT, usageError, type ExitCode } from '../io.ts';
import { startWorkerJobs } from '../worker-jobs.ts';

/**
 * `dcf worker [--concurrency N]`: a standalone worker process. Consumes notifications (Task
 * states through the in-process worker agents, every other state by the engine) and runs the
 * lease sweeper; where the database can be shared it also fires background jobs, follows
 * dispatches and retries notification deliveries (cli/worker-jobs.ts). Until SIGINT/SIGTERM;
 * then it stops those, finishes what it holds and exits 0.
 */
export async function workerCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['concurrency'], switches: [] });
  if (f.error || f.positional.length) return usageError(f.error ?? 'dcf worker [--concurrency <n>]');
  const config = loadConfig(process.env, PROJECT_ROOT);
  const concurrency = Number(f.values.concurrency ?? config.execution.workerConcurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) return usageError('--concurrency must be a positive integer');
  const runtime = await cliExecution(config);
  // Registered on Settings → Health until the command ends (closeCliExecution deregisters it).
  await startCliWorkers(runtime, config, 'dcf worker', concurrency);
  // From here a signal stops the worker cleanly (also one that comes while the jobs start).
  const stop = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const jobs = await startWorkerJobs(config, await cliRedis(config));
  const also = jobs.running
    ? 'background job triggers, the dispatch tracker and notification delivery retries'
    : `no background jobs or delivery retries: ${jobs.reason}`;
  process.stderr.write(`dcf worker ${process.pid}: consuming notifications (concurrency ${concurrency}); ${also}\n`);
  await stop;
  process.stderr.write(`dcf worker ${process.pid}: stopping\n`);
  await jobs.close();
  return EXIT.ok;
}

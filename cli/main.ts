/**
 * The `dcf` command. Fast start by design: it imports only the tool layer and the engine,
 * never Next.js or the console, so `dcf validate` answers in well under a second.
 */
import { EXIT, usageError, type ExitCode } from './io.ts';

const HELP = `dcf — DCF Console command line

Usage:
  dcf tools                          every tool with its JSON Schemas
  dcf tool <name> ['<json>' | -]     run a tool; prints its JSON result (exit 0 ok, 1 tool error, 2 usage)
  dcf validate <workflow.json | ->   validate a Letta-ASL workflow (exit 0 valid, 1 invalid, 2 unreadable)
  dcf validate-skill <file | ->      validate a skill manifest (same output and exit codes)
  dcf compile <workflow.json | ->    print the control-plane meta of a valid workflow [--planner <agent uri>]
  dcf run <workflow.json> --input '<json>' [--wait] [--timeout <s>] [--external-workers]
                                     run a workflow; prints {run_id, status, output, error, cause} (exit 0 only when SUCCEEDED)
                                     --external-workers: only start it and print {run_id} (dcf worker processes run it)
  dcf run --workflow-id <id> [--version <v>] [--test-run] --input '<json>' …
                                     run a saved workflow: its published version, or --version; a version that is
                                     not published runs only with --test-run (a test run, kept out of QA figures)
  dcf runs wait <run_id> [--timeout <s>]   wait for a run; prints the same final JSON
  dcf runs show <run_id>             meta, every state document, data-plane outputs and events of a run
  dcf worker [--concurrency <n>]     a worker process: runs notified states until stopped (SIGINT/SIGTERM); on a
                                     shared database also fires background jobs, follows dispatches, retries deliveries
  dcf demo-skills [--port <n>] [--host <h>]   the demo skills MCP server (prints {"url"})
  dcf chat --agent planner|conductor [--conversation <id>] [--user <email>] [--json] [--timeout <s>] "<message>" | -
                                     one message to a Planner or Conductor, as in the console's chat; waits until the
                                     turn and the work it started have finished (default --timeout 300); prints the reply
                                     and a summary, or {conversation_id, reply, tool_calls, messages, runs} with --json
                                     (exit 0 done, 1 the agent or the work failed or timed out, 2 usage)
  dcf backfill [--from YYYY-MM-DD] [--to YYYY-MM-DD]
                                     the demo history: the saved "all calls" workflow over the demo dataset's calls of
                                     applications opened in the period (default: the dataset's days up to today), one
                                     run per advisor per week; calls recorded after today (DCF_CLOCK, else the real
                                     clock) wait. Waits until the QA results and episodes are stored; a progress bar on
                                     a terminal, a line per run otherwise. Not idempotent: a period backfilled again is
                                     analysed again (new runs, whose results become the calls' latest)
                                     (exit 0 every run SUCCEEDED, 1 otherwise, 2 usage)
  dcf eval <dataset | file.json> [--brain deterministic|openai|letta] [--threshold <0..1>] [--cases <id,…>] [--json]
                                     run an evaluation dataset (evals/datasets/<name>.json) against a brain (default:
                                     the configured one) through the real agents and tools; stores the run (the console's
                                     Evaluations page) and prints a per-case table and the score, or the run and its cases
                                     with --json (exit 0 score ≥ threshold (default 0.9), 1 under it, 2 usage or bad dataset)
  dcf audit verify [--json]          check the audit log's hash chain and the head's anchors outside the database
                                     (DCF_AUDIT_ANCHOR_FILE, and Redis with REDIS_URL): a summary with the head hash,
                                     or the first changed, removed or inserted entry, or the truncation or rewrite an
                                     anchor shows (exit 0 intact, 1 not intact or anchors unreadable, 2 usage)
  dcf calibrate-accuracy [--calls <n>] [--skill <uri>]
                                     measure the transcription skills' accuracy: each transcribes the n shortest demo
                                     calls (default 3); its word error rate against their transcripts is stored with its
                                     statistics for the swap policy (prints the measurements; exit 0 all measured, 1 not)
  dcf help                           this text

Without REDIS_URL, run/runs/worker/chat/backfill/eval use the local redis-server of DCF_DATA_DIR (started if needed).
chat talks as --user, else DCF_CLI_USER, else the only console user who may chat.
`;

type Command = (args: string[]) => Promise<ExitCode>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  tools: async () => (await import('./commands/tools.ts')).toolsCommand,
  tool: async () => (await import('./commands/tool.ts')).toolCommand,
  validate: async () => (await import('./commands/validate.ts')).validateCommand,
  'validate-skill': async () => (await import('./commands/validate.ts')).validateSkillCommand,
  compile: async () => (await import('./commands/compile.ts')).compileCommand,
  run: async () => (await import('./commands/run.ts')).runCommand,
  runs: async () => (await import('./commands/runs.ts')).runsCommand,
  worker: async () => (await import('./commands/worker.ts')).workerCommand,
  'demo-skills': async () => (await import('./commands/demo-skills.ts')).demoSkillsCommand,
  chat: async () => (await import('./commands/chat.ts')).chatCommand,
  audit: async () => (await import('./commands/audit.ts')).auditCommand,
  backfill: async () => (await import('./commands/backfill.ts')).backfillCommand,
  eval: async () => (await import('./commands/eval.ts')).evalCommand,
  'calibrate-accuracy': async () => (await import('./commands/calibrate-accuracy.ts')).calibrateAccuracyCommand,
};

/** Commands that use the execution runtime (Redis, workers), the agent platform or the database. */
const EXECUTION_COMMANDS = new Set(['run', 'runs', 'worker', 'tool', 'chat', 'backfill', 'eval', 'calibrate-accuracy']);

/**
 * The process logger (server/log.ts keeps one per process on globalThis) writes to standard
 * error here: standard output is the command's result, and a warning logged while an agent or a
 * run works must not break the JSON a script parses.
 */
async function logToStandardError(): Promise<void> {
  const holder = globalThis as { [key: symbol]: unknown };
  const key = Symbol.for('dcf.logger');
  if (holder[key]) return;
  const [{ pino }, { loadConfig }, { PROJECT_ROOT }] = await Promise.all([
    import('pino'),
    import('../server/config.ts'),
    import('./context.ts'),
  ]);
  holder[key] = pino({ level: loadConfig(process.env, PROJECT_ROOT).logLevel, base: { service: 'dcf-console' } }, pino.destination(2));
}

async function main(argv: string[]): Promise<ExitCode> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(HELP);
    return name ? EXIT.ok : EXIT.usage;
  }
  const load = COMMANDS[name];
  if (!load) return usageError(`unknown command "${name}"`);
  (await import('../server/cache/validators.ts')).useCachedSpecValidators(); // not compiled in every `dcf` process
  if (EXECUTION_COMMANDS.has(name)) await logToStandardError();
  if (EXECUTION_COMMANDS.has(name) && name !== 'worker') stopOnSignal(name);
  return (await load())(args);
}

/** A signal is stopping the command: what its interrupted work throws meanwhile is not its outcome. */
let stopping = false;

/** Closes what the execution commands opened: the control plane (its workers deregistered), the agents, the database. */
async function closeExecution(): Promise<void> {
  await (await import('./execution.ts')).closeCliExecution();
  await (await import('./agents.ts')).closeCliAgents();
  await (await import('./database.ts')).closeCliDatabase();
}

/**
 * SIGINT (Ctrl-C) or SIGTERM stops an execution command cleanly, as its end would (`dcf worker`
 * finishes what it holds on its own): in-process workers stop — a Task attempt in flight writes
 * nothing; its lease lapses and another worker (the console's, a `dcf worker`) takes the state over,
 * so the run goes on — the worker's registration leaves Settings → Health rather than show as a
 * crashed worker for a day, and the process exits 130 or 143. A second signal ends it at once.
 */
function stopOnSignal(name: string): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      process.stderr.write(`dcf ${name}: ${signal}: stopping; a run this process was working on goes on with another worker\n`);
      void import('./execution.ts')
        .then((e) => e.abortActiveWorkOnClose())
        .then(closeExecution)
        .catch((err: unknown) => process.stderr.write(`dcf ${name}: closing after ${signal} failed: ${String(err)}\n`))
        .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}

process.exitCode = await main(process.argv.slice(2))
  .catch((err: unknown) => {
    // The signal's handler ends the process with its own code once everything is closed.
    if (stopping) return new Promise<ExitCode>(() => {});
    if (err && typeof err === 'object' && (err as Error).name === 'ConfigError') {
      return usageError((err as Error).message);
    }
    throw err;
  })
  .finally(async () => {
    // Commands that touched the control plane leave connections open; close them so the
    // process exits. Loaded lazily: commands that never used it keep their fast start.
    if (EXECUTION_COMMANDS.has(process.argv[2] ?? '')) await closeExecution();
  });

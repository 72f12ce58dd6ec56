import { parseFlags } from '../flags.ts';
import { usageError, type ExitCode } from '../io.ts';

const USAGE = 'dcf eval <dataset | file.json> [--brain deterministic|openai|letta] [--threshold <0..1>] [--cases <id,id,…>] [--json]';
export const EVAL_BRAINS = ['deterministic', 'openai', 'letta'] as const;
export type EvalBrain = (typeof EVAL_BRAINS)[number];

/**
 * `dcf eval`: runs an evaluation dataset (evals/datasets/<name>.json, or a file) against a brain
 * through the same agent runtime, tools, database and Redis as the console, stores the run, and
 * prints a per-case table and the score (with `--json` the run and its cases). Exit 0 when the
 * score reaches the threshold (default 0.9), 1 under it or when the run failed, 2 usage or a bad
 * dataset. Arguments are checked here, before anything heavy loads; cli/eval/run-eval.ts does the rest.
 */
export async function evalCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['brain', 'threshold', 'cases'], switches: ['json'] });
  if (f.error) return usageError(`${f.error}\n${USAGE}`);
  if (f.positional.length !== 1) return usageError(`name one dataset\n${USAGE}`);
  const brain = f.values.brain;
  if (brain !== undefined && !(EVAL_BRAINS as readonly string[]).includes(brain)) {
    return usageError(`--brain must be one of ${EVAL_BRAINS.join(', ')}, not "${brain}"`);
  }
  const threshold = f.values.threshold === undefined ? 0.9 : Number(f.values.threshold);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(f.values.threshold ?? '0.9') || !(threshold >= 0 && threshold <= 1)) {
    return usageError(`--threshold must be a number from 0 to 1, not "${f.values.threshold}"`);
  }
  const cases = f.values.cases
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (f.values.cases !== undefined && !cases?.length) return usageError('--cases needs case ids separated by commas');
  const { runEval } = await import('../eval/run-eval.ts');
  return runEval({ dataset: f.positional[0]!, brain: brain as EvalBrain | undefined, threshold, cases, json: f.switches.has('json') });
}

import { loadConfig } from '../../server/config.ts';
import { calibrateAccuracy } from '../../server/learning/accuracy/calibrate.ts';
import { calibrationDeps } from '../../server/learning/accuracy/calibration-deps.ts';
import { DEFAULT_CALIBRATION_CALLS } from '../../server/learning/accuracy/calibration-set.ts';
import { PROJECT_ROOT } from '../context.ts';
import { cliExecution } from '../execution.ts';
import { parseFlags } from '../flags.ts';
import { EXIT, printJson, usageError, type ExitCode } from '../io.ts';

const USAGE = 'dcf calibrate-accuracy [--calls <1..100>] [--skill <skill uri>]';

/**
 * `dcf calibrate-accuracy`: measures the transcription skills' accuracy (issue 34) — each
 * transcribes the --calls shortest calls (default 3) of the served demo world (DCF_DEMO_WORLD),
 * through the workers' own skill invoker, and its word error rate against the transcripts the
 * calls' audio is rendered from is stored with its statistics (server/learning/accuracy), where
 * the swap policy and the Skills page read it. Prints {results: [{skill, measured} | {skill, failed}]};
 * exit 0 when every skill was measured, 1 otherwise, 2 usage. Minutes, not seconds: pocketsphinx
 * listens to every call.
 */
export async function calibrateAccuracyCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['calls', 'skill'], switches: [] });
  if (f.error || f.positional.length) return usageError(f.error ?? USAGE);
  const count = Number(f.values.calls ?? DEFAULT_CALIBRATION_CALLS);
  if (!Number.isInteger(count) || count < 1 || count > 100) return usageError('--calls must be an integer 1…100');
  const config = loadConfig(process.env, PROJECT_ROOT);
  const { x } = await cliExecution(config);
  const skill = f.values.skill;
  if (skill !== undefined && !x.skills.get(skill)) return usageError(`--skill ${skill} is not in the catalog`);
  const results = await calibrateAccuracy({ ...calibrationDeps(x, count), ...(skill ? { skills: [skill] } : {}) });
  printJson({ results });
  return results.every((r) => 'measured' in r) ? EXIT.ok : EXIT.failed;
}

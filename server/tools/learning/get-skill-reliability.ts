import { z } from 'zod';
import { skillReport } from '../../learning/reliability.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning, skillDirectory } from '../../learning/services.ts';
import { idString, nameString } from '../limits.ts';
import { readSkillAccuracy, type SkillAccuracy } from '../../learning/accuracy/store.ts';
import { POLICY_DEFAULTS } from '../../learning/policies/index.ts';

const rel = z.object({
  skill: z.string(),
  capability: z.string().nullable(),
  n_success: z.number(),
  n_failures: z.number(),
  success_rate: z.number().nullable(),
  failure_rate: z.number().nullable(),
  p50_latency_ms: z.number().nullable(),
  p95_latency_ms: z.number().nullable(),
  n_caller_errors: z.number().describe('Uses that failed because of the caller (invalid input, not found): not counted as failures.'),
});
const accuracy = z
  .object({
    accuracy: z.number().describe('1 − word_error_rate, at least 0: the share of the spoken words the skill got right.'),
    word_error_rate: z.number(),
    calls: z.number(),
    reference_words: z.number(),
    measured_at: z.string(),
    method: z.string(),
  })
  .nullable()
  .describe(
    'Measured accuracy (transcription skills: word error rate on calls whose words are known, `dcf calibrate-accuracy`); ' +
      'null when not measured (calibrated in the background by the console). The swap policy weighs success by it and ' +
      'never swaps to a skill below 0.8.',
  );
const accuracyRequired = z
  .boolean()
  .describe(
    "Whether the skill's capability needs a measured accuracy (transcription). Such a skill whose accuracy is null is " +
      'not measured yet: never a swap target nor explored until the console calibrates it in the background.',
  );
const failureRow = z.object({ run_id: z.string(), state: z.string(), error: z.string().nullable(), at: z.string() });

/** Skill reliability from the knowledge graph (spec §2.2, §4.4). */
export const getSkillReliabilityTool = defineTool({
  name: 'get_skill_reliability',
  description:
    'Success rate, failure rate, p50/p95 latency and measured accuracy of a skill ' +
    '(or of every skill of a capability, or of all skills), all-time and in a recent window ' +
    '(default the last 7 days and at most the last 50 uses), with a 14-day daily trend, ' +
    'recent failures (caller errors — invalid input, not found — apart, never counted as failures), ' +
    'the saved workflows that use it, and its alternatives of the same capability.',
  readOnly: true,
  input: z.object({
    skill: idString().optional().describe('A skill:// URI.'),
    capability: nameString().optional().describe("A capability (a skill's first tag), e.g. transcription."),
    window_days: z.number().positive().default(7),
    last_runs: z.number().int().positive().default(50),
  }),
  output: z.object({
    window: z.object({ days: z.number(), last_runs: z.number() }),
    accuracy_floor: z.number().describe('The swap policy never chooses a skill measured below this accuracy.'),
    skills: z.array(
      z.object({
        skill: z.string(),
        capability: z.string().nullable(),
        all_time: rel,
        recent: rel,
        accuracy,
        accuracy_required: accuracyRequired,
        trend: z.array(
          z.object({
            start: z.string(),
            n_success: z.number(),
            n_failures: z.number(),
            n_caller_errors: z.number(),
          }),
        ),
        recent_failures: z.array(failureRow),
        recent_caller_errors: z.array(failureRow).describe("The caller's errors, shown apart from the skill's own failures."),
        used_by: z.array(z.object({ workflow_id: z.string(), version: z.string(), name: z.string() })),
        alternatives: z.array(z.object({ skill: z.string(), all_time: rel, recent: rel, accuracy, accuracy_required: accuracyRequired })),
      }),
    ),
  }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const dir = await skillDirectory(services);
    if (args.skill && !dir.get(args.skill)) return fail('not_found', `skill ${args.skill} is not in the catalog`);
    const uris = args.skill
      ? [args.skill]
      : dir
          .all()
          .filter((s) => !args.capability || s.manifest.tags[0] === args.capability)
          .map((s) => s.uri);
    const window = { days: args.window_days, lastRuns: args.last_runs };
    const measured = await accuracyOf(
      services,
      dir.all().map((s) => s.uri),
    );
    const skills = [];
    for (const u of uris) skills.push(await skillReport(l.graph, dir, u, window, measured));
    return ok({ window: { days: args.window_days, last_runs: args.last_runs }, accuracy_floor: POLICY_DEFAULTS.accuracyFloor, skills });
  },
});

/**
 * The catalog's measured accuracy, from Redis beside the workers' statistics; none when this
 * context has no execution (Redis) or it cannot be reached — the figures then show "not measured".
 */
async function accuracyOf(services: Parameters<typeof learning>[0], uris: string[]): Promise<Map<string, SkillAccuracy>> {
  if (!services.execution) return new Map();
  try {
    return await readSkillAccuracy((await services.execution()).redis, uris);
  } catch {
    return new Map();
  }
}

import { isObject } from '../engine/json.ts';
import type { Json } from '../engine/runtime/index.ts';
import { requiredParameterNames, type SkillManifest, type ToolRequirement } from '../skills/manifest.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import {
  accuracyWeight,
  chooseArm,
  eligibleArms,
  POLICY_DEFAULTS,
  posteriorMean,
  type Arm,
  type Choice,
  type Random,
  type StrategyName,
} from '../learning/policies/index.ts';
import { readSkillStats, type SkillStats } from '../learning/skill-stats.ts';
import { needsAccuracy } from '../learning/accuracy/capabilities.ts';
import { splitStrategy } from '../learning/policy-compare/split.ts';
import type { AppConfig } from '../config.ts';
import { failureCause } from '../../lib/failure-cause.ts';

/**
 * How a worker uses a skill — one set of rules for the in-process worker (worker-protocol.ts)
 * and for the tools agent workers call (invoke_skill_tool, update_workflow_control_plane):
 * which tool of a skill takes the state's arguments, what those arguments are (with the run's
 * context arguments such as `webhook_url` filled in), and which alternative skill to swap to.
 */

/**
 * The tool of `manifest` a Task calls with `args`: the only tool, else the first whose required
 * parameters are all present in the arguments. Null when none can take them.
 */
export function chooseTool(manifest: SkillManifest, args: Json): ToolRequirement | null {
  const tools = manifest.requiredTools;
  const given = isObject(args) ? new Set(Object.keys(args)) : new Set<string>();
  const fits = (t: ToolRequirement) => requiredParameterNames(t).every((p) => given.has(p));
  if (tools.length === 1) return tools[0]!;
  return tools.find(fits) ?? null;
}

/** One call of a skill tool: the tool and exactly the arguments it receives. */
export interface SkillToolCall {
  tool: ToolRequirement;
  args: Json;
}

/**
 * The call a worker makes with a skill: the tool named by `toolName` (null when the skill has no
 * such tool), else the one `chooseTool` picks for the state's arguments plus the run context;
 * its arguments are `argumentsFor`. Null when no tool of the skill can take the arguments.
 */
export function skillToolCall(
  manifest: SkillManifest,
  stateArgs: Json,
  context: Record<string, unknown> = {},
  toolName?: string,
): SkillToolCall | null {
  const tool =
    toolName === undefined
      ? chooseTool(manifest, withContext(stateArgs, context))
      : (manifest.requiredTools.find((t) => t.toolName === toolName) ?? null);
  return tool ? { tool, args: argumentsFor(tool, stateArgs, context) } : null;
}

/** The state's arguments plus run-context arguments (e.g. `webhook_url`) it does not give itself. */
export function withContext(args: Json, context: Record<string, unknown>): Json {
  return isObject(args) ? { ...context, ...args } : args;
}

/**
 * The arguments a tool receives: the state's effective input, minus the fields the tool's
 * parameter schema forbids (`additionalProperties: false`) — an alternative skill's tool may
 * declare fewer parameters than the one the Parameters were written for.
 */
export function argumentsFor(tool: ToolRequirement, stateArgs: Json, context: Record<string, unknown> = {}): Json {
  // Context arguments fill only parameters the tool requires and the state did not give.
  const required = requiredParameterNames(tool);
  const fill = Object.fromEntries(Object.entries(context).filter(([k]) => required.includes(k)));
  const args = isObject(stateArgs) ? { ...fill, ...stateArgs } : stateArgs;
  const params = tool.json_schema?.parameters as { properties?: Record<string, unknown>; additionalProperties?: unknown } | undefined;
  const declared = params?.properties;
  if (!isObject(args) || !declared || params?.additionalProperties !== false) return args;
  return Object.fromEntries(Object.entries(args).filter(([k]) => k in declared));
}

/**
 * Whether swapping to another skill can fix a failed call (spec §4.2 swaps for the skill's own
 * faults): never for the state's own TimeoutSeconds (`States.Timeout`: the time is up whichever
 * skill runs), never for the caller's input (lib/failure-cause.ts: an advisor unknown to one CRM
 * skill is unknown to its alternative; the state fails with the caller's error instead).
 */
export function swapCanFix(failure: { error: string; cause: string }): boolean {
  return failure.error !== 'States.Timeout' && failureCause(failure.error, failure.cause) === 'skill';
}

/** A skill's capability: its first tag (whisper-transcribe and assemblyai-transcribe: `transcription`). */
export const capabilityOf = (m: SkillManifest): string | undefined => m.tags[0];

/**
 * The catalog skills that may replace `failed` (spec §4.2): same capability, not in `tried`, with
 * a tool that takes the state's arguments plus the run context. In catalog order.
 */
export function alternativeCandidates(
  skills: SkillDirectory,
  failed: string,
  args: Json,
  tried: string[],
  context: Record<string, unknown> = {},
): string[] {
  const manifest = skills.get(failed);
  const capability = manifest && capabilityOf(manifest);
  if (!capability) return [];
  const offered = withContext(args, context);
  return skills
    .all()
    .filter(({ uri }) => uri !== failed && !tried.includes(uri))
    .filter(({ manifest: m }) => capabilityOf(m) === capability && fitsArgs(m, offered))
    .map((c) => c.uri);
}

/**
 * Orders candidates for a swap: the first is an explore/exploit choice under `strategy` over
 * their success/failure counts, latency and measured accuracy (reward = success × accuracy), the
 * rest follow by posterior mean × accuracy. Left out altogether — never explored, never a
 * fallback — are a candidate measured below `accuracyFloor` (a transcription skill that mishears
 * more than one word in five, server/learning/accuracy) and a candidate for which `needsAccuracy`
 * holds (its capability needs a measured accuracy, learning/accuracy/capabilities.ts) while its
 * accuracy is not measured yet: an untried arm is otherwise explored first, and an unmeasured
 * recogniser would take over calls before anyone knew how many words it mishears. Those are
 * listed in `unmeasured` and named in the choice's rationale. With none left there is no swap. Pure.
 */
export function rankAlternatives(
  candidates: string[],
  stats: Map<string, SkillStats>,
  strategy: StrategyName,
  random?: Random,
  accuracyFloor: number = POLICY_DEFAULTS.accuracyFloor,
  needsAccuracy: (skill: string) => boolean = () => false,
): { ordered: string[]; choice: Choice | null; unmeasured: string[] } {
  const all = candidates.map((id) => armOf(id, stats.get(id)));
  const unmeasured = all.filter((a) => a.accuracy === null && needsAccuracy(a.id)).map((a) => a.id);
  const arms = eligibleArms(
    all.filter((a) => !unmeasured.includes(a.id)),
    accuracyFloor,
  );
  if (!arms.length) return { ordered: [], choice: null, unmeasured };
  const chosen = chooseArm(arms, { strategy, accuracyFloor }, random);
  const choice = unmeasured.length ? { ...chosen, rationale: `${chosen.rationale}${notMeasuredYet(unmeasured)}` } : chosen;
  const rest = arms
    .filter((a) => a.id !== choice.arm)
    .sort((a, b) => posteriorMean(b) * accuracyWeight(b) - posteriorMean(a) * accuracyWeight(a))
    .map((a) => a.id);
  return { ordered: [choice.arm, ...rest], choice, unmeasured };
}

/** The rationale's note on the candidates left out for want of a measurement. */
const notMeasuredYet = (skills: string[]): string =>
  ` Not considered: ${skills.join(', ')} (word accuracy not measured yet; it is calibrated in the background).`;

/** A candidate as a policy arm: its published counts, latency and accuracy (none yet: zero, unknown). */
const armOf = (id: string, s: SkillStats | undefined): Arm => ({
  id,
  successes: s?.successes ?? 0,
  failures: s?.failures ?? 0,
  latency_ms: s?.latency_ms ?? null,
  accuracy: s?.accuracy ?? null,
});

/** A swap decision: the run and the Task instance whose skill failed. */
export interface SwapDecision {
  runId: string;
  state: string;
}

/**
 * The strategy that makes one swap decision: with DCF_POLICY_SPLIT set, one of its two by a hash
 * of the run and the state (learning/policy-compare/split.ts), `split` true so the choice is
 * recorded with the use it leads to; otherwise DCF_SKILL_POLICY.
 */
export function swapStrategy(
  config: Pick<AppConfig, 'skillPolicy' | 'policySplit'>,
  decision: SwapDecision,
): { strategy: StrategyName; split: boolean } {
  return config.policySplit
    ? { strategy: splitStrategy(config.policySplit, decision.runId, decision.state), split: true }
    : { strategy: config.skillPolicy, split: false };
}

/**
 * Alternatives to a failed skill, best first, with the choice and its rationale for the run's
 * events: the candidates ranked by the decision's strategy (swapStrategy: DCF_SKILL_POLICY, or a
 * live split's) over the knowledge graph's counts, as the consolidation job publishes them for
 * workers (`dcf:skills:stats`), with measured accuracy; a skill whose capability needs accuracy is
 * not a candidate until it is measured (rankAlternatives). `split`: a live split chose the strategy.
 */
export async function alternativeSkills(
  x: ExecutionServices,
  decision: SwapDecision,
  failed: string,
  args: Json,
  tried: string[],
  context: Record<string, unknown> = {},
): Promise<{ ordered: string[]; choice: Choice | null; split: boolean }> {
  const candidates = alternativeCandidates(x.skills, failed, args, tried, context);
  if (!candidates.length) return { ordered: [], choice: null, split: false };
  const { strategy, split } = swapStrategy(x.config, decision);
  const stats = await readSkillStats(x.redis, candidates);
  const needs = (uri: string) => {
    const m = x.skills.get(uri);
    return m !== undefined && needsAccuracy(m);
  };
  const { ordered, choice } = rankAlternatives(candidates, stats, strategy, undefined, POLICY_DEFAULTS.accuracyFloor, needs);
  return { ordered, choice, split };
}

function fitsArgs(m: SkillManifest, args: Json): boolean {
  const tool = chooseTool(m, args);
  if (!tool) return false;
  const given = isObject(args) ? Object.keys(args) : [];
  return requiredParameterNames(tool).every((p) => given.includes(p));
}

import { isObject } from '../engine/json.ts';
import type { Json } from '../engine/runtime/index.ts';
import { requiredParameterNames, type SkillManifest, type ToolRequirement } from '../skills/manifest.ts';
import type { ExecutionServices } from './services.ts';
import { chooseArm, type Arm, type Choice } from '../learning/policies/index.ts';
import { readSkillStats } from '../learning/skill-stats.ts';

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

/** A skill's capability: its first tag (whisper-transcribe and assemblyai-transcribe: `transcription`). */
export const capabilityOf = (m: SkillManifest): string | undefined => m.tags[0];

/**
 * Alternatives to a failed skill (spec §4.2): catalog skills of the same capability, not yet
 * tried in this attempt, with a tool that accepts the state's arguments. Which one to try first
 * is an explore/exploit choice (DCF_SKILL_POLICY) over the knowledge graph's success/failure
 * counts and p95 latency, as the consolidation job publishes them for workers; the rest follow
 * by posterior mean. The choice and its rationale are returned for the run's events.
 */
export async function alternativeSkills(x: ExecutionServices, failed: string, args: Json, tried: string[], context: Record<string, unknown> = {}): Promise<{ ordered: string[]; choice: Choice | null }> {
  const manifest = x.skills.get(failed);
  const capability = manifest && capabilityOf(manifest);
  if (!capability) return { ordered: [], choice: null };
  const candidates = x.skills.all().filter(({ uri, manifest: m }) => !tried.includes(uri) && capabilityOf(m) === capability && fitsArgs(m, withContext(args, context))).map((c) => c.uri);
  if (!candidates.length) return { ordered: [], choice: null };
  const stats = await readSkillStats(x.redis, candidates);
  const arms: Arm[] = candidates.map((id) => ({ id, successes: stats.get(id)?.successes ?? 0, failures: stats.get(id)?.failures ?? 0, latency_ms: stats.get(id)?.latency_ms ?? null }));
  const choice = chooseArm(arms, { strategy: x.config.skillPolicy });
  const rest = arms.filter((a) => a.id !== choice.arm).sort((a, b) => posteriorMean(b) - posteriorMean(a)).map((a) => a.id);
  return { ordered: [choice.arm, ...rest], choice };
}

const posteriorMean = (a: Arm) => (a.successes + 1) / (a.successes + a.failures + 2);

function fitsArgs(m: SkillManifest, args: Json): boolean {
  const tool = chooseTool(m, args);
  if (!tool) return false;
  const given = isObject(args) ? Object.keys(args) : [];
  return requiredParameterNames(tool).every((p) => given.includes(p));
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

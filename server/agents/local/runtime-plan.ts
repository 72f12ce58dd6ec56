import type { DeclarePlanInput } from '../../contracts/planning/ports.ts';
import type { PlanUnit, ToolCallIntent } from '../../../lib/planning/schemas.ts';
import { isPlanningTool, parseObject, type BrainToolCall } from '../brains/brain.ts';
import { resolveTool } from './agent-tools.ts';

/**
 * What the agent loop declares and attributes for a turn (issue 17), as pure functions: which calls
 * a plan covers, the turn's default unit, and the plan the runtime declares for a brain that
 * declared none (a model that ignored its prompt).
 */

/** The intents' rationale when the runtime declares for the agent (ToolCallPlan.declared_by `runtime`). */
export const RUNTIME_RATIONALE = 'declared by the runtime: the model did not declare a plan';

/**
 * Whether calls of `name` run through the tool layer (invokeTool), where the tracker attributes
 * them to the plan. The runtime's own tools (send_message, memory, agent-to-agent messages) do
 * not: the tracker never sees them, so a plan that named them would always "skip" them.
 */
export function isToolLayerTool(name: string): boolean {
  return !isPlanningTool(name) && resolveTool(name)?.kind === 'registry';
}

/** A plan's intents cut to the tool layer's: top-level ones kept, a fallback chain cut at its first runtime tool. */
export function toolLayerIntents(intents: ToolCallIntent[]): ToolCallIntent[] {
  const cut = (i: ToolCallIntent): ToolCallIntent => {
    const { fallbackOnFailure: next, ...own } = i;
    return next && isToolLayerTool(next.toolName) ? { ...own, fallbackOnFailure: cut(next) } : own;
  };
  return intents.filter((i) => isToolLayerTool(i.toolName)).map(cut);
}

/** Every tool name an intent list mentions, fallbacks included. */
export function intentToolNames(intents: ToolCallIntent[]): Set<string> {
  const names = new Set<string>();
  for (const root of intents) {
    for (let i: ToolCallIntent | undefined = root; i; i = i.fallbackOnFailure) names.add(i.toolName);
  }
  return names;
}

/**
 * The unit a turn's plan is for unless the brain names another: the chat turn, its id the inbound
 * message's, grouped by the conversation (a chat agent's `conversation:<id>` tag, server/chat) or
 * else the delegated-mode session (`session:<id>`).
 */
export function turnUnit(inboundId: string, tags: string[]): PlanUnit {
  const tagged = (prefix: string) => tags.find((t) => t.startsWith(prefix))?.slice(prefix.length);
  const session = tagged('conversation:') ?? tagged('session:');
  return { kind: 'chat_turn', id: inboundId, ...(session ? { session_id: session.slice(0, 200) } : {}) };
}

/** One intent for a call: its tool, and the skill it names when it names one (invoke_skill_tool, load_skill). */
export function intentOfCall(c: BrainToolCall, rationale: string): ToolCallIntent {
  const args = parseObject(c.arguments) ?? {};
  const skill = [args.skill, args.skill_uri].find((s): s is string => typeof s === 'string' && s.length <= 300);
  return { toolName: c.name, rationale, ...(skill ? { skill } : {}) };
}

/**
 * The plan the runtime declares for an agent whose brain gave none: the goal is the inbound
 * message, the intents are the decision's tool-layer calls (null when it has none).
 */
export function runtimePlan(goal: string, calls: BrainToolCall[], unit: PlanUnit): DeclarePlanInput | null {
  const plannedSequence = calls
    .filter((c) => isToolLayerTool(c.name))
    .slice(0, 200)
    .map((c) => intentOfCall(c, RUNTIME_RATIONALE));
  if (!plannedSequence.length) return null;
  return { goal: goalText(goal), plannedSequence, unit, declared_by: 'runtime' };
}

/**
 * A goal as the plan schema takes it: 1 to 4 000 characters. An agent-to-agent message is JSON
 * (task_result, strategic_advice, a workflow event …): the goal names its type and its first few
 * plain fields instead of quoting the JSON, so a person reading the plan sees what it was for.
 */
export function goalText(text: string): string {
  const t = messageGoal(text.trim()) ?? (text.trim() || 'the message this turn answers');
  return t.length > 4_000 ? `${t.slice(0, 3_999)}…` : t;
}

const GOAL_FIELDS = 3;

function messageGoal(text: string): string | null {
  if (!text.startsWith('{')) return null;
  const message = parseObject(text);
  if (!message) return null;
  const typeKey = ['type', 'message_type', 'kind'].find((k) => typeof message[k] === 'string');
  const fields = Object.entries(message)
    .filter(([k, v]) => k !== typeKey && (typeof v === 'string' || typeof v === 'number') && String(v).length <= 80)
    .slice(0, GOAL_FIELDS)
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${String(v)}`);
  const what = typeKey ? `the ${String(message[typeKey]).replace(/_/g, ' ')} message` : 'the message';
  return `Act on ${what}${fields.length ? ` (${fields.join(', ')})` : ''}`;
}

import type { AgentRow } from '../../db/schema/agents.ts';
import type { ToolContext } from '../../contracts/tool-services.ts';
import { inputShapeProblem } from '../../tools/input-shape.ts';
import { invokeTool, type InvokeOptions } from '../../tools/invoke.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';
import type { BrainToolCall } from '../brains/brain.ts';
import { resolveTool, type ResolvedTool } from './agent-tools.ts';
import type { BuiltinEnv } from './builtin-tools/index.ts';

/** Letta's default `return_char_limit`: longer tool returns are cut (and say so). */
export const RETURN_CHAR_LIMIT = 50_000;

export interface ToolCallDeps {
  toolContext(agent: AgentRow): ToolContext;
  invokeOptions: InvokeOptions;
}

export interface ToolCallOutcome {
  status: 'success' | 'error';
  /** The tool return the brain reads: the result envelope as JSON, cut at RETURN_CHAR_LIMIT. */
  text: string;
  terminal: boolean;
  /**
   * Why the call itself was malformed — arguments that are not JSON or break the tool's parameters,
   * a tool that is not attached — or null for a call the tool ran (whatever its result). The loop
   * counts malformed steps: a brain that cannot correct itself ends its turn (agent-loop.ts).
   */
  malformed: string | null;
  /** The result's `error_code` when it failed (`budget_exceeded`: enforce mode refused the call), else null. */
  error_code: string | null;
}

type Envelope = { status: 'ok' | 'error' } & Record<string, unknown>;

const FIX_ARGUMENTS = "Correct the arguments to match the tool's parameters and call it again.";
const FIX_NAME = 'Call one of your tools instead.';

/**
 * Runs one tool call of a brain. Nothing the brain sends can break the turn: bad JSON, a tool not
 * attached or unknown, arguments that break the tool's schema and a tool that throws all become an
 * error result the brain reads as the call's return, so a model can correct itself. Registry tools
 * run through `invokeTool` (validated, audited as the agent), built-in tools with the runtime's stores.
 */
export async function runToolCall(
  deps: ToolCallDeps,
  agent: AgentRow,
  env: BuiltinEnv,
  attached: Set<string>,
  call: BrainToolCall,
): Promise<ToolCallOutcome> {
  const { result, terminal, malformed } = await callTool(deps, agent, env, attached, call);
  const text = JSON.stringify(result);
  const cut = `${text.slice(0, RETURN_CHAR_LIMIT)}… [truncated: ${text.length} characters, ` + `limit ${RETURN_CHAR_LIMIT}]`;
  return {
    status: result.status === 'ok' ? 'success' : 'error',
    text: text.length > RETURN_CHAR_LIMIT ? cut : text,
    terminal,
    malformed,
    error_code: result.status === 'error' && typeof result.error_code === 'string' ? result.error_code : null,
  };
}

type CallResult = { result: Envelope; terminal: boolean; malformed: string | null };

const refused = (failure: ToolFailure, hint = FIX_ARGUMENTS): CallResult => ({
  result: { ...failure, error: `${failure.error}. ${hint}` },
  terminal: false,
  malformed: failure.error,
});

async function callTool(
  deps: ToolCallDeps,
  agent: AgentRow,
  env: BuiltinEnv,
  attached: Set<string>,
  call: BrainToolCall,
): Promise<CallResult> {
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || '{}');
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const message = `the arguments of ${call.name} are not valid JSON (${why}); send one JSON object`;
    return refused(fail('invalid_input', message));
  }
  if (!attached.has(call.name)) {
    const yours = `your tools: ${[...attached].join(', ')}`;
    return refused(fail('not_found', `the tool ${call.name} is not attached to you; ${yours}`), FIX_NAME);
  }
  const resolved = resolveTool(call.name);
  if (!resolved) {
    return refused(fail('not_found', `the tool ${call.name} is attached but this runtime cannot run it`), FIX_NAME);
  }
  const checked = checkArguments(resolved, args);
  if (resolved.kind === 'registry') {
    // invokeTool validates again and audits the call (a refused mutating call included), as for every caller.
    const result = await invokeTool(resolved.tool, args, deps.toolContext(agent), deps.invokeOptions);
    if ('problem' in checked && result.status === 'error') return refused(result);
    return { result, terminal: false, malformed: null };
  }
  if ('problem' in checked) {
    return refused(fail('invalid_input', `invalid arguments for ${call.name}: ${checked.problem}`));
  }
  try {
    const result = await resolved.tool.run(checked.data, env);
    return { result, terminal: !!resolved.tool.terminal && result.status === 'ok', malformed: null };
  } catch (err) {
    deps.invokeOptions.onInternalError?.(call.name, err);
    const why = err instanceof Error ? err.message : String(err);
    const result = fail('internal_error', `${call.name} failed unexpectedly: ${why}`);
    return { result, terminal: false, malformed: null };
  }
}

/** The arguments as the tool's parameters take them, or what is wrong with them (too deep, too large, or off-schema). */
function checkArguments(resolved: ResolvedTool, args: unknown): { data: Record<string, unknown> } | { problem: string } {
  const shape = inputShapeProblem(args);
  if (shape) return { problem: shape.message };
  const parsed = resolved.tool.input.safeParse(args ?? {});
  if (parsed.success) return { data: parsed.data as Record<string, unknown> };
  return { problem: parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ') };
}

import { z } from 'zod';
import { isObject } from '../../engine/json.ts';
import { indexStates, StatesError, type ContextObject } from '../../engine/runtime/index.ts';
import { beginStateTest, finishTaskTest, type StateTestReport } from '../../engine/runtime/test-state.ts';
import { skillToolCall } from '../../execution/skill-choice.ts';
import { WORKFLOW_EDITORS } from '../../../lib/roles.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { loadDocument } from '../document-input.ts';
import { execution } from '../runtime/execution.ts';
import { ARG_LIMITS, boundedJson, idString } from '../limits.ts';

/** The most a state's test input may be, as JSON (issue 34: "bounded input, e.g. 64 KB of JSON"). */
export const TEST_INPUT_MAX = 64 * 1024;
/** How long a Task's skill call may take by default, and at most (seconds). */
export const TEST_TIMEOUT_S = { default: 30, max: 120 } as const;

const json = z.unknown();
const failureOut = z.object({
  error: z.string(),
  cause: z.string(),
  retry: z.object({ retrier: z.number(), delay_ms: z.number() }).nullable(),
  catcher: z.object({ index: z.number(), next: z.string(), output: json }).nullable(),
});

/**
 * Issue 34, "Test a state" (AWS Step Functions' TestState): one state of a workflow document run
 * on a typed input, without a run and without writing to the control plane. Pass, Choice, Wait
 * (not slept), Succeed and Fail are computed with the engine's semantics (engine/runtime/
 * test-state.ts); a Task really calls its bound skill through the invoker a run uses — the tool
 * the worker would choose for the effective input (skill-choice.ts), under a timeout — and its
 * result goes through ResultSelector/ResultPath/OutputPath; a failure says which Retry and
 * Catch would take it. A Parallel or Map is tested as a container. Users: workflow designers
 * and admins only.
 */
export const testWorkflowStateTool = defineTool({
  name: 'test_workflow_state',
  description: [
    'Test one state of a Letta-ASL workflow on an input, without a run: the effective input (after InputPath/Parameters),',
    'the raw result, the output (after ResultSelector/ResultPath/OutputPath), the next state (a Choice: the matched rule),',
    "or the error name and cause with the retrier and catcher that would take it. A Task calls its bound skill's tool for",
    'real (no run, no control plane writes); a Wait is not slept; a Parallel or Map shows what its branches or items receive.',
  ].join(' '),
  readOnly: false,
  budgetMs: (i) => ((i.timeout_s ?? TEST_TIMEOUT_S.default) + 10) * 1000,
  input: z.object({
    workflow: boundedJson().describe('The workflow document (JSON object or its text); it need not be saved.'),
    state: idString().min(1).describe('The state to test, by name (nested states too).'),
    input: boundedJson(TEST_INPUT_MAX).describe(
      `The state's raw input (at most ${TEST_INPUT_MAX.toLocaleString('en-GB')} characters as JSON).`,
    ),
    timeout_s: z
      .number()
      .int()
      .min(1)
      .max(TEST_TIMEOUT_S.max)
      .optional()
      .describe(`A Task's skill call fails with TimeoutError after this many seconds (default ${TEST_TIMEOUT_S.default}).`),
  }),
  output: z.object({
    state: z.string(),
    type: z.string(),
    effective_input: json,
    result: json,
    output: json,
    next: z.string().nullable(),
    end: z.boolean(),
    matched_rule: z.number().nullable(),
    wait_until: z.string().nullable(),
    items: z.object({ count: z.number(), first_inputs: z.array(json) }).nullable(),
    failure: failureOut.nullable(),
    skill_call: z
      .object({ skill: z.string(), tool: z.string().nullable(), arguments: json, latency_ms: z.number() })
      .nullable()
      .describe("A Task: the skill and tool called and the arguments they received (the state's effective input as the tool takes it)."),
    notes: z.array(z.string()),
  }),
  async handler(args, { actor, services }) {
    if (actor.kind === 'anonymous' || (actor.kind === 'user' && !WORKFLOW_EDITORS.includes(actor.role))) {
      return fail('forbidden', 'only workflow designers and admins may test a state');
    }
    const loaded = await loadDocument(args.workflow, undefined, services.config);
    if (isFailure(loaded)) return loaded;
    const doc = isObject(loaded.doc) ? loaded.doc : {};
    let state: Record<string, unknown> | undefined;
    try {
      state = isObject(doc.asl) ? indexStates(doc.asl as never).get(args.state)?.state : undefined;
    } catch (err) {
      if (err instanceof StatesError) return fail('invalid_input', err.cause);
      throw err;
    }
    if (!state) return fail('not_found', `the workflow has no state named ${JSON.stringify(args.state.slice(0, ARG_LIMITS.name))}`);
    const now = new Date();
    const env = { context: testContext(doc, args.state, args.input, now), now };
    const begun = beginStateTest(state, args.input, env);
    const base = { state: args.state, skill_call: null };
    if (!begun.call) return ok({ ...base, ...reportOut(begun) });

    // A Task: its skill through the run's invoker, as the worker protocol calls it (worker-protocol.ts).
    const x = await execution(services);
    if (isFailure(x)) return x;
    const binding = isObject(state.AgentBinding) ? state.AgentBinding : {};
    const skill = Array.isArray(binding.skills) && typeof binding.skills[0] === 'string' ? binding.skills[0] : null;
    const manifest = skill ? x.skills.get(skill) : undefined;
    const call = manifest ? skillToolCall(manifest, begun.effective_input) : null;
    if (!skill || !manifest || !call) {
      const cause = !skill
        ? `${args.state} binds no skill`
        : !manifest
          ? `skill ${skill} is not in the catalog`
          : `no tool of ${skill} accepts the state's arguments`;
      const done = finishTaskTest(begun, state, args.input, { ok: false, error: 'States.TaskFailed', cause }, env);
      return ok({ ...base, ...reportOut(done) });
    }
    const timeoutMs = Math.min(args.timeout_s ?? TEST_TIMEOUT_S.default, taskTimeoutS(state)) * 1000;
    const callArgs = call.args as Record<string, unknown>;
    const outcome = await x.invoker.invoke({ manifest, toolName: call.tool.toolName, args: callArgs, attempt: 1, timeoutMs });
    const done = finishTaskTest(begun, state, args.input, outcome.ok ? { ok: true, result: outcome.result ?? null } : outcome, env);
    const skill_call = { skill, tool: call.tool.toolName, arguments: callArgs, latency_ms: outcome.latencyMs };
    return ok({ ...reportOut(done), state: args.state, skill_call });
  },
});

/** The report's fields as the tool returns them (`call` is internal: the tool has made the call). */
function reportOut(r: StateTestReport) {
  const { call: _call, ...rest } = r;
  return rest;
}

/** A Task's own TimeoutSeconds when it is a number (a TimeoutSecondsPath is not read for a test), else no limit of its own. */
function taskTimeoutS(state: Record<string, unknown>): number {
  return typeof state.TimeoutSeconds === 'number' && state.TimeoutSeconds > 0 ? state.TimeoutSeconds : Infinity;
}

/** `$$` for a test: the typed input as the execution's, this state entered now, no retries yet. */
function testContext(doc: Record<string, unknown>, name: string, input: unknown, now: Date): ContextObject {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const started = now.toISOString();
  return {
    Execution: { Id: 'test-state', Input: input, Name: 'test-state', StartTime: started },
    State: { Name: name, EnteredTime: started, RetryCount: 0 },
    StateMachine: { Id: `${text(doc.workflow_id)}@${text(doc.version)}`, Name: text(doc.workflow_name) },
  };
}

import { z } from 'zod';
import type { Json } from '../../engine/runtime/index.ts';
import { callUnderTaskLease } from '../../execution/leased-skill-call.ts';
import { skillToolCall } from '../../execution/skill-choice.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution } from './execution.ts';
import { skillHolder } from './skill-holder.ts';
import { ARG_LIMITS, boundedJson, boundedRecord, idString } from '../limits.ts';

/**
 * Spec §5.8 tool-21: "Invoke a loaded skill tool and capture its structured response for the
 * workflow". A skill that fails is an expected outcome, returned as a value (`ok: false` with
 * the error name and cause) so the worker can swap skills or report the failure. The tool and
 * its arguments are decided as the in-process worker decides them (skill-choice.ts
 * `skillToolCall`): the agent's work fills the parameters the tool requires and the arguments do
 * not give — a run worker's run webhook, a delegated-mode Companion's session webhook
 * (`webhook_url`); any other agent passes complete arguments.
 */
export const invokeSkillToolTool = defineTool({
  name: 'invoke_skill_tool',
  description: [
    'Invoke a tool of a skill the agent has loaded (MCP server tools over the MCP client, registered tools in-process;',
    'python_source tools are refused without a sandbox). Without "tool", the skill\'s tool that takes the arguments is called',
    '(the only one, else the first whose required parameters are given). For a workflow worker, run-context arguments a tool',
    "requires and the arguments lack (webhook_url) are filled in; fields the tool's schema forbids are dropped. Returns the",
    "tool's result, or ok: false with the error name (e.g. TimeoutError after DCF_SKILL_TIMEOUT_S) and cause.",
  ].join(' '),
  readOnly: false,
  input: z
    .object({
      agent_id: idString().min(1),
      skill: idString().min(1),
      tool: idString().min(1).optional().describe("The tool to call; omit it to call the skill's tool that takes the arguments."),
      args: boundedRecord(z.string().max(ARG_LIMITS.name), boundedJson())
        .default({})
        .describe("A workflow worker passes the state's effective_input unchanged."),
      attempt: z.number().int().min(1).default(1).describe('The state attempt this call belongs to.'),
      run_id: idString().min(1).optional().describe('A workflow worker: the run of the state it holds the lease of.'),
      state: idString().min(1).optional().describe('A workflow worker: the state instance it holds the lease of.'),
      lease_token: idString()
        .min(1)
        .optional()
        .describe(
          "A workflow worker: its lease token. The call then carries the attempt's idempotency key, and the lease is " +
            'renewed while it runs.',
        ),
    })
    .refine((v) => new Set([v.run_id, v.state, v.lease_token].map((f) => f === undefined)).size === 1, {
      message: 'run_id, state and lease_token go together',
    }),
  output: z.object({
    ok: z.boolean(),
    result: z.unknown(),
    skill_error: z.object({ error: z.string(), cause: z.string() }).nullable(),
    latency_ms: z.number(),
    tool: z.string().nullable().describe('The tool called; null when no tool of the skill takes the arguments.'),
    filled_arguments: z.array(z.string()).describe('Arguments filled from the run context (e.g. webhook_url).'),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const agent = await skillHolder(x, services, args.agent_id, args.state);
    if (isFailure(agent)) return agent;
    if (!agent.loaded.includes(args.skill))
      return fail('conflict', `${args.skill} is not loaded into ${args.agent_id}; call load_skill first`);
    const manifest = x.skills.get(args.skill);
    if (!manifest) return fail('not_found', `skill ${args.skill} is not in the catalog`);
    if (args.tool !== undefined && !manifest.requiredTools.some((t) => t.toolName === args.tool)) {
      return fail('not_found', `${args.skill} has no tool ${args.tool}`);
    }
    const context = agent.context;
    const call = skillToolCall(manifest, args.args as Json, context, args.tool);
    if (!call) {
      const given = Object.keys(args.args).join(', ') || 'none';
      const skill_error = { error: 'States.TaskFailed', cause: `no tool of ${args.skill} accepts the arguments (${given})` };
      return ok({ ok: false, result: null, skill_error, latency_ms: 0, tool: null, filled_arguments: [] });
    }
    const callArgs = call.args as Record<string, unknown>;
    const filled = Object.keys(context).filter((k) => k in callArgs && !(k in args.args));
    const inv = { manifest, toolName: call.tool.toolName, args: callArgs, attempt: args.attempt };
    // A worker's call under its lease: the attempt's idempotency key, the lease renewed while the call blocks.
    const leased =
      args.lease_token === undefined
        ? null
        : await callUnderTaskLease(x, args.run_id!, args.state!, args.lease_token, (c) => x.invoker.invoke({ ...inv, ...c }));
    if (leased && !leased.ok) {
      return fail('conflict', `the lease of ${args.state} is not live: ${leased.reason}`, { reason: leased.reason });
    }
    const r = leased ? leased.value : await x.invoker.invoke(inv);
    const base = { latency_ms: r.latencyMs, tool: call.tool.toolName, filled_arguments: filled };
    return r.ok
      ? ok({ ok: true, result: r.result ?? null, skill_error: null, ...base })
      : ok({ ok: false, result: null, skill_error: { error: r.error, cause: r.cause }, ...base });
  },
});

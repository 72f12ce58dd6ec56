import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { isFailure } from '../document-input.ts';
import { fail, ok } from '../result.ts';
import { execution } from './execution.ts';

/**
 * Spec §5.8 tool-21: "Invoke a loaded skill tool and capture its structured response for the
 * workflow". A skill that fails is an expected outcome, returned as a value (`ok: false` with
 * the error name and cause) so the worker can swap skills or report the failure.
 */
export const invokeSkillToolTool = defineTool({
  name: 'invoke_skill_tool',
  description:
    'Invoke a tool of a skill the agent has loaded (MCP server tools over the MCP client, registered tools in-process; python_source tools are refused without a sandbox). Returns the tool\'s result, or ok: false with the error name (e.g. TimeoutError after DCF_SKILL_TIMEOUT_S) and cause.',
  readOnly: false,
  input: z.object({
    agent_id: z.string().min(1),
    skill: z.string().min(1),
    tool: z.string().min(1),
    args: z.record(z.string(), z.unknown()).default({}),
    attempt: z.number().int().min(1).default(1).describe('The state attempt this call belongs to.'),
  }),
  output: z.object({
    ok: z.boolean(),
    result: z.unknown(),
    skill_error: z.object({ error: z.string(), cause: z.string() }).nullable(),
    latency_ms: z.number(),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const agent = await x.agents.getAgent(args.agent_id);
    if (!agent) return fail('not_found', `no agent ${args.agent_id}`);
    if (!agent.loaded_skills.includes(args.skill)) return fail('conflict', `${args.skill} is not loaded into ${args.agent_id}; call load_skill first`);
    const manifest = x.skills.get(args.skill);
    if (!manifest) return fail('not_found', `skill ${args.skill} is not in the catalog`);
    if (!manifest.requiredTools.some((t) => t.toolName === args.tool)) return fail('not_found', `${args.skill} has no tool ${args.tool}`);
    const r = await x.invoker.invoke({ manifest, toolName: args.tool, args: args.args, attempt: args.attempt });
    return r.ok
      ? ok({ ok: true, result: r.result ?? null, skill_error: null, latency_ms: r.latencyMs })
      : ok({ ok: false, result: null, skill_error: { error: r.error, cause: r.cause }, latency_ms: r.latencyMs });
  },
});

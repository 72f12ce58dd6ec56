import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { faultSpecSchema } from '../../skills/demo/server/faults.ts';
import { DEMO_SKILL_NAMES } from '../../skills/demo/skills/catalog.ts';
import { callDemoAdmin } from '../../skills/invoke/demo-admin.ts';
import { ARG_LIMITS, boundedRecord } from '../limits.ts';

const faultsShape = z.record(z.string(), faultSpecSchema);

/**
 * Changes the demo skills' fault injection at run time (README "Demo skills"), through the demo
 * server's `demo_set_faults` MCP tool on the same endpoint and client path the skills use: the
 * DCF_MCP_BASE_URL server, or the in-process one the workers of this process call.
 */
export const setDemoFaultsTool = defineTool({
  name: 'set_demo_faults',
  description:
    `Set the fault injection of the demo skills server, per skill name (${DEMO_SKILL_NAMES.join(', ')}): ` +
    'failure_rate and timeout_rate (0…1, seeded draws per call), latency_ms (added to every call). ' +
    'Merges into the active settings unless replace is true; a seed restarts the draws. Returns the ' +
    'active faults.',
  readOnly: false,
  input: z.object({
    faults: boundedRecord(z.string().max(ARG_LIMITS.name), faultSpecSchema)
      .default({})
      .describe('e.g. {"whisper-transcribe": {"timeout_rate": 1}}; {} with replace: true clears every fault.'),
    replace: z.boolean().default(false),
    seed: z.number().int().optional(),
  }),
  output: z.object({
    faults: faultsShape,
    seed: z.number().int(),
    /** The MCP endpoint the settings were applied at. */
    endpoint: z.string(),
  }),
  async handler(input, { services }) {
    const r = await callDemoAdmin(services.config, 'demo_set_faults', {
      faults: input.faults,
      replace: input.replace,
      ...(input.seed === undefined ? {} : { seed: input.seed }),
    });
    if (!r.ok)
      return fail(
        r.error === 'InvalidArguments'
          ? 'invalid_input'
          : r.error === 'SkillUnavailable' || r.error === 'TimeoutError'
            ? 'unavailable'
            : 'internal_error',
        `${r.error}: ${r.cause}`,
      );
    const state = r.result as { faults: z.infer<typeof faultsShape>; seed: number };
    return ok({ faults: state.faults, seed: state.seed, endpoint: r.url ?? '' });
  },
});

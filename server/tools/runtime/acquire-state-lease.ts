import { z } from 'zod';
import { acquireTaskLease } from '../../execution/task-work.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, runId, stateName } from './execution.ts';
import { idString } from '../limits.ts';

/**
 * Spec §5.8 tool-17: "Atomically acquire a lease on a workflow state". Grants a lease with a
 * TTL (DCF_LEASE_TTL_S) and a fencing token that every later write must carry; starts an
 * attempt. Returns the state's effective input (InputPath → Parameters) for the skill call.
 */
export const acquireStateLeaseTool = defineTool({
  name: 'acquire_state_lease',
  description:
    'Atomically acquire the lease of a Task state instance for a worker agent: refused while another ' +
    'live lease is held, when the state is finished or the run is over; an expired lease is taken over. ' +
    'The holder renews by calling it again before the TTL passes (same token, no new attempt). Returns ' +
    'the fencing token (pass it to update_workflow_control_plane), the TTL, the attempt number, the ' +
    "effective input (the skill tool's arguments), the bound skills and the skill to use now.",
  readOnly: false,
  input: z.object({ run_id: runId, state: stateName, agent_id: idString().min(1).describe('The worker agent taking the state.') }),
  output: z.object({
    lease_token: z.string(),
    attempts: z.number(),
    ttl_s: z.number(),
    effective_input: z.unknown(),
    skills: z.array(z.string()),
    current_skill: z.string().nullable(),
    timeout_ms: z.number().nullable(),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const r = await acquireTaskLease(x, args.run_id, args.state, args.agent_id, true);
    if (!r.ok)
      return fail('conflict', `lease of ${args.state} not granted: ${r.reason}${r.detail ? ` (${r.detail})` : ''}`, { reason: r.reason });
    return ok({
      lease_token: r.token,
      attempts: r.attempts,
      ttl_s: r.ttl_s,
      effective_input: r.effective_input,
      skills: r.skills,
      current_skill: r.current_skill,
      timeout_ms: r.timeout_ms,
    });
  },
});

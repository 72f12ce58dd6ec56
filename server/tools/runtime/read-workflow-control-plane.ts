import { z } from 'zod';
import { runKeys } from '../../controlplane/keys.ts';
import { readOutbox } from '../../execution/notify.ts';
import { readRun } from '../../execution/run-record.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, runId, stateDocumentOut, notificationOut, toNotificationOut } from './execution.ts';
import { ARG_LIMITS, idString } from '../limits.ts';

/**
 * Spec §5.7/5.8 tool-11: "Read workflow control-plane documents … and optionally compute
 * readiness". Readiness: `ready` are state instances with a notification due now (entered,
 * waiting for their worker), `waiting` those due later (Retry back-off, Wait).
 */
export const readWorkflowControlPlaneTool = defineTool({
  name: 'read_workflow_control_plane',
  description:
    "Read a run's control plane: the run record, meta document, state documents (all, or the named " +
    'ones), optionally the data-plane outputs, and readiness — which state instances can start now and ' +
    'which are waiting for a delay.',
  readOnly: true,
  input: z.object({
    run_id: runId,
    states: z.array(idString()).max(ARG_LIMITS.manyItems).optional().describe('Only these state instances (default: all).'),
    include_data: z.boolean().default(false).describe('Include the data-plane output envelopes of finished Tasks.'),
    compute_readiness: z.boolean().default(true),
  }),
  output: z.object({
    run: z.record(z.string(), z.unknown()),
    meta: z.record(z.string(), z.unknown()),
    states: z.record(z.string(), stateDocumentOut),
    data: z.record(z.string(), z.unknown()).nullable(),
    ready: z.array(notificationOut).nullable(),
    waiting: z.array(notificationOut).nullable(),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const run = await readRun(x.redis, args.run_id);
    if (!run) return fail('not_found', `no run ${args.run_id}`);
    const k = runKeys(args.run_id);
    const meta = JSON.parse((await x.redis.get(k.meta)) ?? '{}') as Record<string, unknown>;
    const all = await x.cp.readStates(args.run_id);
    const states = args.states ? Object.fromEntries(Object.entries(all).filter(([s]) => args.states!.includes(s))) : all;
    const dataRaw = args.include_data ? await x.redis.hgetall(k.data) : null;
    const data =
      dataRaw &&
      Object.fromEntries(
        Object.entries(dataRaw)
          .filter(([s]) => !args.states || args.states.includes(s))
          .map(([s, v]) => [s, JSON.parse(v) as unknown]),
      );
    let ready = null;
    let waiting = null;
    if (args.compute_readiness) {
      const now = Date.now();
      const outbox = run.status === 'RUNNING' ? await readOutbox(x, args.run_id) : [];
      ready = outbox.filter((e) => e.due_at_ms <= now).map(toNotificationOut);
      waiting = outbox.filter((e) => e.due_at_ms > now).map(toNotificationOut);
    }
    return ok({ run: run as unknown as Record<string, unknown>, meta, states, data, ready, waiting });
  },
});

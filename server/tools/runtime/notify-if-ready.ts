import { z } from 'zod';
import { notifyIfReady } from '../../execution/notify.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, notificationOut, runId, toNotificationOut } from './execution.ts';
import { idString } from '../limits.ts';

/** Spec §5.7/5.8 tool-13: "Notify a single target state's worker agent IFF the state is ready (or unconditionally if require_ready=False)". */
export const notifyIfReadyTool = defineTool({
  name: 'notify_if_ready',
  description:
    "Notify one target state's worker only if the state is ready: every upstream state in the meta's " +
    'deps is done (the join of spec §2.6). With require_ready false its queued notification is sent ' +
    'regardless. Returns whether it was ready and which upstream states it still waits on.',
  readOnly: false,
  input: z.object({ run_id: runId, state: idString().min(1), require_ready: z.boolean().default(true) }),
  output: z.object({ ready: z.boolean(), waiting_on: z.array(z.string()), notified: z.array(notificationOut) }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const r = await notifyIfReady(x, args.run_id, args.state, args.require_ready);
    if (!r) return fail('not_found', `no run ${args.run_id}`);
    return ok({ ready: r.ready, waiting_on: r.waiting_on, notified: r.notified.map(toNotificationOut) });
  },
});

import { z } from 'zod';
import { notifyNextWorkerAgent } from '../../execution/notify.ts';
import { readRun } from '../../execution/run-record.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, notificationOut, runId, toNotificationOut } from './execution.ts';
import { idString } from '../limits.ts';

/** Spec §5.7/5.8 tool-12: "Notify downstream (or initial) worker agent(s) for a workflow state machine." */
export const notifyNextWorkerAgentTool = defineTool({
  name: 'notify_next_worker_agent',
  description:
    "Send the notifications the run's transitions queued (the initial one after " +
    'create_workflow_control_plane, downstream ones after update_workflow_control_plane) — for one ' +
    'target state instance or all. Durable (a job queue) and idempotent: a nudge_id already sent is not ' +
    'sent again.',
  readOnly: false,
  input: z.object({ run_id: runId, state: idString().optional().describe('Only notifications for this state instance.') }),
  output: z.object({ notified: z.array(notificationOut), already_sent: z.array(notificationOut) }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    if (!(await readRun(x.redis, args.run_id))) return fail('not_found', `no run ${args.run_id}`);
    const r = await notifyNextWorkerAgent(x, args.run_id, args.state);
    return ok({ notified: r.notified.map(toNotificationOut), already_sent: r.already.map(toNotificationOut) });
  },
});

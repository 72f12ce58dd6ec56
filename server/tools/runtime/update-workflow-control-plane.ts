import { z } from 'zod';
import { completeTask, failTask, recordAttempt } from '../../execution/task-work.ts';
import { defineTool } from '../define-tool.ts';
import { isFailure } from '../document-input.ts';
import { fail, ok } from '../result.ts';
import { execution, notificationOut, runId, stateName, toNotificationOut } from './execution.ts';

/**
 * Spec §5.8 tool-18: "Atomically update a state's control-plane JSON and optionally write
 * data-plane output". Every write is fenced by the lease token. `done` with the skill's
 * `result` applies ResultSelector → ResultPath → OutputPath, writes the data-plane envelope and
 * queues the downstream notifications; `failed` with an `error` applies Retry/Catch; `running`
 * records an attempt the worker recovers from itself (last_error, attempts, swapped skill).
 */
export const updateWorkflowControlPlaneTool = defineTool({
  name: 'update_workflow_control_plane',
  description:
    'Atomically update a Task state instance you hold the lease of (fenced by lease_token: a stale or expired lease is refused). status "done" + result: the skill tool\'s result is written to the data plane and the state output computed (ResultSelector, ResultPath, OutputPath); "failed" + error: the state\'s Retry and Catch decide what follows; "running": record last_error / attempts / the skill swapped to. Returns the notifications queued for notify_next_worker_agent.',
  readOnly: false,
  input: z.object({
    run_id: runId,
    state: stateName,
    lease_token: z.string().min(1),
    status: z.enum(['running', 'done', 'failed']),
    result: z.unknown().optional().describe('status done: exactly what the skill tool returned.'),
    error: z.object({ error: z.string().min(1), cause: z.string().default('') }).optional().describe('status failed: the error name (e.g. States.TaskFailed, TimeoutError) and cause.'),
    last_error: z.string().optional(),
    attempts: z.number().int().min(1).optional(),
    skill: z.string().optional().describe('The skill used (done) or swapped to (running).'),
    latency_ms: z.number().min(0).default(0),
  }).refine((v) => v.status !== 'failed' || v.error, { message: 'status "failed" needs "error"' }),
  output: z.object({ queued: z.array(notificationOut) }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const refused = (r: { reason: string; detail?: string }) => fail('conflict', `update of ${args.state} refused: ${r.reason}${r.detail ? ` (${r.detail})` : ''}`, { reason: r.reason });
    if (args.status === 'running') {
      const r = await recordAttempt(x, args.run_id, args.state, args.lease_token, { last_error: args.last_error, attempts: args.attempts, skill: args.skill });
      return r.ok ? ok({ queued: [] }) : refused(r);
    }
    const r = args.status === 'done'
      ? await completeTask(x, args.run_id, args.state, args.lease_token, args.result ?? null, { latencyMs: args.latency_ms, skill: args.skill ?? '' })
      : await failTask(x, args.run_id, args.state, args.lease_token, { error: args.error!.error, cause: args.error!.cause });
    return r.ok ? ok({ queued: r.pending_notifications.map(toNotificationOut) }) : refused(r);
  },
});

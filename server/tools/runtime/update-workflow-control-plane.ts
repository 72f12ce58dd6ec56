import { z } from 'zod';
import { swapFailedSkill, failureOf } from '../../execution/skill-swap.ts';
import { completeTask, failTask, recordAttempt } from '../../execution/task-work.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, notificationOut, runId, stateName, toNotificationOut } from './execution.ts';
import { ARG_LIMITS, boundedJson, idString } from '../limits.ts';

/**
 * Spec §5.8 tool-18: "Atomically update a state's control-plane JSON and optionally write
 * data-plane output". Every write is fenced by the lease token. `done` with the skill's
 * `result` applies ResultSelector → ResultPath → OutputPath, writes the data-plane envelope and
 * queues the downstream notifications; `failed` with an `error` applies Retry/Catch; `running`
 * with `last_error` and no `skill` is a skill failure the worker recovers from: the server
 * swaps skills exactly as the in-process worker does (execution/skill-swap.ts) and returns the
 * alternative as `next_skill`; `running` with `skill` records a swap the worker chose itself.
 */
export const updateWorkflowControlPlaneTool = defineTool({
  name: 'update_workflow_control_plane',
  description: [
    'Atomically update a Task state instance you hold the lease of (fenced by lease_token: a stale or expired lease is refused).',
    'status "done" + result: the skill tool\'s result is written to the data plane and the state output computed (ResultSelector, ResultPath, OutputPath).',
    'status "failed" + error: the state\'s Retry and Catch decide what follows.',
    'status "running" + last_error ("<error>: <cause>") without skill: the current skill failed. An alternative skill of the same capability',
    'not yet tried in this lease is chosen by the skill policy, recorded (last_error, attempts + 1, a skill_swap event) and returned as',
    'next_skill with the new attempts: unload the failed skill, load next_skill, invoke again. next_skill null: no alternative is left and',
    'nothing was recorded: report the failure with status "failed". status "running" + skill: record a swap to that skill.',
    'Returns the notifications queued for notify_next_worker_agent.',
  ].join(' '),
  readOnly: false,
  input: z
    .object({
      run_id: runId,
      state: stateName,
      lease_token: idString().min(1),
      status: z.enum(['running', 'done', 'failed']),
      result: boundedJson().optional().describe('status done: exactly what the skill tool returned.'),
      error: z
        .object({ error: idString().min(1), cause: z.string().max(ARG_LIMITS.text).default('') })
        .optional()
        .describe('status failed: the error name (e.g. States.TaskFailed, TimeoutError) and cause.'),
      last_error: z.string().max(ARG_LIMITS.text).optional().describe('status running: "<error>: <cause>" of the skill failure.'),
      attempts: z.number().int().min(1).optional(),
      skill: idString().optional().describe('The skill used (done) or swapped to (running; omit it to let the skill policy choose).'),
      latency_ms: z.number().min(0).default(0),
    })
    .refine((v) => v.status !== 'failed' || v.error, { message: 'status "failed" needs "error"' }),
  output: z.object({
    queued: z.array(notificationOut),
    next_skill: z
      .string()
      .nullable()
      .optional()
      .describe('running + last_error without skill: the skill to use now, null when none is left.'),
    attempts: z.number().optional().describe('running: the attempt the next skill call belongs to.'),
    rationale: z.string().nullable().optional().describe('running: why the skill policy chose next_skill.'),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const refused = (r: { reason: string; detail?: string }) =>
      fail('conflict', `update of ${args.state} refused: ${r.reason}${r.detail ? ` (${r.detail})` : ''}`, { reason: r.reason });
    if (args.status === 'running' && args.last_error !== undefined && args.skill === undefined) {
      const swap = await swapFailedSkill(x, args.run_id, args.state, args.lease_token, failureOf(args.last_error));
      if (!swap.ok) return refused(swap);
      return ok({ queued: [], next_skill: swap.skill, attempts: swap.attempts, rationale: swap.choice?.rationale ?? null });
    }
    if (args.status === 'running') {
      const change = { last_error: args.last_error, attempts: args.attempts, skill: args.skill };
      const r = await recordAttempt(x, args.run_id, args.state, args.lease_token, change);
      return r.ok ? ok({ queued: [] }) : refused(r);
    }
    const r =
      args.status === 'done'
        ? await completeTask(x, args.run_id, args.state, args.lease_token, args.result ?? null, {
            latencyMs: args.latency_ms,
            skill: args.skill ?? '',
          })
        : await failTask(x, args.run_id, args.state, args.lease_token, { error: args.error!.error, cause: args.error!.cause });
    return r.ok ? ok({ queued: r.pending_notifications.map(toNotificationOut) }) : refused(r);
  },
});

import { z } from 'zod';
import type { ExecutionServices } from '../../execution/services.ts';
import type { ToolServices } from '../context.ts';
import { fail, type ToolFailure } from '../result.ts';

/** The execution services, or the `unavailable` failure every runtime tool returns without Redis. */
export async function execution(services: ToolServices): Promise<ExecutionServices | ToolFailure> {
  if (!services.execution) return fail('unavailable', 'workflow execution needs Redis: set REDIS_URL (npm start and the dcf CLI start a local redis-server when it is unset)');
  try {
    return await services.execution();
  } catch (err) {
    return fail('unavailable', `cannot reach the control plane: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export const runId = z.string().uuid().describe('The run (workflow execution) whose control plane is addressed.');
export const stateName = z.string().min(1).describe('A state instance: the state name, prefixed by its Map iteration scope inside a Map (e.g. "ScoreEachCall[2]/TranscribeRecording").');

export const stateDocumentOut = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']),
  attempts: z.number(),
  lease: z.object({ token: z.string().nullable(), owner_agent_id: z.string().nullable(), ts: z.string().nullable(), ttl_s: z.number().nullable() }),
  started_at: z.string().nullable().optional(),
  finished_at: z.string().nullable().optional(),
  last_error: z.string().nullable().optional(),
});

export const notificationOut = z.object({ nudge_id: z.string(), state: z.string(), reason: z.string(), due_at: z.string() });
export const toNotificationOut = (e: { id: string; instance: string; reason: string; due_at_ms: number }) => ({
  nudge_id: e.id, state: e.instance, reason: e.reason, due_at: new Date(e.due_at_ms).toISOString(),
});

/** A new run: the workflow (inline or a workspace path), its input, optionally the run id to use. */
export const newRunInput = z
  .object({
    workflow: z.unknown().optional().describe('The workflow document (JSON object or text).'),
    path: z.string().min(1).optional().describe('Alternatively, the workflow file inside the workspace.'),
    input: z.unknown().describe("The run input; must satisfy the workflow's workflow_input_schema."),
    run_id: z.string().uuid().optional().describe('Reuse this id (idempotent retry); a new one is minted when absent.'),
  })
  .refine((v) => (v.workflow === undefined) !== (v.path === undefined), { message: 'give exactly one of "workflow" or "path"' });

import { z } from 'zod';
import type { ExecutionServices } from '../../execution/services.ts';
import type { ToolServices } from '../context.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';

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

/** One event of a run's stream: its stream id and the event. */
export const runEventOut = z.object({ id: z.string(), event: z.record(z.string(), z.unknown()) });

export const notificationOut = z.object({ nudge_id: z.string(), state: z.string(), reason: z.string(), due_at: z.string() });
export const toNotificationOut = (e: { id: string; instance: string; reason: string; due_at_ms: number }) => ({
  nudge_id: e.id, state: e.instance, reason: e.reason, due_at: new Date(e.due_at_ms).toISOString(),
});

/** A new run: the workflow (inline, a workspace path, or a saved version), its input, optionally the run id to use. */
export const newRunInput = z
  .object({
    workflow: z.unknown().optional().describe('The workflow document (JSON object or text).'),
    path: z.string().min(1).optional().describe('Alternatively, the workflow file in the workflows (or skills) folder, e.g. workflows/x.json.'),
    workflow_id: z.string().min(1).optional().describe('Alternatively, a saved workflow (see save_workflow): its highest version, or `version`.'),
    version: z.string().min(1).optional(),
    input: z.unknown().describe("The run input; must satisfy the workflow's workflow_input_schema."),
    run_id: z.string().uuid().optional().describe('Reuse this id (idempotent retry); a new one is minted when absent.'),
  })
  .refine((v) => [v.workflow, v.path, v.workflow_id].filter((x) => x !== undefined).length === 1, { message: 'give exactly one of "workflow", "path" or "workflow_id"' });

/** The workflow document a new run executes, from whichever of the three sources was given. */
export async function runWorkflowDocument(args: z.output<typeof newRunInput>, services: ToolServices): Promise<{ doc: unknown } | ToolFailure> {
  if (args.workflow_id !== undefined) {
    if (!services.db) return fail('unavailable', 'saved workflows need the database');
    const { getWorkflowVersion } = await import('../../workflows/store.ts');
    const row = await getWorkflowVersion(await services.db(), args.workflow_id, args.version);
    return row ? { doc: row.document } : fail('not_found', `no saved workflow ${args.workflow_id}${args.version ? `@${args.version}` : ''}`);
  }
  const { loadDocument } = await import('../document-input.ts');
  const loaded = await loadDocument(args.workflow, args.path, services.config);
  return 'status' in loaded ? loaded : { doc: loaded.doc };
}

import { z } from 'zod';
import type { ExecutionServices } from '../../contracts/execution-services.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';
import type { Actor } from '../../contracts/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import { getWorkflowVersion } from '../../workflows/store.ts';
import { noPublishedVersion } from '../learning/no-published-version.ts';
import { mayTestRun } from '../learning/version-access.ts';
import { WORKFLOW_EDITORS } from '../../../lib/roles.ts';
import { boundedJson, idString, uuidString } from '../limits.ts';

/** The execution services, or the `unavailable` failure every runtime tool returns without Redis. */
export async function execution(services: ToolServices): Promise<ExecutionServices | ToolFailure> {
  if (!services.execution)
    return fail(
      'unavailable',
      'workflow execution needs Redis: set REDIS_URL (npm start and the dcf CLI start a local redis-server when it is unset)',
    );
  try {
    return await services.execution();
  } catch (err) {
    return fail('unavailable', `cannot reach the control plane: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export const runId = uuidString().describe('The run (workflow execution) whose control plane is addressed.');
export const stateName = idString()
  .min(1)
  .describe(
    'A state instance: the state name, prefixed by its Map iteration scope inside a Map (e.g. "ScoreEachCall[2]/TranscribeRecording").',
  );

export const stateDocumentOut = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']),
  attempts: z.number(),
  lease: z.object({
    token: z.string().nullable(),
    owner_agent_id: z.string().nullable(),
    ts: z.string().nullable(),
    ttl_s: z.number().nullable(),
  }),
  started_at: z.string().nullable().optional(),
  finished_at: z.string().nullable().optional(),
  last_error: z.string().nullable().optional(),
});

/** One event of a run's stream: its stream id and the event. */
export const runEventOut = z.object({ id: z.string(), event: z.record(z.string(), z.unknown()) });

export const notificationOut = z.object({ nudge_id: z.string(), state: z.string(), reason: z.string(), due_at: z.string() });
export const toNotificationOut = (e: { id: string; instance: string; reason: string; due_at_ms: number }) => ({
  nudge_id: e.id,
  state: e.instance,
  reason: e.reason,
  due_at: new Date(e.due_at_ms).toISOString(),
});

/** A new run: the workflow (inline, a workspace path, or a saved version), its input, optionally the run id to use. */
export const newRunInput = z
  .object({
    workflow: boundedJson().optional().describe('The workflow document (JSON object or text).'),
    path: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe('Alternatively, the workflow file in the workflows (or skills) folder, e.g. workflows/x.json.'),
    workflow_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('Alternatively, a saved workflow (see save_workflow): its published version, or `version`.'),
    version: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('With workflow_id: this version. A draft or retired version runs only with test_run: true.'),
    test_run: z
      .boolean()
      .optional()
      .describe(
        'A test run (workflow designers and admins): may run an unpublished version; its QA results are kept out of the ' +
          'review queue and the dashboard.',
      ),
    input: boundedJson().describe("The run input; must satisfy the workflow's workflow_input_schema."),
    run_id: uuidString().optional().describe('Reuse this id (idempotent retry); a new one is minted when absent.'),
  })
  .refine((v) => [v.workflow, v.path, v.workflow_id].filter((x) => x !== undefined).length === 1, {
    message: 'give exactly one of "workflow", "path" or "workflow_id"',
  })
  .refine((v) => v.version === undefined || v.workflow_id !== undefined, {
    message: '"version" goes with "workflow_id"',
    path: ['version'],
  });

/**
 * The workflow document a new run executes, from whichever of the three sources was given, and
 * whether the run is a test run (issue 28). By workflow id: the published version when no version
 * is named (none published: a clear failure); a named version that is not published only as a test
 * run. A test run needs the test-run permission (version-access.ts) whatever it runs.
 */
export async function runWorkflowDocument(
  args: z.output<typeof newRunInput>,
  services: ToolServices,
  actor: Actor,
): Promise<{ doc: unknown; test_run: boolean } | ToolFailure> {
  const testRun = args.test_run === true;
  if (args.workflow_id !== undefined) {
    if (!services.db) return fail('unavailable', 'saved workflows need the database');
    const db = await services.db();
    const row = await getWorkflowVersion(db, args.workflow_id, args.version);
    if (!row)
      return args.version
        ? fail('not_found', `no saved workflow ${args.workflow_id}@${args.version}`)
        : noPublishedVersion(db, args.workflow_id);
    if (row.status !== 'published' && !testRun) {
      return fail(
        'conflict',
        `${args.workflow_id}@${row.version} is ${row.status === 'draft' ? 'a draft' : 'retired'}, not the published version; ` +
          'publish it in the editor, or start it as a test run (test_run: true)',
        { reason: 'not_published', status: row.status },
      );
    }
    const refused = testRun ? mayTestRun(actor, row) : null;
    return refused ? fail('forbidden', refused.refused) : { doc: row.document, test_run: testRun };
  }
  if (testRun && !(actor.kind === 'system' || (actor.kind === 'user' && WORKFLOW_EDITORS.includes(actor.role)))) {
    return fail('forbidden', 'only workflow designers and admins may start a test run');
  }
  const { loadDocument } = await import('../document-input.ts');
  const loaded = await loadDocument(args.workflow, args.path, services.config);
  if ('status' in loaded) return loaded;
  if (testRun || !services.db) return { doc: loaded.doc, test_run: testRun };
  return documentGate(loaded.doc, await services.db());
}

/**
 * A document given inline or by path is used for QA figures only when it is a published version (issue 28): the
 * same version of the same workflow as the catalog's published one. A saved version that is not published is
 * refused as by id (a test run must be asked for); a document the catalog does not hold — unsaved, or edited
 * under a saved version number — runs as a test run, whose QA results stay out of the queue and the dashboard.
 * Without a database (a `dcf run` with no console) nothing can be checked and the run is as asked.
 */
async function documentGate(doc: unknown, db: Db): Promise<{ doc: unknown; test_run: boolean } | ToolFailure> {
  const d = (doc && typeof doc === 'object' ? doc : {}) as { workflow_id?: unknown; version?: unknown };
  const id = typeof d.workflow_id === 'string' ? d.workflow_id : null;
  const version = typeof d.version === 'string' ? d.version : null;
  const row = id && version ? await getWorkflowVersion(db, id, version) : null;
  if (!row) return { doc, test_run: true };
  if (row.status !== 'published') {
    return fail(
      'conflict',
      `${row.workflowId}@${row.version} is ${row.status === 'draft' ? 'a draft' : 'retired'}, not the published version; ` +
        'publish it in the editor, or start it as a test run (test_run: true)',
      { reason: 'not_published', status: row.status },
    );
  }
  const same = JSON.stringify(canonical(row.document)) === JSON.stringify(canonical(doc));
  return { doc, test_run: !same };
}

/** The document with its keys sorted at every level, so two copies of one document compare equal. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

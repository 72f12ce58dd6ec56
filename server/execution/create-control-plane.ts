import { randomUUID } from 'node:crypto';
import { compileControlPlaneMeta, type ControlPlaneMeta } from '../engine/index.ts';
import { ACTIVE_RUNS, RUN_INDEX, runKeys } from '../controlplane/keys.ts';
import { validateAgainstJsonSchema } from '../schemas/registry.ts';
import type { ValidationIssue } from '../validation/issue.ts';
import { validateWorkflowDocument } from '../workflows/validate-document.ts';
import type { Json } from '../engine/runtime/index.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { runFields } from './run-record.ts';
import { rememberRunDefinition, runDefinitionOf } from './run-definition.ts';
import { enterState, scheduleRunDeadline } from './transitions.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

export type CreateControlPlaneResult =
  | { ok: true; run_id: string; created: boolean; meta: ControlPlaneMeta; start: OutboxEntry | null }
  | { ok: false; error_code: 'invalid_workflow' | 'invalid_input'; message: string; issues: ValidationIssue[] };

/**
 * create_workflow_control_plane: validates the workflow and the run input (against
 * `workflow_input_schema`), then writes the run's control plane in one atomic commit — run
 * record, frozen workflow, meta (spec §5.3), one pending state document per state (spec §5.4;
 * states inside a Map processor get theirs per iteration) and the start state's entry with its
 * `initial` notification in the outbox (sent by notify_next_worker_agent). Idempotent per
 * run_id: a second call for an existing run changes nothing and returns `created: false`.
 * `test_run` (issue 28) marks a designer's test run in the meta and the run record.
 */
export async function createWorkflowControlPlane(
  x: ExecutionServices,
  req: { workflow: unknown; input: Json; run_id?: string; started_by: string; test_run?: boolean },
): Promise<CreateControlPlaneResult> {
  const report = await validateWorkflowDocument(req.workflow, { rootDir: x.config.rootDir, skillsDir: x.config.skillsDir });
  if (!report.valid)
    return {
      ok: false,
      error_code: 'invalid_workflow',
      message: `the workflow is not valid (${report.errors.length} error(s))`,
      issues: report.errors,
    };
  const wf = req.workflow as { workflow_id: string; workflow_name: string; version: string; workflow_input_schema?: object };
  const inputIssues = validateAgainstJsonSchema(wf.workflow_input_schema ?? {}, req.input);
  if (inputIssues.length)
    return {
      ok: false,
      error_code: 'invalid_input',
      message: `the run input does not satisfy workflow_input_schema: ${inputIssues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`,
      issues: inputIssues,
    };
  const compiled = compileControlPlaneMeta(req.workflow as Parameters<typeof compileControlPlaneMeta>[0]);
  // A test run (issue 28) says so in its meta and its run record; other runs carry no flag (read as false).
  const meta: ControlPlaneMeta = req.test_run ? { ...compiled, test_run: true } : compiled;
  const runId = req.run_id ?? randomUUID();
  const k = runKeys(runId);
  // The workflow key doubles as the creation lock: only the first caller for a run_id proceeds. Meta with it, in one
  // transaction, so a run never has one without the other.
  const workflowJson = JSON.stringify(req.workflow);
  const metaJson = JSON.stringify(meta);
  const locked = await x.redis.multi().set(k.workflow, workflowJson, 'NX').set(k.meta, metaJson, 'NX').exec();
  if (locked?.[0]?.[1] !== 'OK') {
    return {
      ok: true,
      run_id: runId,
      created: false,
      meta: JSON.parse((await x.redis.get(k.meta)) ?? 'null') as ControlPlaneMeta,
      start: null,
    };
  }
  const startedAt = new Date().toISOString();
  const c = x.cp.builder(runId).evenWhenFinished();
  const fields = runFields({
    run_id: runId,
    workflow_id: wf.workflow_id,
    workflow_name: wf.workflow_name,
    workflow_version: wf.version,
    status: 'RUNNING',
    input: req.input,
    output: null,
    error: null,
    cause: null,
    started_at: startedAt,
    finished_at: null,
    started_by: req.started_by,
    summary: null,
    ...(req.test_run ? { test_run: true } : {}),
  });
  c.run(fields);
  // What loadRunDefinition would read back once the commit lands, made from the same texts.
  const def = runDefinitionOf(runId, workflowJson, metaJson, fields.input!);
  for (const name of meta.states) {
    if (!def.states.get(name)!.enclosing.some((e) => e.kind === 'Map')) c.state(name, { reset: true, note: 'created' });
  }
  const start = enterState(c, meta.start_at, req.input, undefined, 'initial');
  const deadline = scheduleRunDeadline(c, req.workflow as { asl: { TimeoutSeconds?: unknown } }, 0);
  const r = await x.cp.commit(c);
  if (!r.ok) throw new Error(`creating the control plane of ${runId} was refused: ${r.reason}`);
  rememberRunDefinition(def);
  await x.redis.multi().zadd(RUN_INDEX, Date.parse(startedAt), runId).sadd(ACTIVE_RUNS, runId).exec();
  if (deadline) await x.dispatcher.dispatch([deadline]);
  return { ok: true, run_id: runId, created: true, meta, start };
}

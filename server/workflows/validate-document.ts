import { compileControlPlaneMeta, validateWorkflow, type ControlPlaneMeta } from '../engine/index.ts';
import type { ValidationReport } from '../validation/issue.ts';
import { buildValidationContext } from './validation-context.ts';

export type WorkflowDocumentOptions = { rootDir: string; skillsDir: string };

/** Schema + semantic validation of a workflow document against the skill catalog and its imports. */
export async function validateWorkflowDocument(doc: unknown, opts: WorkflowDocumentOptions): Promise<ValidationReport> {
  return validateWorkflow(doc, await buildValidationContext(doc, opts));
}

/**
 * Validates, then compiles the control-plane meta (spec §5.3). An invalid workflow yields no meta:
 * the engine's compile assumes a valid document, and the caller shows the report instead.
 */
export async function compileWorkflowDocument(
  doc: unknown,
  opts: WorkflowDocumentOptions & { planner?: string },
): Promise<{ report: ValidationReport; meta: ControlPlaneMeta | null }> {
  const report = await validateWorkflowDocument(doc, opts);
  if (!report.valid) return { report, meta: null };
  return { report, meta: compileControlPlaneMeta(doc as Parameters<typeof compileControlPlaneMeta>[0], { planner: opts.planner }) };
}

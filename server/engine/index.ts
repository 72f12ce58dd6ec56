/**
 * server/engine — the pure Letta-ASL core: validation, JSONPath and intrinsic parsing,
 * compilation to the control-plane meta, and the ASL runtime semantics (runtime/). No I/O happens
 * here; callers pass what they looked up.
 */
export { validateWorkflow } from './letta/validate-workflow.ts';
export {
  type WorkflowValidationContext,
  type SkillInfo,
  type SkillTool,
  type ImportResolution,
  skillInfoSchema,
  skillToolSchema,
  importResolutionSchema,
} from './letta/context.ts';
export { validateAslStructure } from './asl/validate-asl.ts';
export { parsePath } from './paths/parse-path.ts';
export type * from './paths/path-ast.ts';
export { parseIntrinsic } from './intrinsics/parse-intrinsic.ts';
export { INTRINSIC_NAMES } from './intrinsics/intrinsic-ast.ts';
export type { IntrinsicName, IntrinsicArg, IntrinsicCall, IntrinsicStringArg, ParseIntrinsicResult } from './intrinsics/intrinsic-ast.ts';
export { parseFormatTemplate, type FormatTemplatePart } from './intrinsics/format-template.ts';
export { compileControlPlaneMeta, type CompileOptions } from './compile/compile-meta.ts';
export { controlPlaneMetaSchema, agentTemplateSchema, type ControlPlaneMeta, type AgentTemplate } from './compile/control-plane-meta.ts';
export type { ValidationIssue, ValidationReport } from '../validation/issue.ts';
/** The pure ASL runtime semantics (paths, intrinsics, data flow, Choice, Wait, Map, Retry, Catch). */
export * from './runtime/index.ts';

import type { ValidationIssue, ValidationReport } from '../../validation/issue.ts';
import { report } from '../../validation/issue.ts';
import { validateAgainstSchema } from '../../schemas/registry.ts';
import { hasOwn, isObject } from '../json.ts';
import { checkDocumentShape } from '../document-guard.ts';
import { validateAslStructure } from '../asl/validate-asl.ts';
import { collectStateTree } from '../asl/state-tree.ts';
import type { WorkflowValidationContext } from './context.ts';
import { checkSkillImports } from './check-imports.ts';
import { checkTaskBindings } from './check-bindings.ts';

/**
 * Validates a Letta-ASL workflow document: first the JSON Schema (spec §5.1), then the semantic
 * rules — ASL structure and graph (validateAslStructure), skill imports, Task bindings — and the
 * Parameters warnings. Semantic checks run on whatever part of the document is usable even when
 * the schema fails; a semantic finding at a pointer the schema already reported is dropped, so
 * each problem is reported once. Never throws, whatever `doc` is.
 */
export function validateWorkflow(doc: unknown, ctx: WorkflowValidationContext): ValidationReport {
  const unsafe = checkDocumentShape(doc);
  if (unsafe) return report([unsafe]);
  const schemaIssues = validateAgainstSchema('workflow', doc);
  const semantic: ValidationIssue[] = [];
  const warnings: ValidationIssue[] = [];
  if (isObject(doc)) {
    if (hasOwn(doc, 'asl')) semantic.push(...validateAslStructure(doc.asl, '/asl'));
    checkSkillImports(doc, ctx, semantic);
    checkTaskBindings(collectStateTree(doc.asl, '/asl').states, ctx, semantic, warnings);
  }
  const reported = new Set(schemaIssues.map((i) => i.path));
  return report([...schemaIssues, ...semantic.filter((i) => !reported.has(i.path))], warnings);
}

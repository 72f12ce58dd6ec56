import { validateAgainstSchema } from '../schemas/registry.ts';
import type { ValidationIssue, ValidationReport } from '../validation/issue.ts';
import { report } from '../validation/issue.ts';
import { runStaticChecks } from './manifest-checks.ts';

/**
 * `validate_skill_manifest`'s verdict on any value: JSON Schema errors (schemas/skill-manifest-v2.0.0.json,
 * as amended) followed by the static checks of manifest-checks.ts. Every finding carries a JSON
 * pointer into `doc` and a stable code. A static error on a field the schema already rejected is
 * left out (one finding per problem). Never throws.
 */
export function checkSkillManifest(doc: unknown): ValidationReport {
  const schemaErrors = validateAgainstSchema('skill_manifest', doc);
  const rejected = new Set(schemaErrors.map((e) => e.path));
  const errors: ValidationIssue[] = [...schemaErrors];
  const warnings: ValidationIssue[] = [];
  for (const { severity, ...issue } of runStaticChecks(doc)) {
    if (severity === 'warning') warnings.push(issue);
    else if (!rejected.has(issue.path)) errors.push(issue);
  }
  return report(errors, warnings);
}

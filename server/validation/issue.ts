import { z } from 'zod';

/**
 * One finding of a validator. `path` is an RFC 6901 JSON pointer into the validated document
 * ("" is the whole document), so the console can pin the finding to a node and field.
 * `code` is stable and machine-readable (e.g. `schema.required`, `asl.unknown_target`);
 * `message` is for people.
 */
export const validationIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** The result shape shared by `validate_workflow`, `validate_skill_manifest` and `dcf validate`. */
export const validationReportSchema = z.object({
  valid: z.boolean(),
  errors: z.array(validationIssueSchema),
  warnings: z.array(validationIssueSchema),
});
export type ValidationReport = z.infer<typeof validationReportSchema>;

/** Builds a report; `valid` is derived from `errors` so the two can never disagree. */
export function report(errors: ValidationIssue[], warnings: ValidationIssue[] = []): ValidationReport {
  return { valid: errors.length === 0, errors, warnings };
}

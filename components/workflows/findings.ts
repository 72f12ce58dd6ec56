import type { Finding, ValidationIssue } from './types';

/**
 * Findings keyed by what they say (severity, pointer, code, message), so a selection survives
 * re-validation as long as the same finding is still reported.
 */
export function toFindings(errors: ValidationIssue[], warnings: ValidationIssue[]): Finding[] {
  const seen = new Map<string, number>();
  const tag =
    (severity: Finding['severity']) =>
    (issue: ValidationIssue): Finding => {
      const identity = `${severity}|${issue.path}|${issue.code}|${issue.message}`;
      const n = seen.get(identity) ?? 0;
      seen.set(identity, n + 1);
      return { ...issue, severity, key: n ? `${identity}#${n}` : identity };
    };
  return [...errors.map(tag('error')), ...warnings.map(tag('warning'))];
}

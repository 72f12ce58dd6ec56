import type { ValidationIssue } from '../../validation/issue.ts';
import { issue, quote } from '../issues.ts';

/**
 * The engine evaluates the JSONPath query language only. `QueryLanguage: "JSONPath"` is accepted;
 * "JSONata" is valid ASL but unsupported here (`asl.unsupported_query_language`), because a workflow
 * that validated would then fail in the engine.
 */
export function checkQueryLanguage(value: unknown, pointer: string, out: ValidationIssue[]): void {
  if (value === 'JSONPath') return;
  if (value === 'JSONata') {
    out.push(issue(pointer, 'asl.unsupported_query_language', 'QueryLanguage JSONata is not supported: this engine evaluates JSONPath'));
  } else {
    out.push(issue(pointer, 'asl.invalid_value', `QueryLanguage must be "JSONPath" (or the unsupported "JSONata"), got ${quote(value)}`));
  }
}

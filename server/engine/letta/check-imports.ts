import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, isObject } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import type { WorkflowValidationContext } from './context.ts';

/**
 * Every `skill_imports[i].uri` must have resolved (`exists: true`) in the caller's context; an
 * import the caller did not resolve at all is reported the same way (`import.unresolved`). A file
 * that exists but is not a valid manifest or bundle carries an `error` and is `import.invalid`.
 * The entry's shape is the JSON Schema's business, so malformed entries are skipped here.
 */
export function checkSkillImports(doc: JsonObject, ctx: WorkflowValidationContext, out: ValidationIssue[]): void {
  if (!Array.isArray(doc.skill_imports)) return;
  doc.skill_imports.forEach((entry, i) => {
    if (!isObject(entry) || typeof entry.uri !== 'string') return;
    const pointer = child('', 'skill_imports', i, 'uri');
    const resolution = ctx.imports.get(entry.uri);
    if (!resolution) {
      out.push(issue(pointer, 'import.unresolved', `skill import ${quote(entry.uri)} was not resolved`));
    } else if (!resolution.exists) {
      const why = resolution.error ? `: ${resolution.error}` : '';
      out.push(issue(pointer, 'import.unresolved', `skill import ${quote(entry.uri)} cannot be loaded${why}`));
    } else if (resolution.error) {
      out.push(issue(pointer, 'import.invalid', `skill import ${quote(entry.uri)} is not usable: ${resolution.error}`));
    }
  });
}

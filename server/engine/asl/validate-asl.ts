import type { ValidationIssue } from '../../validation/issue.ts';
import { hasOwn, isObject, jsonTypeName } from '../json.ts';
import { child, issue } from '../issues.ts';
import { checkDocumentShape } from '../document-guard.ts';
import { checkNumber, checkString } from './field-rules.ts';
import { checkScopeHolder } from './check-scope.ts';
import { checkState } from './check-state.ts';
import { checkGraph } from './check-graph.ts';
import { checkQueryLanguage } from './query-language.ts';
import { collectStateTree } from './state-tree.ts';

/**
 * The ASL-level rules alone (no Letta AgentBinding or skill rules): the shape of the state machine
 * and of every state, paths, payload templates, intrinsics, Choice rules, Retry/Catch, and the
 * graph (targets, scopes, reachability, terminals, unique names). Pointers are built under
 * `basePointer` (`/asl` when the definition is a workflow's `asl`). Never throws.
 */
export function validateAslStructure(asl: unknown, basePointer = '/asl'): ValidationIssue[] {
  const unsafe = checkDocumentShape(asl, basePointer);
  if (unsafe) return [unsafe];
  const out: ValidationIssue[] = [];
  if (!isObject(asl)) {
    out.push(issue(basePointer, 'asl.invalid_type', `the state machine must be an object, got ${jsonTypeName(asl)}`));
    return out;
  }
  checkScopeHolder(asl, basePointer, 'the state machine', ['Version', 'TimeoutSeconds', 'QueryLanguage'], out);
  checkString(asl, 'Version', basePointer, out);
  checkNumber(asl, 'TimeoutSeconds', basePointer, out, { integer: true, min: 1, max: 99_999_999 });
  if (hasOwn(asl, 'QueryLanguage')) checkQueryLanguage(asl.QueryLanguage, child(basePointer, 'QueryLanguage'), out);

  const tree = collectStateTree(asl, basePointer);
  for (const node of tree.states) checkState(node.name, node.value, node.pointer, out);
  checkGraph(tree, out);
  return out;
}

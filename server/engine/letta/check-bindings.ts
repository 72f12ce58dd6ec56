import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, isObject, jsonTypeName } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import type { StateNode } from '../asl/state-tree.ts';
import type { WorkflowValidationContext } from './context.ts';
import { checkTaskParameters } from './check-parameters.ts';

/**
 * Letta rules for every Task, nested scopes included: it has an AgentBinding that gives it
 * something to run — at least one skill or a `tool_name` — and every bound skill URI resolves in
 * the caller's skill context. Parameter warnings follow (check-parameters.ts).
 */
export function checkTaskBindings(
  states: readonly StateNode[],
  ctx: WorkflowValidationContext,
  errors: ValidationIssue[],
  warnings: ValidationIssue[],
): void {
  for (const node of states) {
    if (!isObject(node.value) || node.value.Type !== 'Task') continue;
    const at = child(node.pointer, 'AgentBinding');
    const binding = node.value.AgentBinding;
    if (!hasOwn(node.value, 'AgentBinding')) {
      errors.push(issue(at, 'binding.missing', `Task ${quote(node.name)} needs an AgentBinding`));
    } else if (!isObject(binding)) {
      errors.push(issue(at, 'binding.invalid', `AgentBinding must be an object, got ${jsonTypeName(binding)}`));
    } else if (checkBinding(binding, at, ctx, errors)) {
      checkTaskParameters(node.value, node.pointer, binding, ctx, warnings);
    }
  }
}

/** Returns true when the binding is sound enough to resolve tools from. */
function checkBinding(binding: JsonObject, at: string, ctx: WorkflowValidationContext, errors: ValidationIssue[]): boolean {
  const skills = binding.skills;
  let sound = true;
  if (hasOwn(binding, 'skills') && !Array.isArray(skills)) {
    errors.push(issue(child(at, 'skills'), 'binding.invalid', `skills must be an array of skill URIs, got ${jsonTypeName(skills)}`));
    sound = false;
  }
  if (hasOwn(binding, 'tool_name') && typeof binding.tool_name !== 'string') {
    errors.push(issue(child(at, 'tool_name'), 'binding.invalid', `tool_name must be a string, got ${jsonTypeName(binding.tool_name)}`));
    sound = false;
  }
  const list = Array.isArray(skills) ? skills : [];
  if (list.length === 0 && !(typeof binding.tool_name === 'string' && binding.tool_name !== '')) {
    errors.push(issue(at, 'binding.no_capability', 'an AgentBinding needs at least one skill or a tool_name'));
  }
  list.forEach((uri, i) => {
    if (typeof uri !== 'string') {
      errors.push(issue(child(at, 'skills', i), 'binding.invalid', `a skill URI must be a string, got ${jsonTypeName(uri)}`));
      sound = false;
    } else if (!ctx.skills.has(uri)) {
      errors.push(issue(child(at, 'skills', i), 'binding.unknown_skill', `skill ${quote(uri)} does not resolve to a known skill`));
    }
  });
  return sound;
}

import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, isObject } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import type { SkillTool, WorkflowValidationContext } from './context.ts';

/**
 * Warnings (never errors) comparing a Task's Parameters with the JSON-schema parameters of the
 * tool it will call. Candidate tools are the tools of the bound skills that resolved, narrowed to
 * `tool_name` when one is given:
 * - one candidate: keys it does not declare (`params.unknown_key`, after stripping `.$`) and
 *   required parameters that are absent (`params.missing_required`);
 * - several candidates: keys none of them declares; which one runs is decided at run time, so
 *   missing-required is not judged;
 * - none (no resolved skills, or a direct `tool_name` not among them): nothing to compare with.
 * Without Parameters the whole effective input is passed to the tool and cannot be judged here.
 * Values are not type-checked: a `.$` value is only known at run time.
 */
export function checkTaskParameters(
  task: JsonObject,
  base: string,
  binding: JsonObject,
  ctx: WorkflowValidationContext,
  warnings: ValidationIssue[],
): void {
  const skills: unknown[] = Array.isArray(binding.skills) ? binding.skills : [];
  const resolved = skills.filter((u): u is string => typeof u === 'string').flatMap((uri) => ctx.skills.get(uri)?.tools ?? []);
  const toolName = typeof binding.tool_name === 'string' ? binding.tool_name : undefined;
  const candidates = toolName === undefined ? resolved : resolved.filter((t) => t.toolName === toolName);
  if (toolName !== undefined && resolved.length > 0 && candidates.length === 0) {
    warnings.push(
      issue(child(base, 'AgentBinding', 'tool_name'), 'binding.unknown_tool', `tool ${quote(toolName)} is not a tool of the bound skills`),
    );
  }
  if (candidates.length === 0 || !isObject(task.Parameters)) return;

  const at = child(base, 'Parameters');
  const declared = new Set(candidates.flatMap((t) => Object.keys(t.parameters.properties)));
  const given = new Set<string>();
  for (const key of Object.keys(task.Parameters)) {
    const name = key.endsWith('.$') ? key.slice(0, -2) : key;
    given.add(name);
    if (!declared.has(name)) {
      warnings.push(issue(child(at, key), 'params.unknown_key', `${quote(name)} is not a parameter of ${describeTools(candidates)}`));
    }
  }
  if (candidates.length !== 1) return;
  const tool = candidates[0]!;
  for (const name of tool.parameters.required) {
    if (!given.has(name)) {
      warnings.push(issue(at, 'params.missing_required', `required parameter ${quote(name)} of ${quote(tool.toolName)} is not set`));
    }
  }
}

function describeTools(tools: SkillTool[]): string {
  return tools.length === 1 ? quote(tools[0]!.toolName) : `any of ${tools.map((t) => quote(t.toolName)).join(', ')}`;
}

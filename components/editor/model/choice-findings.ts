import { COMPARISON_OPERATORS } from '@/server/engine/asl/choice-operators';
import { isObject } from '@/server/engine/json';
import { child } from '@/server/engine/issues';
import { variableProblem, type ShapeSource } from './check-variable';
import { contextShape } from './context-shape';
import { shapeFromSchema } from './schema-shape';
import { indexStates } from './state-index';
import { shapesOfStates, type ShapeOptions } from './state-shapes';

/** A finding of the editor's own, in the validator's form (a warning: shapes are what the editor can know before a run). */
export interface ShapeFinding {
  path: string;
  code: 'shape.unknown_field';
  message: string;
}

/** Rules nested deeper than this are not checked (the validator bounds nesting the same way). */
const MAX_RULE_DEPTH = 32;

/**
 * Every Choice rule path — `Variable` and the `…Path` operands, nested rules included — that
 * names something the data reaching its Choice cannot have (variableProblem), checked against
 * the Choice's input after InputPath, from one solution of the document's data flow. Empty when
 * the document has no Choice, so other documents pay only the state index.
 */
export function choiceShapeFindings(doc: unknown, options: ShapeOptions = {}): ShapeFinding[] {
  const choices = indexStates(doc).tree.states.filter((s) => isObject(s.value) && s.value.Type === 'Choice');
  if (choices.length === 0) return [];
  const shapes = shapesOfStates(doc, options);
  const context = contextShape(shapeFromSchema(isObject(doc) ? doc.workflow_input_schema : undefined));
  const out: ShapeFinding[] = [];
  for (const choice of choices) {
    const selected = shapes(choice.pointer)?.selectedInput;
    const rules = isObject(choice.value) ? choice.value.Choices : undefined;
    if (!selected || !Array.isArray(rules)) continue;
    rules.forEach((rule, i) => checkRule(rule, child(choice.pointer, 'Choices', i), { shape: selected, context }, out, 0));
  }
  return out;
}

/**
 * `choiceShapeFindings` of `doc`, reusing those of `previous` when no data flow changed between
 * them: the same input schema and, state by state (documents share untouched states), the same
 * object or one that differs only in its Comment. Typing a comment in a 1,000-state workflow then
 * costs a walk of the state index, not a new solution of the data flow.
 */
export function choiceShapeFindingsSince(doc: unknown, previous: { doc: unknown; findings: ShapeFinding[] } | null): ShapeFinding[] {
  if (previous && sameDataFlow(previous.doc, doc)) return previous.findings;
  return choiceShapeFindings(doc);
}

function sameDataFlow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b) || a.workflow_input_schema !== b.workflow_input_schema) return false;
  const before = indexStates(a).states;
  const after = indexStates(b).states;
  if (before.size !== after.size) return false;
  for (const [pointer, node] of after) {
    const old = before.get(pointer);
    if (!old || !sameButComment(old.value, node.value)) return false;
  }
  return true;
}

/** The same state object, or two objects with the same members (by identity) but for Comment. */
function sameButComment(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('Comment');
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

function checkRule(rule: unknown, pointer: string, source: ShapeSource, out: ShapeFinding[], depth: number): void {
  if (!isObject(rule) || depth > MAX_RULE_DEPTH) return;
  for (const [key, value] of Object.entries(rule)) {
    const isPath = key === 'Variable' || (key.endsWith('Path') && COMPARISON_OPERATORS.get(key) === 'path');
    if (isPath && typeof value === 'string') {
      const problem = variableProblem(value, source);
      if (problem) out.push({ path: child(pointer, key), code: 'shape.unknown_field', message: problem });
    }
  }
  if (Array.isArray(rule.And)) rule.And.forEach((r, i) => checkRule(r, child(pointer, 'And', i), source, out, depth + 1));
  if (Array.isArray(rule.Or)) rule.Or.forEach((r, i) => checkRule(r, child(pointer, 'Or', i), source, out, depth + 1));
  if (rule.Not !== undefined) checkRule(rule.Not, child(pointer, 'Not'), source, out, depth + 1);
}

import type { ValidationIssue } from '../../validation/issue.ts';
import { isObject } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import type { Scope, StateNode, StateTree } from './state-tree.ts';
import { isTerminalState, stateTransitions } from './transitions.ts';
import { allows, isStateType } from './state-fields.ts';

/**
 * Graph rules over the state tree:
 * - state names are unique across the whole workflow, nested scopes included
 *   (`asl.duplicate_state_name`), because the control plane keys states by name;
 * - StartAt and every Next/Default/Choice Next/Catch Next name a state of the same scope
 *   (`asl.unknown_target`, or `asl.cross_scope_target` when the name lives in another scope);
 * - every state is reachable from StartAt (`asl.unreachable_state`);
 * - from every reachable state some terminal (End: true, Succeed, Fail) is reachable
 *   (`asl.no_terminal_path`).
 * A "broken" state — one whose own successors are in error (unknown target, missing Next/End,
 * unusable Choices, unknown Type) — is reported once by its own rule. It then counts as an exit
 * for the terminal check, and reachability is not judged in its scope: its intended successors
 * are unknown, so "unreachable" and "no terminal" findings would only echo the one mistake.
 */
export function checkGraph(tree: StateTree, out: ValidationIssue[]): void {
  const firstByName = new Map<string, StateNode>();
  for (const node of tree.states) {
    const first = firstByName.get(node.name);
    if (first)
      out.push(
        issue(
          node.pointer,
          'asl.duplicate_state_name',
          `state name ${quote(node.name)} is already used at ${first.pointer}; names must be unique across the workflow`,
        ),
      );
    else firstByName.set(node.name, node);
  }
  for (const scope of tree.scopes) checkScope(scope, firstByName, out);
}

function checkScope(scope: Scope, firstByName: Map<string, StateNode>, out: ValidationIssue[]): void {
  if (!scope.hasStates) return; // the missing or malformed States is reported; nothing to resolve against
  const broken = new Set<StateNode>();
  const edges = new Map<StateNode, StateNode[]>();
  for (const node of scope.states.values()) {
    const targets: StateNode[] = [];
    for (const t of stateTransitions(node.value, node.pointer)) {
      const target = typeof t.target === 'string' ? scope.states.get(t.target) : undefined;
      if (target) targets.push(target);
      else {
        broken.add(node);
        if (typeof t.target === 'string') out.push(targetIssue(t.pointer, t.target, firstByName));
      }
    }
    edges.set(node, targets);
    if (!hasCompleteFlow(node.value)) broken.add(node);
  }
  const start = typeof scope.startAt === 'string' ? scope.states.get(scope.startAt) : undefined;
  if (typeof scope.startAt === 'string' && !start) out.push(targetIssue(child(scope.pointer, 'StartAt'), scope.startAt, firstByName));
  if (!start) return; // without a start, reachability would flag every state; the StartAt issue says it all

  // A broken state's intended successors are unknown, so "unreachable" would only echo its error.
  const reachable = broken.size === 0 ? closure([start], (n) => edges.get(n) ?? []) : null;
  const reverse = new Map<StateNode, StateNode[]>();
  for (const [from, targets] of edges) {
    for (const to of targets) {
      const list = reverse.get(to);
      if (list) list.push(from);
      else reverse.set(to, [from]);
    }
  }
  const exits = [...scope.states.values()].filter((n) => isTerminalState(n.value) || broken.has(n));
  const reachesExit = closure(exits, (n) => reverse.get(n) ?? []);
  for (const node of scope.states.values()) {
    if (reachable && !reachable.has(node)) {
      out.push(
        issue(node.pointer, 'asl.unreachable_state', `state ${quote(node.name)} cannot be reached from StartAt ${quote(scope.startAt)}`),
      );
    } else if (!reachesExit.has(node)) {
      out.push(
        issue(
          node.pointer,
          'asl.no_terminal_path',
          `no path from state ${quote(node.name)} reaches a terminal state (End: true, Succeed or Fail)`,
        ),
      );
    }
  }
}

/**
 * False when a state's own definition leaves a successor undetermined (reported by its own rule):
 * not a state, unknown Type, no Next/End, unusable Choices, or a rule or catcher without Next.
 */
function hasCompleteFlow(state: unknown): boolean {
  if (!isObject(state) || !isStateType(state.Type)) return false;
  const everyHasNext = (list: unknown) => !Array.isArray(list) || list.every((e) => isObject(e) && typeof e.Next === 'string');
  if (!everyHasNext(state.Catch)) return false;
  if (state.Type === 'Choice') return Array.isArray(state.Choices) && state.Choices.length > 0 && everyHasNext(state.Choices);
  if (!allows(state.Type, 'Next')) return true;
  return typeof state.Next === 'string' || state.End === true;
}

function targetIssue(pointer: string, target: string, firstByName: Map<string, StateNode>): ValidationIssue {
  const elsewhere = firstByName.get(target);
  return elsewhere
    ? issue(
        pointer,
        'asl.cross_scope_target',
        `${quote(target)} is defined in another scope (${elsewhere.scope.pointer}); transitions cannot cross Parallel branch or Map processor boundaries`,
      )
    : issue(pointer, 'asl.unknown_target', `no state named ${quote(target)} in this scope`);
}

function closure(seeds: StateNode[], next: (n: StateNode) => StateNode[]): Set<StateNode> {
  const seen = new Set<StateNode>(seeds);
  const queue = [...seeds];
  while (queue.length > 0) {
    for (const n of next(queue.pop()!)) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}

import { stateTransitions } from '@/server/engine/asl/transitions';
import { isObject } from '@/server/engine/json';
import { deepEqual } from '@/server/engine/runtime/json-values';
import { contextShape } from './context-shape';
import { shapeFromSchema } from './schema-shape';
import { PENDING, UNKNOWN, arrayShape, mergeAll, shapeOfValue, type Shape } from './shape';
import {
  ERROR_OUTPUT,
  applyResultPath,
  effectiveInput,
  envelopeShape,
  filterPath,
  iterationInput,
  mapItem,
  outputFromResult,
} from './state-data-flow';
import { indexStates, type Scope, type StateIndex, type StateNode } from './state-index';
import type { JsonObject } from './types';

/** What the caller knows about skills: the shape of each skill's `data`, by skill URI. */
export interface ShapeOptions {
  skillOutputs?: Readonly<Record<string, Shape>>;
}

/**
 * The data shapes around one state, in the order ASL runs it:
 * - `input`: its raw input;
 * - `selectedInput`: after InputPath — what `$` means in its Parameters, ItemsPath and ItemSelector;
 * - `effectiveInput`: after Parameters too — what its work receives (a Map: the selected input);
 * - `result`: its raw result — what `$` means in its ResultSelector;
 * - `output`: what it hands on.
 */
export interface StateShapes {
  input: Shape;
  selectedInput: Shape;
  effectiveInput: Shape;
  result: Shape;
  output: Shape;
}

/** A loop is followed round at most this many times; shapes a loop keeps growing stop there. */
export const MAX_LOOP_PASSES = 4;

/**
 * The shapes of the state at `pointer`, or null when there is no state object there. A state's
 * input is the union of what every transition into it carries: its predecessors' outputs (a
 * catcher: the error at its ResultPath), plus, for a scope's StartAt, the workflow input
 * (`workflow_input_schema`), a Parallel branch's container's effective input, or a Map
 * iteration's input (the item, or the ItemSelector with `$$.Map.Item`). Loops terminate: a cycle
 * is cut where it closes and the whole flow is recomputed with the previous pass's shapes at
 * the cuts, until nothing changes or MAX_LOOP_PASSES passes.
 */
export function stateShapes(doc: unknown, pointer: string, options: ShapeOptions = {}): StateShapes | null {
  const flow = new ShapeFlow(doc, options);
  const node = flow.index.states.get(pointer);
  if (!node || !isObject(node.value)) return null;
  flow.solve();
  return flow.shapesOf(node, node.value);
}

/**
 * The shapes of many states of one document from one solution of its flow (what a check over
 * every Choice needs): the returned function answers as `stateShapes` does, per pointer.
 */
export function shapesOfStates(doc: unknown, options: ShapeOptions = {}): (pointer: string) => StateShapes | null {
  const flow = new ShapeFlow(doc, options);
  flow.solve();
  return (pointer) => {
    const node = flow.index.states.get(pointer);
    return node && isObject(node.value) ? flow.shapesOf(node, node.value) : null;
  };
}

/** The tree of paths known to exist in the input of the state at `pointer` (`unknown` when none is known). */
export function inputShapeOf(doc: unknown, pointer: string, options: ShapeOptions = {}): Shape {
  return stateShapes(doc, pointer, options)?.input ?? UNKNOWN;
}

class ShapeFlow {
  readonly index: StateIndex;
  private readonly workflowInput: Shape;
  private readonly context: Shape;
  private readonly outputs = new Map<string, Shape>();
  private readonly inputs = new Map<string, Shape>();
  /** `in:<pointer>` / `out:<pointer>` being computed: meeting one again means a cycle, cut there. */
  private readonly busy = new Set<string>();
  /** The shapes of the previous pass, by `in:`/`out:` key: what a cut stands for. */
  private previous = new Map<string, Shape>();
  private cut = false;
  /** Transitions into each state (by pointer): the source, and the catcher when it is one. */
  private readonly incoming = new Map<string, Array<{ from: StateNode; catcher?: JsonObject }>>();

  constructor(
    doc: unknown,
    private readonly options: ShapeOptions,
  ) {
    this.index = indexStates(doc);
    this.workflowInput = isObject(doc) ? shapeFromSchema(doc.workflow_input_schema) : UNKNOWN;
    this.context = contextShape(this.workflowInput);
    for (const from of this.index.tree.states) {
      for (const t of stateTransitions(from.value, from.pointer)) {
        const target = typeof t.target === 'string' ? from.scope.states.get(t.target) : undefined;
        if (!target) continue;
        const catcher = t.kind === 'catch' ? getCatcher(from.value, t.pointer) : undefined;
        const list = this.incoming.get(target.pointer) ?? [];
        list.push(catcher ? { from, catcher } : { from });
        this.incoming.set(target.pointer, list);
      }
    }
  }

  /**
   * Computes every state's shapes, in document order (so the recursion behind a state late in a
   * long chain finds its predecessors ready), pass after pass while a cycle was cut and the
   * shapes still change.
   */
  solve(): void {
    for (let pass = 0; pass < MAX_LOOP_PASSES; pass++) {
      this.outputs.clear();
      this.inputs.clear();
      this.cut = false;
      for (const node of this.index.tree.states) this.outputOf(node);
      const shapes = new Map([
        ...[...this.inputs].map(([k, v]) => [`in:${k}`, v] as const),
        ...[...this.outputs].map(([k, v]) => [`out:${k}`, v] as const),
      ]);
      const stable = [...shapes].every(([k, v]) => deepEqual(this.previous.get(k), v));
      this.previous = shapes;
      if (!this.cut || stable) return;
    }
  }

  shapesOf(node: StateNode, state: JsonObject): StateShapes {
    const input = this.inputOf(node);
    const selected = filterPath(state.InputPath, input, this.context);
    const effective = state.Type === 'Map' ? selected : effectiveInput(state, input, this.context);
    return {
      input,
      selectedInput: selected,
      effectiveInput: effective,
      result: this.resultOf(node, state, effective),
      output: this.outputOf(node),
    };
  }

  private inputOf(node: StateNode): Shape {
    const known = this.inputs.get(node.pointer);
    if (known) return known;
    const key = `in:${node.pointer}`;
    if (this.busy.has(key)) return this.cutAt(key);
    this.busy.add(key);
    const parts: Shape[] = [];
    if (node.scope.startAt === node.name) parts.push(this.scopeInput(node.scope));
    // A transition carries its source's output; a catcher carries the error at its ResultPath.
    for (const { from, catcher } of this.incoming.get(node.pointer) ?? []) {
      parts.push(catcher ? applyResultPath(catcher.ResultPath, this.inputOf(from), ERROR_OUTPUT) : this.outputOf(from));
    }
    const input = mergeAll(parts);
    this.busy.delete(key);
    this.inputs.set(node.pointer, input);
    return input;
  }

  private cutAt(key: string): Shape {
    this.cut = true;
    return this.previous.get(key) ?? PENDING;
  }

  private scopeInput(scope: Scope): Shape {
    const owner = scope.owner;
    if (!owner || !isObject(owner.value)) return scope.kind === 'root' ? this.workflowInput : UNKNOWN;
    const state = owner.value;
    const input = this.inputOf(owner);
    if (scope.kind === 'branch') return effectiveInput(state, input, this.context);
    const effective = filterPath(state.InputPath, input, this.context);
    return iterationInput(state, effective, mapItem(state, effective, this.context), (item) => contextShape(this.workflowInput, item));
  }

  private outputOf(node: StateNode): Shape {
    const known = this.outputs.get(node.pointer);
    if (known) return known;
    const state = node.value;
    const key = `out:${node.pointer}`;
    if (!isObject(state)) return UNKNOWN;
    if (this.busy.has(key)) return this.cutAt(key);
    this.busy.add(key);
    const output = this.computeOutput(node, state);
    this.busy.delete(key);
    this.outputs.set(node.pointer, output);
    return output;
  }

  private computeOutput(node: StateNode, state: JsonObject): Shape {
    const raw = this.inputOf(node);
    switch (state.Type) {
      case 'Fail':
        return UNKNOWN;
      case 'Choice':
      case 'Wait':
      case 'Succeed':
        return filterPath(state.OutputPath, filterPath(state.InputPath, raw, this.context), this.context);
      case 'Pass': {
        const result = this.resultOf(node, state, effectiveInput(state, raw, this.context));
        return filterPath(state.OutputPath, applyResultPath(state.ResultPath, raw, result), this.context);
      }
      default: {
        const effective = state.Type === 'Map' ? filterPath(state.InputPath, raw, this.context) : effectiveInput(state, raw, this.context);
        return outputFromResult(state, raw, this.resultOf(node, state, effective), this.context);
      }
    }
  }

  /** The raw result of a state's work, before ResultSelector. */
  private resultOf(node: StateNode, state: JsonObject, effective: Shape): Shape {
    switch (state.Type) {
      case 'Pass':
        return 'Result' in state ? shapeOfValue(state.Result) : effective;
      case 'Task':
        return envelopeShape(this.skillData(state));
      case 'Parallel': {
        const branches = node.children.map((scope) => this.scopeOutput(scope));
        return arrayShape(mergeAll(branches), branches);
      }
      case 'Map':
        return arrayShape(mergeAll(node.children.map((scope) => this.scopeOutput(scope))));
      default:
        return UNKNOWN;
    }
  }

  /** The union of the outputs of a scope's ending states (End: true or Succeed). */
  private scopeOutput(scope: Scope): Shape {
    const ends = [...scope.states.values()].filter((n) => isObject(n.value) && (n.value.End === true || n.value.Type === 'Succeed'));
    return mergeAll(ends.map((n) => this.outputOf(n)));
  }

  private skillData(state: JsonObject): Shape {
    const binding = state.AgentBinding;
    const skills = isObject(binding) && Array.isArray(binding.skills) ? binding.skills : [];
    return mergeAll(skills.map((uri) => (typeof uri === 'string' ? this.options.skillOutputs?.[uri] : undefined) ?? UNKNOWN));
  }
}

/** The catcher a `…/Catch/<i>/Next` transition pointer belongs to. */
function getCatcher(state: unknown, pointer: string): JsonObject | undefined {
  const index = Number(pointer.split('/').at(-2));
  const list = isObject(state) && Array.isArray(state.Catch) ? state.Catch : [];
  const catcher: unknown = list[index];
  return isObject(catcher) ? catcher : undefined;
}

/**
 * TEST SUPPORT, not the engine. A deliberately small model of Amazon States Language data flow —
 * paths (`.name`, `[i]`, `[*]`, the `$$` context), Parameters, ResultSelector, ResultPath, Task,
 * Parallel and inline Map (ItemsPath, ItemSelector, ItemProcessor) — used to check that
 * the shipped workflows (workflows/) are consistent with the data shapes their skills return
 * (workflows/README.md) before server/engine can run them. Anything outside that subset throws, so
 * a workflow edit that needs more is noticed rather than silently passed.
 */

export class DataFlowError extends Error {}

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const ALL = Symbol('[*]');
type Step = string | number | typeof ALL;

/** Path steps after `$` or `$$`: `.name`, `[index]` and the wildcard `[*]` (the subset the workflows use). */
function steps(path: string): { context: boolean; steps: Step[] } {
  const m0 = /^\$\$?/.exec(path);
  if (!m0) throw new DataFlowError(`not a path: ${path}`);
  const out: Step[] = [];
  const re = /\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[(\*)\]/y;
  re.lastIndex = m0[0].length;
  while (re.lastIndex < path.length) {
    const m = re.exec(path);
    if (!m) throw new DataFlowError(`unsupported path syntax: ${path}`);
    out.push(m[3] ? ALL : (m[1] ?? Number(m[2])));
  }
  return { context: m0[0] === '$$', steps: out };
}

/**
 * The value at `path` (`$$…` reads `context`). A definite path that does not resolve throws (as
 * ASL's States.Runtime would). After a `[*]` the path is indefinite: the result is the list of
 * every match (Jayway semantics, which ASL uses), nested wildcards flattened, misses skipped.
 */
export function readPath(doc: Json, path: string, context: Json = {}): Json {
  const parsed = steps(path);
  let nodes: Json[] = [parsed.context ? context : doc];
  let definite = true;
  for (const step of parsed.steps) {
    if (step === ALL) {
      definite = false;
      nodes = nodes.flatMap((n) => (Array.isArray(n) ? n : isObj(n) ? Object.values(n) : []));
      continue;
    }
    nodes = nodes.flatMap((v) => {
      if (typeof step === 'number' ? Array.isArray(v) && step < v.length : isObj(v) && step in v) return [(v as Record<string | number, Json>)[step]];
      if (!definite) return [];
      throw new DataFlowError(`path ${path} does not resolve (no ${typeof step === 'number' ? `[${step}]` : `.${step}`})`);
    });
  }
  return definite ? nodes[0] : nodes;
}

/** ResultPath: `$` replaces the input; `$.a.b` sets a member, creating objects on the way. */
export function writePath(doc: Json, path: string, value: Json): Json {
  const keys = steps(path).steps;
  if (keys.length === 0) return value;
  const root: Obj = isObj(doc) ? structuredClone(doc) : {};
  let node = root;
  keys.forEach((k, i) => {
    if (typeof k !== 'string') throw new DataFlowError(`ResultPath with an index is not supported: ${path}`);
    if (i === keys.length - 1) node[k] = value;
    else node = (node[k] = isObj(node[k]) ? node[k] : {}) as Obj;
  });
  return root;
}

/** Parameters / ResultSelector: `key.$` members take the value at a path, others are copied. */
export function applyTemplate(template: Obj, input: Json, context: Json = {}): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$')) {
      if (typeof value !== 'string') throw new DataFlowError(`${key} must be a path string`);
      out[key.slice(0, -2)] = readPath(input, value, context);
    } else {
      out[key] = isObj(value) ? applyTemplate(value, input, context) : structuredClone(value);
    }
  }
  return out;
}

export interface TaskCall {
  state: string;
  skills: string[];
  args: Obj;
}

const SUPPORTED = new Set(['Type', 'Comment', 'AgentBinding', 'Parameters', 'ResultSelector', 'ResultPath', 'Next', 'End', 'Branches', 'ItemsPath', 'ItemSelector', 'ItemProcessor', 'MaxConcurrency']);

/**
 * Runs `States` from `startAt` on `input`. Each Task calls `invoke` with the state's effective
 * arguments (Parameters applied to its input) and gets the raw result (the data-plane envelope).
 */
export function runStates(states: Record<string, Obj>, startAt: string, input: Json, invoke: (call: TaskCall) => Json): Json {
  let name: string | undefined = startAt;
  let data = input;
  for (let guard = 0; name !== undefined; guard++) {
    if (guard > 1000) throw new DataFlowError('more than 1000 transitions: a loop?');
    const state: Obj | undefined = states[name];
    if (!state) throw new DataFlowError(`no state ${name}`);
    for (const key of Object.keys(state)) if (!SUPPORTED.has(key)) throw new DataFlowError(`${name}: ${key} is outside the modelled subset`);

    let result: Json;
    if (state.Type === 'Task') {
      const args = isObj(state.Parameters) ? applyTemplate(state.Parameters, data) : (data as Obj);
      const binding = isObj(state.AgentBinding) ? state.AgentBinding : {};
      result = invoke({ state: name, skills: Array.isArray(binding.skills) ? (binding.skills as string[]) : [], args });
    } else if (state.Type === 'Parallel') {
      const branches = Array.isArray(state.Branches) ? (state.Branches as Obj[]) : [];
      result = branches.map((b) => runStates(b.States as Record<string, Obj>, b.StartAt as string, data, invoke));
    } else if (state.Type === 'Map') {
      // Inline Map: the processor runs once per item (sequentially here), results in item order.
      const items = readPath(data, typeof state.ItemsPath === 'string' ? state.ItemsPath : '$');
      if (!Array.isArray(items)) throw new DataFlowError(`${name}: ItemsPath does not select an array`);
      const processor = state.ItemProcessor as Obj;
      result = items.map((value, index) => {
        const item = isObj(state.ItemSelector) ? applyTemplate(state.ItemSelector, data, { Map: { Item: { Value: value, Index: index } } }) : value;
        return runStates(processor.States as Record<string, Obj>, processor.StartAt as string, item, invoke);
      });
    } else {
      throw new DataFlowError(`${name}: Type ${String(state.Type)} is outside the modelled subset`);
    }
    if (isObj(state.ResultSelector)) result = applyTemplate(state.ResultSelector, result);
    // ResultPath: absent means `$` (the result replaces the input); null discards the result.
    if (state.ResultPath !== null) data = typeof state.ResultPath === 'string' ? writePath(data, state.ResultPath, result) : result;
    name = state.End === true ? undefined : (state.Next as string);
  }
  return data;
}

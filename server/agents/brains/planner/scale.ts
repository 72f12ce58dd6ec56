import type { Composed, Meta } from './compose.ts';
import { isRecord } from '../../../../lib/is-record.ts';

/**
 * "If that looks good, I can scale to the whole set" (spec §2.1 turn 4) when the catalog has no
 * workflow for it yet: the pilot refined into one that analyses every call. The pilot's steps
 * from its single-call transcription on become the processor of a Map over the recordings (the
 * recording is the item: `$.recordings.data.recordings[0].uri` → `$.recording.uri`), and its final
 * scoring step is repeated after the Map over all the calls — the scorecard's "Several calls"
 * rule: one sentiment report per call (`{"reports": […]}`), every call's verdicts pooled.
 * The same shape as workflows/standard-advice-call-analysis-all-calls.json.
 */
type State = Record<string, unknown>;
const PILOT_ITEM = /^(\$\.[\w.]*recordings)\[\d+\](.*)$/;

/** Every `$`-path string in a state (its Parameters, and those of the states inside a Parallel). */
function rewritePaths(s: State, f: (path: string) => string): State {
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.startsWith('$.')
        ? f(v)
        : v
      : Array.isArray(v)
        ? v.map(walk)
        : isRecord(v)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return walk(s) as State;
}

export function scaleToEveryCall(pilot: Record<string, unknown>, meta: Meta): Composed {
  const asl = isRecord(pilot.asl) ? pilot.asl : null;
  const states = asl && isRecord(asl.States) ? (asl.States as Record<string, State>) : null;
  if (!asl || !states || typeof asl.StartAt !== 'string') {
    return { ok: false, error: 'the pilot workflow has no ASL states' };
  }
  const chain: string[] = [];
  for (let at: unknown = asl.StartAt; typeof at === 'string' && states[at] && !chain.includes(at); at = states[at]!.Next) {
    chain.push(at);
  }
  const first = chain.findIndex((n) => JSON.stringify(states[n]!.Parameters ?? {}).match(/recordings[^"]*\[\d+\]/));
  if (first < 1) {
    return { ok: false, error: 'the pilot does not pick one recording out of a list, so there is nothing to scale' };
  }
  const itemPath = Object.values((states[chain[first]!]!.Parameters ?? {}) as Record<string, unknown>)
    .map((v) => (typeof v === 'string' ? v.match(PILOT_ITEM) : null))
    .find(Boolean)!;
  const itemsPath = itemPath[1]!;
  const last = chain.at(-1)!;
  const final = states[last]!;
  // A pilot that ends in a score repeats it over every call; any other pilot ends with the Map.
  const score =
    final.Type === 'Task' && isRecord(final.Parameters) && final.End && /scor/i.test(`${last} ${JSON.stringify(final.AgentBinding ?? {})}`)
      ? final
      : null;

  const processor: Record<string, State> = {};
  for (const name of chain.slice(first)) {
    processor[name] = rewritePaths(structuredClone(states[name]!), (p) =>
      p.startsWith(itemsPath) ? p.replace(PILOT_ITEM, '$.recording$2') : p,
    );
  }
  // Run inputs the per-call steps read (the rule set, `$.rule_set_id`) go into each iteration with its recording.
  const inputs =
    isRecord(pilot.workflow_input_schema) && isRecord(pilot.workflow_input_schema.properties)
      ? Object.keys(pilot.workflow_input_schema.properties)
      : [];
  const read = new Set<string>();
  for (const st of Object.values(processor)) rewritePaths(st, (p) => (read.add(p.match(/^\$\.(\w+)/)?.[1] ?? ''), p));
  const carried = Object.fromEntries(inputs.filter((n) => read.has(n)).map((n) => [`${n}.$`, `$.${n}`]));
  const aggregateParams = !score
    ? {}
    : Object.fromEntries(
        Object.entries(score.Parameters as Record<string, unknown>).map(([k, v]) => {
          if (!k.endsWith('.$') || typeof v !== 'string') return [k, v];
          const all = `$.calls[*]${v.slice(1)}`;
          // A report per call for the sentiment; the calls' verdict lists pooled into one.
          return /sentiment|report/.test(k)
            ? [k.slice(0, -2), { 'reports.$': all }]
            : [k, /verdict|compliance/.test(k) ? `${all}[*]` : all];
        }),
      );
  const next: Record<string, State> = {};
  for (const name of chain.slice(0, first)) next[name] = structuredClone(states[name]!);
  next[chain[first - 1]!]!.Next = 'AnalyseEachCall';
  next.AnalyseEachCall = {
    Type: 'Map',
    Comment: "Run the pilot's per-call analysis on every recording; results in recording order.",
    ItemsPath: itemsPath,
    ItemSelector: { 'recording.$': '$$.Map.Item.Value', ...carried },
    MaxConcurrency: 4,
    ItemProcessor: { ProcessorConfig: { Mode: 'INLINE' }, StartAt: chain[first], States: processor },
    ResultPath: '$.calls',
    ...(score ? { Next: 'AggregateScore' } : { End: true }),
  };
  if (score) {
    next.AggregateScore = {
      ...structuredClone(score),
      Comment: "One QA score over all the calls: the scoring formula's 'Several calls' rule " + '(pooled verdicts, mean sentiment).',
      Parameters: aggregateParams,
    };
  }
  const name = `${String(pilot.workflow_name ?? 'Workflow')} (all calls)`;
  return {
    ok: true,
    doc: {
      ...structuredClone(pilot),
      workflow_id: meta.workflow_id,
      workflow_name: name,
      description:
        `${String(pilot.description ?? '').replace(/\.$/, '')} — ` + `every call of the period${score ? ', scored together' : ''}.`,
      version: '1.0.0',
      created_at: meta.created_at,
      author: meta.author,
      asl: { ...asl, Comment: `The pilot scaled to the whole set: ${String(asl.Comment ?? '')}`.trim(), States: next },
    },
  };
}

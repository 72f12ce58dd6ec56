import type { Episode, EpisodeState } from '../graph/port.ts';
import { isObject } from '../engine/json.ts';
import { baseName } from './instances.ts';
import { loadRunDefinition } from './run-definition.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import type { RunEvent, RunView } from '../contracts/run-view.ts';
import { scanRunEvents } from './scan-run-events.ts';

/**
 * The episode key of a redrive segment: a redriven run is recorded once per segment (the first
 * run, then each redrive), so the skill uses of the redrive count too and the first outcome stays
 * what it was. The run id comes first, so the run is found from any of its segments.
 */
export const redriveEpisodeId = (runId: string, redriveCount: number) => `${runId}~redrive${redriveCount}`;

/** A `skill_swap` event as the episode reads it (task-work.ts recordAttempt writes it). */
interface SwapEvent {
  from: string | null;
  to: string;
  reason: string | null;
  policy?: string | null;
  /** A live split (DCF_POLICY_SPLIT) chose `policy` for this swap. */
  split?: boolean;
}

/**
 * The live split's strategy behind the skill a swap bound, for the use of that skill (issue 17:
 * compare_policies reads it from the graph); nothing when no swap or no split chose the skill, so
 * an episode without a split is exactly what it was before.
 */
const chosenBy = (swap: SwapEvent | undefined): { strategy?: string } => (swap?.split && swap.policy ? { strategy: swap.policy } : {});

/**
 * The events buildEpisode reads of a finished run, which a view read for it needs (showRun `events`): its
 * redrives and skill swaps, and every event after the last redrive (whose state events say which instances the
 * new segment touched) — not three events per transition of a run never redriven (issue 33).
 */
export async function episodeEvents(x: ExecutionServices, runId: string): Promise<RunEvent[]> {
  const found = await scanRunEvents(x, runId, { types: ['redrive', 'skill_swap'] });
  const redrive = found.findLast((e) => e.event.type === 'redrive');
  if (!redrive) return found;
  return [...found.slice(0, found.indexOf(redrive) + 1), ...(await scanRunEvents(x, runId, { after: redrive.id }))];
}

/**
 * The knowledge-graph episode of a finished run (append_graph_episode, spec §2.7/§4.3): one
 * entry per skill use of each Task instance — a skill that failed and was swapped out counts as
 * a failure (with its error), the skill that finished the state as a success (with its latency)
 * or a failure (with `last_error`). Instances that never ran are left out. After a redrive only
 * the segment since the last redrive is recorded (under redriveEpisodeId): the instances that
 * changed in it and the swaps made in it, so earlier skill uses are never counted twice.
 */
export async function buildEpisode(x: ExecutionServices, view: RunView): Promise<Episode | null> {
  const def = await loadRunDefinition(x.redis, view.run.run_id);
  if (!def || view.run.status === 'RUNNING') return null;
  const redrive = view.events.findLast((e) => e.event.type === 'redrive');
  const segment = redrive ? view.events.slice(view.events.indexOf(redrive) + 1) : view.events;
  const touched = redrive ? new Set(segment.filter((e) => e.event.type === 'state').map((e) => String(e.event.instance))) : null;
  // The segment's swaps by instance, read once: a Map of n items has n Task instances and several events each.
  const swapsOf = new Map<string, SwapEvent[]>();
  for (const e of segment) {
    if (e.event.type !== 'skill_swap') continue;
    const instance = String(e.event.instance);
    const list = swapsOf.get(instance) ?? [];
    list.push(e.event as unknown as SwapEvent);
    swapsOf.set(instance, list);
  }
  const states: EpisodeState[] = [];
  for (const [instance, doc] of Object.entries(view.states)) {
    const loc = def.states.get(baseName(instance));
    if (loc?.state.Type !== 'Task' || doc.attempts === 0 || (touched && !touched.has(instance))) continue;
    const bound = ((loc.state.AgentBinding as { skills?: string[] } | undefined)?.skills ?? [])[0] ?? null;
    const swaps = swapsOf.get(instance) ?? [];
    swaps.forEach((s, i) => {
      states.push({
        state: instance,
        skill: s.from,
        outcome: 'failure',
        latency_ms: null,
        error: s.reason,
        attempts: 1,
        swapped_from: null,
        ...chosenBy(swaps[i - 1]),
      });
    });
    const skill = view.entries[instance]?.skill ?? bound;
    const envelope = view.data[instance];
    const latency =
      isObject(envelope) && isObject(envelope.metrics) && typeof envelope.metrics.latency_ms === 'number'
        ? envelope.metrics.latency_ms
        : null;
    const last = { attempts: doc.attempts, swapped_from: swaps.at(-1)?.from ?? null, ...chosenBy(swaps.at(-1)) };
    if (doc.status === 'done') {
      states.push({ state: instance, skill, outcome: 'success', latency_ms: latency, error: null, ...last });
    } else if (doc.status === 'failed') {
      const error = doc.last_error ?? null;
      states.push({ state: instance, skill, outcome: 'failure', latency_ms: null, error, ...last });
    }
  }
  const redriveCount = Number(redrive?.event.redrive_count ?? view.run.redrive_count ?? 0);
  return {
    run_id: redrive ? redriveEpisodeId(view.run.run_id, redriveCount) : view.run.run_id,
    workflow_id: view.run.workflow_id,
    workflow_version: view.run.workflow_version,
    workflow_name: view.run.workflow_name,
    status: view.run.status,
    started_at: redrive && typeof redrive.event.at === 'string' ? redrive.event.at : view.run.started_at,
    finished_at: view.run.finished_at ?? new Date().toISOString(),
    states,
  };
}

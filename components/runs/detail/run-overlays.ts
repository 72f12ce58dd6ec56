import type { RunOverlay } from '@/components/editor/canvas/node-data';
import { indexStates } from '@/components/editor/model/state-index';
import { baseName, inChosenIterations } from './instance-scope';
import type { Instance, IterationChoice } from './types';

/** The parts of an instance the overlay reads (a live state event updates exactly these). */
export type InstanceStatus = Pick<Instance, 'instance' | 'status' | 'attempts' | 'last_error' | 'lease' | 'skill' | 'branches' | 'type'>;

function overlayOf(i: InstanceStatus): RunOverlay {
  const expires = i.lease?.expires_at ? Date.parse(i.lease.expires_at) : NaN;
  const swap = i.skill?.swaps.at(-1);
  return {
    status: i.status,
    attempts: i.attempts,
    owner: i.lease?.owner ?? null,
    leaseExpiresAt: Number.isNaN(expires) ? null : expires,
    lastError: i.last_error,
    ...(i.type === 'Map' && i.branches
      ? {
          iterations: {
            total: i.branches.total,
            done: i.branches.done,
            failed: i.branches.failed,
            running: Math.max(0, i.branches.started - i.branches.done - i.branches.failed),
          },
        }
      : {}),
    ...(swap ? { swappedTo: swap.to } : {}),
  };
}

/**
 * Several instances of one state (its Map iterations) drawn as one node: running while any runs
 * or some are done and others still to come, failed when any failed, done when all are.
 */
function aggregate(list: readonly InstanceStatus[]): RunOverlay {
  const has = (s: InstanceStatus['status']) => list.some((i) => i.status === s);
  const status = has('running')
    ? 'running'
    : has('failed')
      ? 'failed'
      : list.every((i) => i.status === 'done')
        ? 'done'
        : has('done')
          ? 'running'
          : 'pending';
  return {
    status,
    attempts: Math.max(0, ...list.map((i) => i.attempts)),
    owner: null,
    leaseExpiresAt: null,
    lastError: list.find((i) => i.status === 'failed')?.last_error ?? null,
  };
}

/**
 * The run overlay of every state of the workflow drawing (keyed by the state's pointer): its
 * instance's status, attempts, lease and error. Inside a Map the chosen iteration's instance is
 * shown; with none chosen, all iterations of the state are summed up on its node.
 */
export function runOverlays(
  doc: unknown,
  instances: Readonly<Record<string, InstanceStatus>>,
  chosen: IterationChoice,
): Map<string, RunOverlay> {
  const pointerOf = new Map<string, string>();
  for (const s of indexStates(doc).tree.states) pointerOf.set(s.name, s.pointer);
  const byState = new Map<string, InstanceStatus[]>();
  for (const i of Object.values(instances)) {
    if (!inChosenIterations(i.instance, chosen)) continue;
    const name = baseName(i.instance);
    byState.set(name, [...(byState.get(name) ?? []), i]);
  }
  const out = new Map<string, RunOverlay>();
  for (const [name, list] of byState) {
    const pointer = pointerOf.get(name);
    if (pointer) out.set(pointer, list.length === 1 ? overlayOf(list[0]!) : aggregate(list));
  }
  return out;
}

/** Counts of instances by status, for the run's progress bar. */
export function progressOf(instances: Readonly<Record<string, Pick<Instance, 'status'>>>) {
  const c = { pending: 0, running: 0, done: 0, failed: 0, total: 0 };
  for (const i of Object.values(instances)) {
    c[i.status]++;
    c.total++;
  }
  return c;
}

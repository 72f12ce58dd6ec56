import { runKeys } from '../controlplane/keys.ts';
import type { StateDocument } from '../controlplane/state-document.ts';
import { isObject } from '../engine/json.ts';
import type { Json } from '../engine/runtime/index.ts';
import type { EntryRecord } from '../contracts/execution-entries.ts';
import { baseName } from './instances.ts';
import type { RunDefinition } from './run-definition.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import type { RunEvent, RunView } from '../contracts/run-view.ts';

/** A skill swap of a Task instance (its `skill_swap` event): the failed skill, the alternative, and why. */
export interface SkillSwap {
  from: string | null;
  to: string;
  reason: string | null;
  policy: string | null;
  rationale: string | null;
  explored: boolean;
  at: string | null;
}

/**
 * Everything the run view shows for one state instance: where it sits, its status and timings,
 * its lease, what went in (raw and effective input) and came out (output, data-plane envelope),
 * the skill that ran and any swap, and its own events. Fields not known yet are null.
 */
export interface InstanceDetail {
  instance: string;
  /** The state's name in the workflow (the instance without its Map iteration scope). */
  state: string;
  type: string;
  /** The Parallel/Map instance and branch/iteration index it runs under. */
  parent: { instance: string; index: number } | null;
  status: StateDocument['status'];
  attempts: number;
  last_error: string | null;
  entered_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** The live lease; `expires_at` by the Redis clock (what the sweeper goes by). */
  lease: { owner: string; ts: string | null; ttl_s: number | null; expires_at: string | null } | null;
  retry_counts: number[];
  input: Json | null;
  effective_input: Json | null;
  output: Json | null;
  /** A Task's data-plane envelope (spec §5.6). */
  data: unknown;
  /** Task only: the bound skills, the one that ran (or runs), and its swaps in order. */
  skill: { bound: string[]; used: string | null; swaps: SkillSwap[] } | null;
  /** Parallel/Map only: branch or iteration counts of the current entry (Map iterations start as room allows). */
  branches: { total: number; started: number; done: number; failed: number } | null;
  events: RunEvent[];
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Details of every state instance of a run (its state documents, including states never
 * entered), from a RunView plus two reads: the lease expiries and the join hashes of the forks.
 */
export async function runInstanceDetails(x: ExecutionServices, view: RunView, def: RunDefinition): Promise<Record<string, InstanceDetail>> {
  const k = runKeys(view.run.run_id);
  const expiries = await x.redis.zrangebyscore(k.leaseExpiry, '-inf', '+inf', 'WITHSCORES');
  const expiresAt = new Map<string, string>();
  for (let i = 0; i < expiries.length; i += 2) expiresAt.set(expiries[i]!, new Date(Number(expiries[i + 1])).toISOString());
  const eventsOf = new Map<string, RunEvent[]>();
  for (const e of view.events) {
    const instance = str(e.event.instance);
    if (instance) eventsOf.set(instance, [...(eventsOf.get(instance) ?? []), e]);
  }
  const details = await Promise.all(
    Object.entries(view.states).map(async ([instance, doc]): Promise<InstanceDetail> => {
      const state = def.states.get(baseName(instance))?.state;
      const type = String(state?.Type ?? 'unknown');
      const entry: EntryRecord | undefined = view.entries[instance];
      const events = eventsOf.get(instance) ?? [];
      return {
        instance,
        state: baseName(instance),
        type,
        parent: entry?.parent ? { instance: entry.parent.instance, index: entry.parent.index } : null,
        status: doc.status,
        attempts: doc.attempts,
        last_error: doc.last_error ?? null,
        entered_at: entry?.entered_at ?? null,
        started_at: doc.started_at ?? null,
        finished_at: doc.finished_at ?? null,
        lease: doc.lease.owner_agent_id
          ? { owner: doc.lease.owner_agent_id, ts: doc.lease.ts, ttl_s: doc.lease.ttl_s, expires_at: expiresAt.get(instance) ?? null }
          : null,
        retry_counts: entry?.retry_counts ?? [],
        input: entry ? entry.input : null,
        effective_input: entry?.effective_input ?? null,
        output: entry?.output ?? null,
        data: view.data[instance] ?? null,
        skill: type === 'Task' ? skillOf(state?.AgentBinding, entry, doc, view.data[instance], events) : null,
        branches: type === 'Parallel' || type === 'Map' ? await branchCounts(x, k.join(instance), entry) : null,
        events,
      };
    }),
  );
  return Object.fromEntries(details.map((d) => [d.instance, d]));
}

function skillOf(
  binding: unknown,
  entry: EntryRecord | undefined,
  doc: StateDocument,
  envelope: unknown,
  events: RunEvent[],
): InstanceDetail['skill'] {
  const bound = isObject(binding) && Array.isArray(binding.skills) ? binding.skills.filter((s): s is string => typeof s === 'string') : [];
  const swaps: SkillSwap[] = events
    .filter((e) => e.event.type === 'skill_swap')
    .map(({ event: e }) => ({
      from: str(e.from),
      to: String(e.to),
      reason: str(e.reason),
      policy: str(e.policy),
      rationale: str(e.rationale),
      explored: e.explored === true,
      at: str(e.at),
    }));
  const produced = isObject(envelope) && isObject(envelope.metrics) ? str(envelope.metrics.skill) : null;
  const used = produced ?? (doc.attempts > 0 ? (entry?.skill ?? bound[0] ?? null) : null);
  return { bound, used, swaps };
}

async function branchCounts(x: ExecutionServices, joinKey: string, entry: EntryRecord | undefined): Promise<InstanceDetail['branches']> {
  if (!entry) return null;
  const [joinEntry, total, started, done, failed] = await x.redis.hmget(
    joinKey,
    'entry',
    'total',
    'started',
    `done:${entry.entry}`,
    `failed:${entry.entry}`,
  );
  if (joinEntry !== entry.entry) return null; // not forked (yet) under this entry
  return { total: Number(total ?? 0), started: Number(started ?? total ?? 0), done: Number(done ?? 0), failed: Number(failed ?? 0) };
}

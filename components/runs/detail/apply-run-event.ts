import { isObject } from '@/server/engine/json';
import { baseName } from './instance-scope';
import type { Instance, RunDetail, RunEvent } from './types';

type StateDoc = RunDetail['states'][string];

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** An instance the snapshot does not know yet (a Map iteration that just started): what its first state event says. */
function newInstance(name: string, detail: RunDetail): Instance {
  const sibling = Object.values(detail.instances ?? {}).find((i) => i.state === baseName(name));
  return {
    instance: name,
    state: baseName(name),
    type: sibling?.type ?? '',
    parent: null,
    status: 'pending',
    attempts: 0,
    last_error: null,
    entered_at: null,
    started_at: null,
    finished_at: null,
    lease: null,
    retry_counts: [],
    input: null,
    effective_input: null,
    output: null,
    data: null,
    skill: sibling?.skill ? { bound: sibling.skill.bound, used: null, swaps: [] } : null,
    branches: null,
    events: [],
  };
}

function withStateDoc(i: Instance, doc: StateDoc, event: RunEvent): Instance {
  const lease = doc.lease.owner_agent_id
    ? {
        owner: doc.lease.owner_agent_id,
        ts: doc.lease.ts,
        ttl_s: doc.lease.ttl_s,
        expires_at: doc.lease.ts && doc.lease.ttl_s ? new Date(Date.parse(doc.lease.ts) + doc.lease.ttl_s * 1000).toISOString() : null,
      }
    : null;
  return {
    ...i,
    status: doc.status,
    attempts: doc.attempts,
    last_error: doc.last_error ?? null,
    started_at: doc.started_at ?? null,
    finished_at: doc.finished_at ?? null,
    entered_at: i.entered_at ?? (doc.status === 'pending' && doc.attempts === 0 ? str(event.event.at) : i.entered_at),
    lease,
    events: [...i.events, event],
  };
}

/**
 * A live event applied to the run snapshot, so the view changes the moment Redis does: a state
 * event replaces that instance's state document (status, attempts, lease, error, timings), a run
 * event the run's status fields, a skill swap is added to its instance. Every event is appended
 * to the run's events. Inputs and outputs are not in events: the page re-reads the run for those.
 * An event already in the snapshot (same id) changes nothing.
 */
export function applyRunEvent(detail: RunDetail, e: RunEvent): RunDetail {
  if (detail.events.some((x) => x.id === e.id)) return detail;
  const ev = e.event;
  const next: RunDetail = { ...detail, events: [...detail.events, e] };
  const instance = str(ev.instance);
  if (ev.type === 'state' && instance && isObject(ev.state)) {
    const doc = ev.state as unknown as StateDoc;
    const instances = detail.instances ?? {};
    next.states = { ...detail.states, [instance]: doc };
    next.instances = { ...instances, [instance]: withStateDoc(instances[instance] ?? newInstance(instance, detail), doc, e) };
  } else if (ev.type === 'run') {
    const { type: _t, at: _a, run_id: _r, ...fields } = ev;
    next.run = { ...detail.run, ...fields };
  } else if (ev.type === 'skill_swap' && instance && detail.instances?.[instance]) {
    const i = detail.instances[instance]!;
    const swap = {
      from: str(ev.from),
      to: String(ev.to),
      reason: str(ev.reason),
      policy: str(ev.policy),
      rationale: str(ev.rationale),
      explored: ev.explored === true,
      at: str(ev.at),
    };
    const skill = { bound: i.skill?.bound ?? [], used: swap.to, swaps: [...(i.skill?.swaps ?? []), swap] };
    next.instances = { ...detail.instances, [instance]: { ...i, skill, events: [...i.events, e] } };
  }
  return next;
}

/** Orders two Redis stream ids (`<ms>-<seq>`, both numeric). */
export function compareEventIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am - bm || as - bs;
}

/**
 * A re-read snapshot with the live events it has not seen yet re-applied: the re-read started
 * before they happened, so without this a later answer would take back what the stream showed.
 */
export function mergeFresher(old: RunDetail | null, fresh: RunDetail): RunDetail {
  if (!old) return fresh;
  const last = fresh.events.at(-1)?.id ?? '0-0';
  return old.events.filter((e) => compareEventIds(e.id, last) > 0).reduce(applyRunEvent, fresh);
}

import { StatesError, selectEffectiveInput, withinStepBudget, type Json } from '../engine/runtime/index.ts';
import type { LeaseGrant, LeaseRequest } from '../controlplane/control-plane.ts';
import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import type { EntryRecord, OutboxEntry } from '../contracts/execution-entries.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { contextFor } from './context-object.ts';
import type { InstanceView } from './instance-view.ts';
import { baseName } from './instances.ts';
import { hasAgentOfItsOwn } from './worker-agent.ts';
import { currentSkill } from './bound-skills.ts';
import { TakenOnce } from './taken-once.ts';

/**
 * Pre-granting (issue 33): the commit that ends a Task and continues the next Task in place
 * (continuation.ts) carries, in the same write, the lease of that next Task for the worker that
 * will run it (ControlPlane.commit `then`: the commit's script acquires it after its operations) — so a
 * chain's transition is one round trip and one script call, not the commit's and then the lease's. The lease is the one
 * the worker would have acquired itself (task-work.ts startTaskWork): the same owner (the state's
 * agent, as this process knows it), a counted attempt, the effective input recorded with it, the
 * bound skill loaded into the agent's record. It is granted only if the instance then holds the
 * entry this commit wrote and the agent still exists (lua/acquire-lease.ts `require_entry`).
 *
 * Crash safety is the lease's as before: a process that dies after the write leaves a lease that
 * lapses and a claim the sweeper honours once it passes — as a death right after acquiring did.
 * Not on a platform that runs its workers elsewhere, for an agent this process has not read (a run
 * another started), or — with tool-call plans — inside a Map iteration, whose worker is an agent of
 * its own (worker-agent.ts). A worker's plan is declared after its lease and can refuse no step
 * (protocol-plan.ts), so a lease granted ahead, with its skill loaded, takes nothing from it.
 */
export interface PreGrant {
  request: LeaseRequest;
  /** The entry the lease was granted on (the commit's), as its JSON. */
  expected: string;
  effectiveInput: Json;
  /** Whether the lease's grant also loads the skill into the agent's record. */
  loads: boolean;
}

/** The lease to ask for with commit `c` for `continued`, the notification this job continues (see above); undefined when none. */
export function preGrantFor(
  x: ExecutionServices,
  c: CommitBuilder,
  v: InstanceView,
  continued: OutboxEntry | undefined,
): PreGrant | undefined {
  if (!continued || x.agents.kind !== 'in-process' || !x.agents.knownAgentForState) return undefined;
  if (hasAgentOfItsOwn(x, continued.instance)) return undefined;
  const loc = v.def.states.get(baseName(continued.instance));
  if (loc?.state.Type !== 'Task') return undefined;
  const expected = c.lastHset(c.keys.entries, continued.instance);
  const agent = expected && x.agents.knownAgentForState(v.run.run_id, baseName(continued.instance));
  if (!expected || !agent) return undefined;
  const entry = JSON.parse(expected) as EntryRecord;
  let effectiveInput: Json;
  try {
    effectiveInput = withinStepBudget(() =>
      selectEffectiveInput(loc.state, entry.input, contextFor(v.def, v.run, continued.instance, entry)),
    );
  } catch (err) {
    // The state's input fails: the worker's own start fails the state (task-work.ts), as without a pre-grant.
    if (err instanceof StatesError) return undefined;
    throw err;
  }
  const skill = currentSkill(entry, loc.state);
  const holds = skill !== null && agent.loaded_skills.length === 1 && agent.loaded_skills[0] === skill;
  const record = skill && !holds && x.agents.loadedSkillsRecord ? x.agents.loadedSkillsRecord(agent, [skill]) : undefined;
  return {
    request: {
      instance: continued.instance,
      owner: agent.id,
      ttlS: x.config.execution.leaseTtlS,
      countAttempt: true,
      entry: { expected, next: JSON.stringify({ ...entry, effective_input: effectiveInput }) },
      agent: record ? { id: agent.id, record } : undefined,
    },
    expected,
    effectiveInput,
    loads: record !== undefined,
  };
}

/** A lease granted with the commit that entered its instance, for the worker that handles the continued notification. */
export interface PreGranted {
  grant: LeaseGrant;
  pre: PreGrant;
}

const granted = new TakenOnce<object, PreGranted>();

export const handOverGrant = (notification: object, g: PreGranted): void => granted.give(notification, g);

/** The lease granted for `notification` with the commit that wrote it, once. */
export const takeGrant = (notification: object): PreGranted | undefined => granted.take(notification);

import type { Brain } from './brain.ts';
import { companionBrain } from './companion/companion-brain.ts';
import { conductorBrain } from './conductor/conductor-brain.ts';
import { genericWorkerBrain } from './generic-worker/generic-worker-brain.ts';
import { plannerBrain } from './planner/planner-brain.ts';
import { sleeptimeBrain } from './sleeptime/sleeptime-brain.ts';
import { strategistBrain } from './strategist/strategist-brain.ts';
import { workerBrain } from './worker/worker-brain.ts';

/**
 * Deterministic brains by role (the template agent's name: `planner`, `worker`, `companion`,
 * `worker-sleeptime`, …): the local runtime's offline mode, used when no OPENAI_MODEL is set.
 * A sleep-time role without its own brain (`<role>-sleeptime`) falls back to `sleeptime`.
 */
export class DeterministicBrains {
  private readonly byRole = new Map<string, Brain>();

  register(role: string, brain: Brain): this {
    this.byRole.set(role, brain);
    return this;
  }

  for(role: string): Brain | null {
    return this.byRole.get(role) ?? (role.endsWith('-sleeptime') ? (this.byRole.get('sleeptime') ?? null) : null);
  }

  roles(): string[] {
    return [...this.byRole.keys()].sort();
  }
}

/**
 * The shipped deterministic brains. The Planner's (`./planner/`) follows the worked example's
 * three scenarios (spec §2, §3, §4.4) with the real tools.
 */
export function defaultDeterministicBrains(): DeterministicBrains {
  return new DeterministicBrains()
    .register('planner', plannerBrain)
    .register('worker', workerBrain)
    .register('companion', companionBrain)
    .register('conductor', conductorBrain)
    .register('sleeptime', sleeptimeBrain)
    .register('strategist', strategistBrain)
    .register('generic-worker', genericWorkerBrain);
}

import type { WorkerAgent } from '../contracts/agent-runtime.ts';
import { splitStrategy } from '../learning/policy-compare/split.ts';
import { taskStateGoal, taskStateIntents } from './protocol-intents.ts';
import { capabilityOf } from './skill-choice.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import type { TaskLease } from './task-work.ts';

/** Enforce mode refused a protocol step over the plan's budget: the state fails with this cause. */
export class StepRefused extends Error {}

/**
 * The in-process worker's tool-call plan for one Task attempt: declared once the lease makes the
 * state its work (the same intents an agent worker's brain declares, protocol-intents.ts, for the
 * bound skill's capability, so a swap stays in the plan; the state's bound skills as given skills
 * and the deployment's skill policy as its strategy), each protocol step recorded under the tool an agent worker
 * would call for it, and ended Complete when the state's outcome was written, Failed otherwise. Without the port
 * every method is a no-op.
 *
 * The plan declares no budget, so even in enforce mode it refuses no step: the Task's lease may be granted, and its
 * skill loaded, before the plan is declared (pregrant.ts, worker-protocol.ts skillWithStart). A budget here would
 * have to be checked before those too. The worker is its agent's only caller while it holds the lease, so the plan
 * is held by this process (ToolContext.plansHeld): its steps cost no Redis round trip.
 */
export class ProtocolPlan {
  /** The declared plan's id while it is this attempt's (null: none declared, or ended). */
  private declared: string | null = null;

  private constructor(
    private readonly x: ExecutionServices,
    private readonly agent: WorkerAgent,
  ) {}

  static async declare(x: ExecutionServices, agent: WorkerAgent, runId: string, state: string, lease: TaskLease): Promise<ProtocolPlan> {
    const plan = new ProtocolPlan(x, agent);
    if (!x.workerPlans) return plan;
    const skill = lease.current_skill ?? lease.skills[0];
    const manifest = skill ? x.skills.get(skill) : undefined;
    const capability = manifest ? capabilityOf(manifest) : undefined;
    plan.declared = await x.workerPlans
      .declare(agent, {
        goal: taskStateGoal(state, runId),
        plannedSequence: taskStateIntents(state, skill, capability),
        unit: { kind: 'workflow_run', id: runId, session_id: runId, state },
        policy: { strategy: swapStrategy(x, runId, state), preferGeneralMethods: true },
        given_skills: lease.skills.slice(0, 50),
      })
      .catch((err: unknown) => {
        x.log.warn({ run_id: runId, state, err }, 'worker plan not declared');
        return null;
      });
    return plan;
  }

  /** Runs one protocol step recorded as `toolName`; `failed` tells an outcome that is a failure. */
  async step<T>(
    toolName: string,
    args: Record<string, unknown>,
    run: () => Promise<T>,
    failed: (t: T) => string | null = () => null,
  ): Promise<T> {
    const ticket = this.declared ? await this.x.workerPlans!.begin(this.agent, toolName, args) : null;
    if (ticket && 'refused' in ticket) throw new StepRefused(ticket.refused.error);
    try {
      const out = await run();
      const error = failed(out);
      ticket?.end(error === null ? { status: 'ok' } : { status: 'error', error_code: error });
      return out;
    } catch (err) {
      ticket?.end({ status: 'error', error_code: 'internal_error' });
      throw err;
    }
  }

  async end(state: 'Complete' | 'Failed'): Promise<void> {
    const planId = this.declared;
    if (!planId) return;
    this.declared = null;
    await this.x.workerPlans!.end(this.agent, planId, state).catch((err: unknown) => {
      this.x.log.warn({ agent: this.agent.id, err }, 'worker plan not ended');
    });
  }
}

/** The strategy that chooses this state's swaps: the live split's for it when DCF_POLICY_SPLIT is on, else DCF_SKILL_POLICY. */
function swapStrategy(x: ExecutionServices, runId: string, state: string) {
  return x.config.policySplit ? splitStrategy(x.config.policySplit, runId, state) : x.config.skillPolicy;
}

import type { BeginResult } from '../../contracts/planning/ports.ts';
import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import { MODEL_RECORD } from '../../contracts/planning/intent-fit.ts';
import type { CostTable } from '../costs.ts';
import { namedSkills, usedSkills } from '../named-skills.ts';
import type { ActivePlan } from './active-plan.ts';
import type { BatchWriter } from './batch-writer.ts';
import { budgetRefusal, type BudgetExcess } from './budget-check.ts';
import { noteGeneralMethod } from './general-method.ts';
import { startCall } from './live-call.ts';
import { captureSkillChoices, type SkillStatsSource } from './skill-choices.ts';
import { Ticket } from './ticket.ts';

export interface CallStartDeps {
  writer: BatchWriter;
  clock: () => number;
  costs: CostTable;
  skills: () => Promise<SkillDirectory>;
  skillStats?: SkillStatsSource;
  onError: (err: unknown) => void;
  /** The plans' counters are this process's (no Redis): a call that runs is counted here (a held plan's always is). */
  countsLocally: boolean;
}

/**
 * The call path's bookkeeping once the tracker knows the plan and the record's seq (from the
 * plan's own counter, or from Redis with shared plans): the call's cost, its record, a refusal,
 * or a ticket with its skill choices and general-method notes taken.
 */
export class CallStart {
  constructor(private readonly d: CallStartDeps) {}

  /** Costs and skill choices come from the skills the call uses. */
  costOf(toolName: string, args: unknown): { cost: number; skills: readonly string[] } {
    const skills = usedSkills(toolName, args);
    let cost = this.d.costs.tool(toolName);
    for (const s of skills) cost += this.d.costs.skill(s);
    return { cost, skills };
  }

  /**
   * The call numbered `seq` of plan `a`: refused with `excess`, or running (ended by its ticket).
   * `first`: the plan's first call, which makes it InProgress in the store.
   */
  started(
    a: ActivePlan,
    seq: number,
    call: { toolName: string; args: unknown; cost: number; skills: readonly string[]; now: number },
    excess: BudgetExcess | null,
    first: boolean,
  ): BeginResult {
    const { toolName, args, cost, skills, now } = call;
    // The record names the first skill the call names at all (a reliability read of a skill shows which).
    const skill = namedSkills(args)[0] ?? null;
    const live = startCall(a, seq, { toolName, skill, args, startedMs: now, cost, costSource: skills.length ? 'skill' : 'tool' });
    if (excess) {
      live.status = 'refused';
      live.errorCode = 'budget_exceeded';
      live.endedMs = now;
      this.d.writer.written(a, live);
      return { refused: budgetRefusal(a, toolName, cost, excess) };
    }
    if (this.d.countsLocally || a.held) {
      a.calls++;
      a.cost += cost;
    }
    if (a.plan.executionState === 'Planned') {
      a.plan.executionState = 'InProgress';
      a.stateDirty ||= first;
    }
    if (skills.length) captureSkillChoices(a, live, skills, this.d.skills, this.d.skillStats, this.d.onError);
    noteGeneralMethod(a, toolName, args);
    return new Ticket(this.d.writer, this.d.clock, a, live);
  }

  /** A model step's record (its tokens already counted by the caller). */
  modelStep(a: ActivePlan, seq: number, usage: unknown, tokens: number, now: number): void {
    const call = startCall(a, seq, {
      toolName: MODEL_RECORD,
      skill: null,
      args: usage,
      startedMs: now,
      cost: tokens,
      costSource: 'model_tokens',
    });
    call.status = 'ok';
    call.endedMs = now;
    this.d.writer.written(a, call);
  }
}

import type { SkillChoiceEvidence, ToolCallPlan } from '../../../lib/planning/schemas.ts';
import type { LiveCall } from './live-call.ts';

/**
 * An agent's active plan in the tracker's index, with its usage counters kept on the call path
 * (so a budget check is arithmetic, not a query) and everything the sentinel judges it on.
 */
export class ActivePlan {
  /** Calls that ran (not model steps, not refusals). */
  calls = 0;
  /** Cost units so far: tool and skill costs and model tokens, refusals not counted. */
  cost = 0;
  tokens = 0;
  nextSeq = 0;
  readonly createdMs: number;
  readonly records: LiveCall[] = [];
  readonly choices: SkillChoiceEvidence[] = [];
  /** Keys of the findings recorded for this plan (sentinel `already`). */
  readonly findingKeys = new Set<string>();
  /**
   * Capabilities whose general method the plan used before a call (read the catalog, asked the
   * policy): `*` when it read the whole catalog.
   */
  readonly consulted = new Set<string>();
  /** Skill-choice evidence still being gathered (the arms' counts are read asynchronously). */
  readonly pending = new Set<Promise<void>>();
  /** The plan row needs writing (state, deviations). */
  stateDirty = false;
  /** No longer the agent's active plan: ended, replaced, or being ended. */
  closed = false;

  /**
   * `held`: this process makes every call of the plan (DeclareContext.held), so with shared plans it
   * counts and numbers them itself, as without Redis (plan-tracker.ts).
   */
  constructor(
    public plan: ToolCallPlan,
    readonly held = false,
  ) {
    this.createdMs = Date.parse(plan.created_at);
  }
}

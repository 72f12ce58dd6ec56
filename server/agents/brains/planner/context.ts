import { randomUUID } from 'node:crypto';
import { currentTurn, type BrainDecision, type BrainInput } from '../brain.ts';
import { currentEpisode, QUESTION_MARKERS, toolOutcomes, type Episode, type ToolOutcome } from './conversation.ts';
import { todayFrom } from './intent.ts';
import type { PlannerFlow } from './flows.ts';

/** Tool-call steps the Planner allows itself in one turn before it stops and says so (the local loop allows 24 decisions). */
export const MAX_STEPS_PER_TURN = 22;

/**
 * One decision of the Planner: what it knows (the episode, the tool returns so far, the attached
 * tools, "today") and the two ways to answer (call tools, or send the final message).
 *
 * Flows are written as replays: each step looks for its tool's return in the episode and calls the
 * tool only when it is missing. A return from an earlier turn counts (the user's "yes" resumes the
 * work where it stopped); a failure from an earlier turn does not (a "retry" calls it again), a
 * failure in this turn ends the turn with an explanation — the Planner never loops on an error.
 */
export class PlannerContext {
  readonly today: Date;
  readonly episode: Episode | null;
  /** History index of the message this turn answers. */
  readonly turnStart: number;
  readonly inbound: string;
  /** Tool returns of the episode (all of its turns), oldest first. */
  readonly outcomes: ToolOutcome[];
  readonly stepsThisTurn: number;
  /** The flow this decision came from, set where the brain dispatches or a flow turns (its tool-call plan's forecast, flows.ts). */
  flow: PlannerFlow | null = null;
  private readonly attached: Set<string>;

  constructor(readonly input: BrainInput) {
    const { inbound, steps } = currentTurn(input.history);
    this.turnStart = input.history.length - steps.length - 1;
    this.inbound = inbound?.content ?? '';
    this.today = todayFrom(input.blocks);
    this.episode = currentEpisode(input.history, this.today);
    this.outcomes = toolOutcomes(input.history, this.episode?.start ?? this.turnStart);
    this.stepsThisTurn = steps.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
    this.attached = new Set(input.tools.map((t) => t.name));
  }

  has(tool: string): boolean {
    return this.attached.has(tool);
  }

  inTurn(o: ToolOutcome): boolean {
    return o.index > this.turnStart;
  }

  /**
   * The latest return of `name` (matching `where`) in the episode; undefined when there is none
   * or when the latest one failed in an earlier turn (so it is tried again).
   */
  find(
    name: string,
    where: (args: Record<string, unknown>, result: Record<string, unknown> | null) => boolean = () => true,
  ): ToolOutcome | undefined {
    for (let i = this.outcomes.length - 1; i >= 0; i--) {
      const o = this.outcomes[i]!;
      if (o.name !== name || !where(o.args, o.result)) continue;
      return o.ok || this.inTurn(o) ? o : undefined;
    }
    return undefined;
  }

  /** Every successful return of `name` in the episode matching `where`. */
  all(name: string, where: (args: Record<string, unknown>) => boolean = () => true): ToolOutcome[] {
    return this.outcomes.filter((o) => o.name === name && o.ok && where(o.args));
  }

  call(calls: Array<[name: string, args: Record<string, unknown>]>, reasoning: string, content?: string): BrainDecision {
    if (this.stepsThisTurn >= MAX_STEPS_PER_TURN) return this.outOfSteps();
    const missing = calls.map(([n]) => n).filter((n) => !this.has(n));
    if (missing.length) return this.missingTools(missing);
    return {
      kind: 'tool_calls',
      reasoning,
      ...(content ? { content } : {}),
      tool_calls: calls.map(([name, args]) => ({ id: `call_${randomUUID()}`, name, arguments: JSON.stringify(args) })),
    };
  }

  say(content: string, reasoning?: string): BrainDecision {
    return { kind: 'message', content, ...(reasoning ? { reasoning } : {}) };
  }

  /** A tool failed in this turn: explain it and stop, offering a retry. */
  failed(o: ToolOutcome, what: string): BrainDecision {
    return this.say(
      `I could not ${what}: ${o.name} answered “${o.error}”. Nothing after that step was done. ${QUESTION_MARKERS.error}`,
      `${o.name} failed (${o.error}); stop the turn and explain instead of repeating the call.`,
    );
  }

  private missingTools(names: string[]): BrainDecision {
    return this.say(
      `I need the tool${names.length > 1 ? 's' : ''} ${names.map((n) => `\`${n}\``).join(', ')} for the next step, ` +
        `but ${names.length > 1 ? 'they are' : 'it is'} not attached to me. ` +
        `Please attach ${names.length > 1 ? 'them' : 'it'} (agent settings) and ask me again.`,
      `Tools missing from this agent: ${names.join(', ')}.`,
    );
  }

  private outOfSteps(): BrainDecision {
    return this.say(
      `I have used the ${MAX_STEPS_PER_TURN} steps I allow myself in one turn, so I stopped here. ${QUESTION_MARKERS.error}`,
      'Step budget for this turn reached.',
    );
  }
}

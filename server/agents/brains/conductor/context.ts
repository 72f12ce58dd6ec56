import { randomUUID } from 'node:crypto';
import { currentTurn, parseObject, type BrainDecision, type BrainInput, type BrainMessage } from '../brain.ts';
import { toolOutcomes, type ToolOutcome } from '../planner/conversation.ts';
import { todayFrom } from '../planner/intent.ts';
import { directoryOf, type Advisor } from '../planner/resolve.ts';
import { parseGuidelines, type Guidelines } from '../../../delegation/guidelines.ts';
import type { SessionContext } from '../../../delegation/session-context.ts';

/** Tool-call steps the Conductor allows itself in one turn (the local loop allows 24 decisions). */
export const MAX_STEPS_PER_TURN = 20;

/**
 * One decision of the Conductor: what it knows — its memory blocks (session_context,
 * strategist_guidelines, companion_registry, clock), the message this turn answers, this turn's
 * tool returns — and the two ways to go on (call tools, or answer). Like the Planner's context,
 * every flow is a replay: a step calls a tool only when this turn has no return of it yet, so a
 * decision is a function of the history and never of hidden state.
 */
export class ConductorContext {
  readonly today: Date;
  readonly inbound: string;
  /** The agent that sent the message this turn answers (null: the user). */
  readonly sender: string | null;
  /** This turn's tool returns, oldest first. */
  readonly outcomes: ToolOutcome[];
  readonly stepsThisTurn: number;
  /** The history up to and including the message this turn answers (what was known before this turn's work). */
  readonly before: BrainMessage[];
  /**
   * Set when the decision comes from a delegation (delegate-flow.ts): its request and subjects, so
   * the Conductor's tool-call plan is one per delegation (conductor-plan.ts).
   */
  delegation: { requestId: string; subjects: string[]; why: string } | null = null;
  private readonly attached: Set<string>;

  constructor(readonly input: BrainInput) {
    const { inbound, steps } = currentTurn(input.history);
    const turnStart = input.history.length - steps.length - 1;
    this.inbound = inbound?.content ?? '';
    this.sender = inbound && 'sender_agent_id' in inbound && inbound.sender_agent_id ? inbound.sender_agent_id : null;
    this.today = todayFrom(input.blocks);
    this.outcomes = toolOutcomes(input.history, turnStart + 1);
    this.before = input.history.slice(0, turnStart + 1);
    this.stepsThisTurn = steps.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
    this.attached = new Set(input.tools.map((t) => t.name));
  }

  get self(): string {
    return this.input.agent.id;
  }

  has(tool: string): boolean {
    return this.attached.has(tool);
  }

  /** The latest return of `name` in this turn matching `where`. */
  find(
    name: string,
    where: (args: Record<string, unknown>, result: Record<string, unknown> | null) => boolean = () => true,
  ): ToolOutcome | undefined {
    for (let i = this.outcomes.length - 1; i >= 0; i--) {
      const o = this.outcomes[i]!;
      if (o.name === name && where(o.args, o.result)) return o;
    }
    return undefined;
  }

  /** The CRM's advisors as this turn's list_advisors returned them (empty before it is called). */
  directory(): Advisor[] {
    const o = this.find('list_advisors');
    return o?.ok ? directoryOf(o.result) : [];
  }

  all(name: string): ToolOutcome[] {
    return this.outcomes.filter((o) => o.name === name);
  }

  /** A memory block's value. */
  block(label: string): string | null {
    return this.input.blocks.find((b) => b.label === label)?.value ?? null;
  }

  blockId(label: string): string | null {
    return this.input.blocks.find((b) => b.label === label)?.id ?? null;
  }

  /** The shared session_context (null when this Conductor has no session). */
  session(): SessionContext | null {
    const v = parseObject(this.block('session_context') ?? '');
    return v && typeof v.session_id === 'string' ? (v as unknown as SessionContext) : null;
  }

  guidelines(): Guidelines {
    return parseGuidelines(this.block('strategist_guidelines') ?? '{}');
  }

  /** The pool's size limit, as the companion_registry block states it. */
  poolMax(): number {
    const n = Number(parseObject(this.block('companion_registry') ?? '')?.pool_max);
    return Number.isInteger(n) && n > 0 ? n : 4;
  }

  call(calls: Array<[name: string, args: Record<string, unknown>]>, reasoning: string, content?: string): BrainDecision {
    if (this.stepsThisTurn >= MAX_STEPS_PER_TURN)
      return this.say(
        `I have used the ${MAX_STEPS_PER_TURN} steps I allow myself in one turn, so I stopped here. Ask me again to carry on.`,
        'Step budget reached.',
      );
    const missing = calls.map(([n]) => n).filter((n) => !this.has(n));
    if (missing.length) {
      return this.say(
        `I need the tool${missing.length > 1 ? 's' : ''} ${missing.map((n) => `\`${n}\``).join(', ')} for the next step, ` +
          `but ${missing.length > 1 ? 'they are' : 'it is'} not attached to me. ` +
          `Please attach ${missing.length > 1 ? 'them' : 'it'} and ask again.`,
        `Tools missing: ${missing.join(', ')}.`,
      );
    }
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

  failed(o: ToolOutcome, what: string): BrainDecision {
    return this.say(
      `I could not ${what}: ${o.name} answered “${o.error}”. Nothing after that step was done; ask me again to retry.`,
      `${o.name} failed (${o.error}).`,
    );
  }
}

/** What a request gets outside a delegated-mode session (the console starts one per Conductor conversation). */
export const NO_SESSION =
  'I have no delegated-mode session to work in (the console starts one for each Conductor conversation).' +
  ' Please start a new Conductor conversation.';

import { readProtocolMessage, describeInvalid } from '../../../delegation/protocol.ts';
import { currentTurn, turnToolResults, type Brain, type BrainDecision, type BrainInput } from '../brain.ts';
import { CompanionTurn } from './companion-turn.ts';
import { companionPlan } from './companion-plan.ts';

/**
 * The deterministic brain of the `companion` role (delegated mode) for running without a
 * language model: a simple executor, as the spec wants Companions (dcf-plus "Why Companions
 * Don't Discover Skills"). A task_delegation is carried out by CompanionTurn (load the required
 * skills, run the plan's skill tool calls, unload, report task_result with real metrics); a
 * session_update is noted; anything else is answered with what it does.
 */
export const companionBrain: Brain = {
  name: 'deterministic:companion',
  async decide(input: BrainInput): Promise<BrainDecision> {
    const { inbound, steps } = currentTurn(input.history);
    const carried = inbound ? readProtocolMessage(inbound.content) : { kind: 'none' as const };
    if (carried.kind === 'invalid')
      return { kind: 'message', content: `I cannot act on this message: ${describeInvalid(carried.type, carried.issues)}` };
    if (carried.kind === 'valid' && carried.message.type === 'task_delegation')
      return new CompanionTurn(input, carried.message, turnToolResults(steps)).next();
    const type = inbound ? /"type"\s*:\s*"([a-z_]+)"/.exec(inbound.content)?.[1] : undefined;
    if (type === 'session_update') return { kind: 'message', content: 'Noted the session update.' };
    return {
      kind: 'message',
      content:
        'I am a Companion agent: I carry out task_delegation messages from my Conductor with the skills it names, and report a task_result.',
    };
  },
  plan(input, _decision, unit) {
    const { inbound } = currentTurn(input.history);
    const carried = inbound ? readProtocolMessage(inbound.content) : null;
    return carried?.kind === 'valid' && carried.message.type === 'task_delegation' ? companionPlan(carried.message, unit) : null;
  },
};

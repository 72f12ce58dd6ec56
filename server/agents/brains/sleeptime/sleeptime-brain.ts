import { randomUUID } from 'node:crypto';
import { currentTurn, type Brain, type BrainDecision, type BrainInput } from '../brain.ts';

/**
 * The deterministic brain of sleep-time companions (`planner-sleeptime`, `worker-sleeptime`):
 * without a language model there is nothing to consolidate reliably, so it makes no edits and
 * ends its wake-up the way a Letta sleep-time agent does, with `memory_finish_edits`.
 */
export const sleeptimeBrain: Brain = {
  name: 'deterministic:sleeptime',
  async decide(input: BrainInput): Promise<BrainDecision> {
    const { steps } = currentTurn(input.history);
    const finished = steps.some((m) => m.role === 'tool' && m.name === 'memory_finish_edits');
    if (!finished && input.tools.some((t) => t.name === 'memory_finish_edits')) {
      return {
        kind: 'tool_calls',
        reasoning: 'No model to rethink memory with: leave the blocks as they are.',
        tool_calls: [{ id: `call_${randomUUID()}`, name: 'memory_finish_edits', arguments: '{}' }],
      };
    }
    return { kind: 'message', content: 'Memory left unchanged.' };
  },
};

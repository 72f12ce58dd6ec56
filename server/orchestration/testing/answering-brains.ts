import type { Brain } from '../../agents/brains/brain.ts';
import { currentTurn } from '../../agents/brains/brain.ts';
import { DeterministicBrains } from '../../agents/brains/deterministic.ts';
import { readDispatch } from '../dispatch-message.ts';

/**
 * TEST SUPPORT: brains for agents that answer what they receive with one message and no tool
 * calls, so tests see real turns of the local runtime: a dispatched task is answered
 * `done <task_type> <dispatched_task_id>`, anything else `received: <text>`. `seen` collects the
 * inbound texts per agent id.
 */
export function answeringBrains(roles: string[] = ['worker', 'planner']): { brains: DeterministicBrains; seen: Map<string, string[]> } {
  const seen = new Map<string, string[]>();
  const brain: Brain = {
    name: 'deterministic:answering',
    async decide(input) {
      const text = currentTurn(input.history).inbound?.content ?? '';
      seen.set(input.agent.id, [...(seen.get(input.agent.id) ?? []), text]);
      const task = readDispatch(text);
      return { kind: 'message', content: task ? `done ${task.task_type} ${task.dispatched_task_id}` : `received: ${text}` };
    },
  };
  const brains = new DeterministicBrains();
  for (const role of roles) brains.register(role, brain);
  return { brains, seen };
}

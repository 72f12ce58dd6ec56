import { randomUUID } from 'node:crypto';
import { currentTurn, parseObject, turnToolResults, type Brain, type BrainDecision, type BrainInput } from '../brain.ts';

/**
 * The deterministic brain of the `companion` role (delegated mode), for running without a
 * language model. It follows the companion's message protocol (dcf-plus "Message Protocols")
 * but performs only explicit work: a `task_delegation` whose `context.tool` names one of its
 * attached tools (with `context.args`) is done by calling that tool; the `task_result` —
 * `succeeded` with the tool's return, or `failed` with why — goes back to the conductor with
 * `send_message_to_agent_async`. A task in plain words fails honestly: it needs a model.
 * Any other message is acknowledged.
 */
export const companionBrain: Brain = {
  name: 'deterministic:companion',
  async decide(input: BrainInput): Promise<BrainDecision> {
    const { inbound, steps } = currentTurn(input.history);
    const doc = inbound ? parseObject(inbound.content.slice(Math.max(0, inbound.content.indexOf('{')))) : null;
    if (!doc || doc.type !== 'task_delegation') {
      const kind = typeof doc?.type === 'string' ? doc.type : null;
      return { kind: 'message', content: kind ? `Noted the ${kind} message.` : 'I am a companion agent: I take task_delegation messages from my conductor.' };
    }
    const taskId = String(doc.task_id ?? '');
    const conductor = typeof doc.conductor_id === 'string' ? doc.conductor_id : inbound?.sender_agent_id;
    const context = (typeof doc.context === 'object' && doc.context !== null ? doc.context : {}) as Record<string, unknown>;
    const toolName = typeof context.tool === 'string' ? context.tool : null;
    const has = (name: string) => input.tools.some((t) => t.name === name);
    const results = turnToolResults(steps);
    const work = toolName ? results.find((r) => r.name === toolName) : undefined;
    const reported = results.find((r) => r.name === 'send_message_to_agent_async');

    if (toolName && has(toolName) && !work) {
      const args = typeof context.args === 'object' && context.args !== null ? context.args : {};
      return { kind: 'tool_calls', reasoning: `Task ${taskId}: call ${toolName} as delegated.`, tool_calls: [{ id: `call_${randomUUID()}`, name: toolName, arguments: JSON.stringify(args) }] };
    }
    const succeeded = !!work && work.status === 'success' && work.result?.status !== 'error';
    const result = {
      type: 'task_result',
      task_id: taskId,
      status: succeeded ? 'succeeded' : 'failed',
      output: work
        ? { tool: toolName, result: work.result }
        : { error: toolName ? `the tool ${toolName} is not attached to this companion` : 'this companion runs without a language model: it performs only tasks that name one of its tools in context.tool' },
      metrics: { tool_calls: work ? 1 : 0, skills_used: [] },
      companion_id: input.agent.id,
      completed_at: new Date().toISOString(),
    };
    if (conductor && has('send_message_to_agent_async') && !reported) {
      return {
        kind: 'tool_calls',
        reasoning: `Report task ${taskId} (${result.status}) to the conductor.`,
        tool_calls: [{ id: `call_${randomUUID()}`, name: 'send_message_to_agent_async', arguments: JSON.stringify({ message: JSON.stringify(result), other_agent_id: conductor }) }],
      };
    }
    return { kind: 'message', content: reported ? `Task ${taskId} ${result.status}; result sent to ${conductor}.` : JSON.stringify(result) };
  },
};

import { randomUUID } from 'node:crypto';
import { currentTurn, turnToolResults, type Brain, type BrainDecision, type BrainInput } from '../brain.ts';

/**
 * The deterministic brain of the `conductor` role (delegated mode) for running without a language
 * model. Delegated mode's management tools (create_companion, delegate_task, …) are not built
 * yet, so it does what it can and says so plainly: it records the user's goal in its archival
 * memory (so a later Conductor with those tools finds it), searches the catalog for skills and
 * workflows that fit the request, and answers with what it found and where to go for a run now
 * (a Planner conversation).
 */
export const conductorBrain: Brain = {
  name: 'deterministic:conductor',
  async decide(input: BrainInput): Promise<BrainDecision> {
    const { inbound, steps } = currentTurn(input.history);
    if (!inbound) return { kind: 'message', content: 'I am the Conductor of delegated mode. Tell me what you want done.' };
    const goal = inbound.content.trim();
    const has = (name: string) => input.tools.some((t) => t.name === name);
    const done = turnToolResults(steps);
    const call = (name: string, args: Record<string, unknown>, reasoning: string): BrainDecision => ({ kind: 'tool_calls', reasoning, tool_calls: [{ id: `call_${randomUUID()}`, name, arguments: JSON.stringify(args) }] });

    if (has('archival_memory_insert') && !done.some((r) => r.name === 'archival_memory_insert')) {
      return call('archival_memory_insert', { content: `Session goal (delegated mode): ${goal}` }, 'Record the goal so the session keeps it.');
    }
    if (has('search_embeddings') && !done.some((r) => r.name === 'search_embeddings')) {
      return call('search_embeddings', { query: goal, kinds: ['workflow', 'skill'], limit: 5 }, 'Look for skills and saved workflows that fit the goal.');
    }
    const search = done.find((r) => r.name === 'search_embeddings');
    const hits = search?.status === 'success' && Array.isArray(search.result?.hits) ? (search.result.hits as Array<{ kind: string; key: string; title: string }>) : [];
    const found = hits.length
      ? `What fits in the catalog:\n${hits.map((h) => `- ${h.kind === 'workflow' ? 'workflow' : 'skill'} **${h.title}** (\`${h.key}\`)`).join('\n')}`
      : search?.status === 'success'
        ? 'Nothing in the skill catalog or the saved workflows matches it yet.'
        : `I could not search the catalog${search?.result?.error ? `: ${String(search.result.error)}` : '.'}`;
    return {
      kind: 'message',
      reasoning: 'No language model is configured and the delegation tools are not available yet: answer with the goal recorded and the catalog matches.',
      content: [
        `I have recorded your goal: “${goal}”.`,
        found,
        'Delegating work to Companion agents needs the delegated-mode tools (create_companion, delegate_task), which this console does not have yet, and a language model for planning the split (set OPENAI_MODEL). To run a workflow now, start a **Planner** conversation.',
      ].join('\n\n'),
    };
  },
};

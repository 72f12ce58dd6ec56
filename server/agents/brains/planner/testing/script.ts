import type { BrainDecision, BrainInput, BrainMessage, BrainToolCall } from '../../brain.ts';
import { plannerBrain } from '../planner-brain.ts';

/**
 * TEST SUPPORT for the Planner brain's unit tests: a conversation driven by a scripted tool layer.
 * `turn(text)` appends the user's message and lets the brain decide step after step — each tool
 * call answered by `respond(name, args)` — until it sends its message; the whole history is kept,
 * as the agent loop keeps it, so the next turn sees everything before it.
 */
export type Responder = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>;

export const PLANNER_TOOLS = [
  'search_embeddings',
  'find_closest_workflow',
  'store_memory',
  'get_skillset',
  'get_skill_reliability',
  'get_workflow_lineage',
  'get_saved_workflow',
  'validate_workflow',
  'save_workflow',
  'check_workflow_health',
  'accept_workflow_update',
  'start_workflow_run',
  'get_workflow_run',
  'wait_for_workflow_run',
  'list_advisors',
  'list_products',
  'describe_rule_set',
  'count_calls',
  'summarise_qa_results',
  'list_qa_results',
  'get_qa_result',
  'list_calibration_sessions',
  'get_calibration_results',
];

export const ok = (fields: Record<string, unknown>) => ({ status: 'ok', error: null, ...fields });
export const toolError = (error: string, error_code = 'unavailable') => ({ status: 'error', error, error_code });

export class ScriptedConversation {
  readonly history: BrainMessage[] = [];
  /** Every decision, oldest first. */
  readonly decisions: BrainDecision[] = [];
  /** Every tool call, oldest first. */
  readonly calls: Array<{ name: string; args: Record<string, unknown> }> = [];

  constructor(
    private respond: Responder,
    private readonly opts: { tools?: string[]; clock?: string | null } = {},
  ) {}

  setResponder(r: Responder): void {
    this.respond = r;
  }

  decide(): Promise<BrainDecision> {
    return plannerBrain.decide(this.input());
  }

  /** What the brain reads now, or as it read it when the history had `upTo` messages. */
  input(upTo = this.history.length): BrainInput {
    const clock = this.opts.clock === undefined ? 'Today is 2024-07-08T09:00:00Z (Monday).' : this.opts.clock;
    return {
      agent: { id: 'agent-planner', name: 'planner', role: 'planner', system: '', tags: [] },
      blocks: clock === null ? [] : [{ id: 'block-clock', label: 'clock', value: clock, limit: 2000 }],
      tools: (this.opts.tools ?? PLANNER_TOOLS).map((name) => ({ name, description: name, parameters: { type: 'object' } })),
      history: this.history.slice(0, upTo),
    };
  }

  /** One user turn; returns this turn's calls and the final message. */
  async turn(
    text: string,
    maxSteps = 30,
  ): Promise<{ calls: Array<{ name: string; args: Record<string, unknown> }>; reply: string; reasoning: string[]; content: string[] }> {
    this.history.push({ role: 'user', content: text });
    const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    const reasoning: string[] = [];
    const content: string[] = [];
    for (let i = 0; i < maxSteps; i++) {
      const d = await this.decide();
      this.decisions.push(d);
      if (d.reasoning) reasoning.push(d.reasoning);
      if (d.kind === 'message') {
        this.history.push({ role: 'assistant', content: d.content });
        return { calls, reply: d.content, reasoning, content };
      }
      if (d.content) content.push(d.content);
      this.history.push({
        role: 'assistant',
        content: d.content ?? null,
        tool_calls: d.tool_calls,
        ...(d.reasoning ? { reasoning: d.reasoning } : {}),
      });
      for (const c of d.tool_calls) await this.answer(c, calls);
    }
    throw new Error(`no message after ${maxSteps} steps; calls: ${calls.map((c) => c.name).join(', ')}`);
  }

  private async answer(c: BrainToolCall, calls: Array<{ name: string; args: Record<string, unknown> }>): Promise<void> {
    const args = JSON.parse(c.arguments) as Record<string, unknown>;
    calls.push({ name: c.name, args });
    this.calls.push({ name: c.name, args });
    const result = await this.respond(c.name, args);
    // `{__raw: text}`: the return exactly as the runtime stored it (e.g. cut short at its limit).
    if (typeof result.__raw === 'string')
      this.history.push({ role: 'tool', tool_call_id: c.id, name: c.name, content: result.__raw, status: 'success' });
    else
      this.history.push({
        role: 'tool',
        tool_call_id: c.id,
        name: c.name,
        content: JSON.stringify(result),
        status: result.status === 'ok' ? 'success' : 'error',
      });
  }
}

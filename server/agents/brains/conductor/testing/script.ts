import type { MemoryBlock } from '../../../../contracts/agent-platform.ts';
import type { BrainDecision, BrainInput, BrainMessage, BrainToolCall } from '../../brain.ts';
import { fakeTools } from '../../planner/testing/fake-tools.ts';
import { ok, type Responder } from '../../planner/testing/script.ts';
import { emptyGuidelines, renderGuidelines, type Guidelines } from '../../../../delegation/guidelines.ts';
import { newSessionContext, renderSessionContext, type SessionContext } from '../../../../delegation/session-context.ts';
import { conductorBrain } from '../conductor-brain.ts';

/**
 * TEST SUPPORT for the Conductor brain's unit tests: its memory blocks (session_context,
 * strategist_guidelines, companion_registry, clock — editable between turns), a scripted tool
 * layer (the Planner's fake tools for discovery, plus a Companion pool that create_companion
 * grows and delegate_task keeps busy), and messages from agents (task results, advice).
 */
export const CONDUCTOR = 'agent-conductor';
export const SESSION = 'session-1';

export const CONDUCTOR_TOOLS = [
  'list_advisors',
  'list_products',
  'describe_rule_set',
  'search_embeddings',
  'get_skillset',
  'get_skill_reliability',
  'list_session_companions',
  'create_companion',
  'dismiss_companion',
  'update_companion_status',
  'delegate_task',
  'broadcast_task',
  'update_session_context',
  'finalize_session',
  'read_session_activity',
];

export interface PoolEntry {
  companion_id: string;
  companion_name: string;
  specialization: string;
  status: 'idle' | 'busy' | 'error';
}

export class ScriptedConductor {
  readonly history: BrainMessage[] = [];
  readonly calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  context: SessionContext = newSessionContext(SESSION, CONDUCTOR);
  guidelines: Guidelines = emptyGuidelines();
  poolMax = 4;
  pool: PoolEntry[] = [];
  private made = 0;

  constructor(private readonly overrides: Partial<Record<string, Responder>> = {}) {}

  private blocks(): MemoryBlock[] {
    return [
      { id: 'block-clock', label: 'clock', value: 'Today is 2024-07-08T09:00:00Z (Monday).', limit: 2000 },
      { id: 'block-sc', label: 'session_context', value: renderSessionContext(this.context), limit: 8000 },
      { id: 'block-gl', label: 'strategist_guidelines', value: renderGuidelines(this.guidelines), limit: 12000 },
      {
        id: 'block-reg',
        label: 'companion_registry',
        value: JSON.stringify({ session_id: SESSION, pool_max: this.poolMax, companions: [] }),
        limit: 20000,
      },
    ];
  }

  decide(): Promise<BrainDecision> {
    return conductorBrain.decide(this.input());
  }

  /** What the brain reads now, or as it read it when the history had `upTo` messages. */
  input(upTo = this.history.length): BrainInput {
    return {
      agent: { id: CONDUCTOR, name: 'conductor', role: 'conductor', system: '', tags: ['role:conductor', `session:${SESSION}`] },
      blocks: this.blocks(),
      tools: CONDUCTOR_TOOLS.map((name) => ({ name, description: name, parameters: { type: 'object' } })),
      history: this.history.slice(0, upTo),
    };
  }

  /** A turn answering the user's message, or another agent's (`from`). */
  async turn(
    text: string,
    from?: string,
  ): Promise<{ names: string[]; calls: Array<{ name: string; args: Record<string, unknown> }>; reply: string }> {
    this.history.push(from ? { role: 'user', content: text, sender_agent_id: from } : { role: 'user', content: text });
    const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    for (let i = 0; i < 30; i++) {
      const d = await this.decide();
      if (d.kind === 'message') {
        this.history.push({ role: 'assistant', content: d.content });
        return { names: calls.map((c) => c.name), calls, reply: d.content };
      }
      this.history.push({ role: 'assistant', content: d.content ?? null, tool_calls: d.tool_calls });
      for (const c of d.tool_calls) await this.answer(c, calls);
    }
    throw new Error(`no answer after 30 steps: ${calls.map((c) => c.name).join(', ')}`);
  }

  private async answer(c: BrainToolCall, calls: Array<{ name: string; args: Record<string, unknown> }>): Promise<void> {
    const args = JSON.parse(c.arguments) as Record<string, unknown>;
    calls.push({ name: c.name, args });
    this.calls.push({ name: c.name, args });
    const result = await this.respond(c.name, args);
    this.history.push({
      role: 'tool',
      tool_call_id: c.id,
      name: c.name,
      content: JSON.stringify(result),
      status: result.status === 'ok' ? 'success' : 'error',
    });
  }

  private async respond(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const o = this.overrides[name];
    if (o) return o(name, args);
    switch (name) {
      case 'update_session_context':
        if (typeof args.goals_json === 'string') this.context = { ...this.context, user_goals: JSON.parse(args.goals_json) as unknown[] };
        return ok({ session_id: SESSION, updated_fields: ['user_goals'] });
      case 'list_session_companions':
        return ok({
          session_id: SESSION,
          companions: this.pool.map((p) => ({ ...p, current_task_id: null, loaded_skills: [] })),
          count: this.pool.length,
        });
      case 'create_companion': {
        if (this.pool.length >= this.poolMax) return { status: 'error', error: 'the pool is full', error_code: 'conflict' };
        this.made += 1;
        const entry: PoolEntry = {
          companion_id: `agent-c${this.made}`,
          companion_name: `companion-${this.made}`,
          specialization: String(args.specialization),
          status: 'idle',
        };
        this.pool.push(entry);
        return ok({ companion_id: entry.companion_id, companion_name: entry.companion_name, tags: [], shared_blocks_attached: [] });
      }
      case 'delegate_task': {
        const p = this.pool.find((x) => x.companion_id === args.companion_id);
        if (p) p.status = 'busy';
        return ok({ task_id: args.task_id, companion_id: args.companion_id, message_sent: true, delegation_payload: {} });
      }
      case 'finalize_session':
        return ok({
          session_id: SESSION,
          companions_dismissed: this.pool.length,
          blocks_cleaned: 3,
          archive_path: `/data/sessions/${SESSION}`,
        });
      default:
        return fakeTools()(name, args);
    }
  }

  /** The delegate_task calls made so far, with their parsed skills and context. */
  delegations() {
    return this.calls
      .filter((c) => c.name === 'delegate_task')
      .map((c) => ({
        task_id: String(c.args.task_id),
        companion_id: String(c.args.companion_id),
        skills: JSON.parse(String(c.args.skills_required_json)) as string[],
        context: JSON.parse(String(c.args.context_json)) as Record<string, unknown>,
      }));
  }

  /** A Companion's task_result for a delegated task (its status freed in the pool). */
  result(taskId: string, status: 'succeeded' | 'failed', output: Record<string, unknown>): string {
    const d = this.delegations().find((x) => x.task_id === taskId)!;
    const p = this.pool.find((x) => x.companion_id === d.companion_id);
    if (p) p.status = status === 'succeeded' ? 'idle' : 'error';
    return JSON.stringify({
      type: 'task_result',
      task_id: taskId,
      status,
      output,
      metrics: { duration_s: 4.2, tool_calls: 14, skills_used: d.skills },
      companion_id: d.companion_id,
      completed_at: '2024-07-08T09:05:00Z',
    });
  }
}

export { ok };

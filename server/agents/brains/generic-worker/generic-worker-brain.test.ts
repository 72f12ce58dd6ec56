import { describe, expect, it } from 'vitest';
import type { BrainDecision, BrainInput, BrainMessage } from '../brain.ts';
import { genericWorkerBrain } from './generic-worker-brain.ts';

const SELF = 'agent-gw';
const collab = (kind: string, body: Record<string, unknown>) =>
  `[Incoming message from agent with ID 'agent-coord' - …] ${JSON.stringify({
    collaboration_message: { message_id: 'msg-1', kind, from: 'agent-coord', ...body },
  })}`;

/** Runs the brain to its message, answering each tool call with `answer`. */
async function run(inbound: string, answer: (name: string, args: Record<string, unknown>) => Record<string, unknown>) {
  const history: BrainMessage[] = [{ role: 'user', content: inbound }];
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  for (let i = 0; i < 10; i++) {
    const input: BrainInput = {
      agent: { id: SELF, name: 'gw', role: 'generic-worker', system: '', tags: [] },
      blocks: [],
      tools: [],
      history,
    };
    const d: BrainDecision = await genericWorkerBrain.decide(input);
    if (d.kind === 'message') return { calls, reply: d.content };
    history.push({ role: 'assistant', content: null, tool_calls: d.tool_calls });
    for (const c of d.tool_calls) {
      const args = JSON.parse(c.arguments) as Record<string, unknown>;
      calls.push({ name: c.name, args });
      const r = answer(c.name, args);
      history.push({
        role: 'tool',
        tool_call_id: c.id,
        name: c.name,
        content: JSON.stringify(r),
        status: r.status === 'ok' ? 'success' : 'error',
      });
    }
  }
  throw new Error('no message');
}

const ok = (x: Record<string, unknown> = {}) => ({ status: 'ok', error: null, ...x });
const SKILL_CALL = { skill_tool_call: { skill: 'skill://builtin.echo@1.0.0', arguments: { text: 'hello' } } };

describe('the generic worker without a language model', () => {
  it('carries out a subtask that names a skill tool call and reports the result attributed to itself', async () => {
    const r = await run(
      collab('subtask_delegation', { subtask_id: 'st-1', subtask_description: 'echo', contextual_data: SKILL_CALL }),
      (name) => (name === 'invoke_skill_tool' ? ok({ output: { text: 'hello' } }) : ok()),
    );
    expect(r.calls.map((c) => c.name)).toEqual(['load_skill', 'invoke_skill_tool', 'merge_results']);
    expect(r.calls[1]!.args).toEqual({ agent_id: SELF, skill: 'skill://builtin.echo@1.0.0', args: { text: 'hello' } });
    expect(r.calls[2]!.args).toEqual({ results: [{ subtask_id: 'st-1', model_id: SELF, content: '{"output":{"text":"hello"}}' }] });
    expect(r.reply).toContain('Subtask st-1 is done');
  });

  it('reports a failed skill call as a blocker to the coordinator, without retrying', async () => {
    const r = await run(collab('subtask_delegation', { subtask_id: 'st-2', contextual_data: SKILL_CALL }), (name) =>
      name === 'invoke_skill_tool' ? { status: 'error', error: 'upstream timeout', error_code: 'unavailable' } : ok(),
    );
    expect(r.calls.map((c) => c.name)).toEqual(['load_skill', 'invoke_skill_tool', 'share_plan_update']);
    expect(r.calls[2]!.args).toMatchObject({ sender_id: SELF, recipient_id: 'agent-coord', related_task_id: 'st-2', confidence_level: 0 });
    expect(String(r.calls[2]!.args.plan_summary)).toContain('invoke_skill_tool failed: upstream timeout');
  });

  it('asks for a skill tool call when a subtask or an assistance request is in words only', async () => {
    const words = await run(collab('subtask_delegation', { subtask_id: 'st-3', subtask_description: 'Summarise the call' }), () => ok());
    expect(words.calls.map((c) => c.name)).toEqual(['share_plan_update']);
    expect(String(words.calls[0]!.args.plan_summary)).toContain('names a skill tool call');
    const help = await run(collab('assistance_request', { task_description: 'Translate this' }), () => ok());
    expect(help.calls.map((c) => c.name)).toEqual(['share_plan_update']);
    expect(help.calls[0]!.args).toMatchObject({ recipient_id: 'agent-coord', confidence_level: 0 });
  });

  it('acknowledges other messages without acting, and says what it can do for plain words', async () => {
    expect((await run(collab('session_invite', {}), () => ok())).calls).toEqual([]);
    const plain = await run('please write me a report', () => ok());
    expect(plain.calls).toEqual([]);
    expect(plain.reply).toContain('without a language model');
  });
});

import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../contracts/agent-platform.ts';
import { asyncEnvelope } from '../agents/local/messages-between-agents.ts';
import { combineTurnWork, type AgentWork, type TurnStart } from './turn-work.ts';

const at = (s: number) => new Date(Date.UTC(2024, 6, 8, 9, 0, s)).toISOString();
let n = 0;
/** A stored message of `agent` at second `s` of the turn. */
const msg = (agent: string, s: number, event: StoredMessage['event']): StoredMessage => ({
  id: `m${++n}`,
  agent_id: agent,
  created_at: at(s),
  event,
});
const callMsg = (agent: string, s: number, id: string, name: string, args: string) =>
  msg(agent, s, { message_type: 'tool_call_message', id: `e${n}`, tool_call: { tool_call_id: id, name, arguments: args } });
const ret = (agent: string, s: number, id: string, name: string, status: 'success' | 'error', body: unknown) =>
  msg(agent, s, { message_type: 'tool_return_message', id: `e${n}`, tool_call_id: id, name, status, tool_return: JSON.stringify(body) });
const say = (agent: string, s: number, content: string) => msg(agent, s, { message_type: 'assistant_message', id: `e${n}`, content });
const from = (agent: string, s: number, sender: string, content: string) =>
  msg(agent, s, { message_type: 'user_message', id: `e${n}`, content, sender_agent_id: sender });

const start: TurnStart = { agentId: 'conductor', messageId: 'm0', at: at(0) };
const result = {
  type: 'task_result',
  task_id: 't1',
  status: 'succeeded',
  output: { summary: 'done' },
  metrics: { duration_s: 1, tool_calls: 1, skills_used: [] },
  companion_id: 'companion',
  completed_at: at(3),
};

describe("combineTurnWork: what a chat turn did, from the agents' histories", () => {
  const conductor: AgentWork = {
    agentId: 'conductor',
    messages: [
      callMsg('conductor', 1, 'c1', 'delegate_task', '{"task_id":"t1"}'),
      ret('conductor', 1, 'c1', 'delegate_task', 'success', { status: 'ok', task_id: 't1' }),
      say('conductor', 1, 'Delegated t1.'),
      from('conductor', 4, 'companion', asyncEnvelope('companion', JSON.stringify(result))),
      say('conductor', 4, '   '),
      callMsg('conductor', 5, 'c2', 'start_workflow_run', '{"workflow_id":"w"}'),
      ret('conductor', 5, 'c2', 'start_workflow_run', 'success', { status: 'ok', run_id: 'run-1' }),
      callMsg('conductor', 5, 'c3', 'redrive_workflow_run', '{"run_id":"run-0"}'),
      ret('conductor', 5, 'c3', 'redrive_workflow_run', 'error', { status: 'error', error_code: 'conflict', run_id: 'run-0' }),
      callMsg('conductor', 6, 'c4', 'start_workflow_run', 'not json'),
      say('conductor', 6, 'Merged: done.'),
    ],
  };
  const companion: AgentWork = {
    agentId: 'companion',
    messages: [
      from('companion', 2, 'conductor', asyncEnvelope('conductor', '{"type":"task_delegation","task_id":"t1"}')),
      callMsg(
        'companion',
        3,
        'k1',
        'send_message_to_agent_async',
        JSON.stringify({ other_agent_id: 'conductor', message: JSON.stringify(result) }),
      ),
      ret('companion', 3, 'k1', 'send_message_to_agent_async', 'success', { status: 'ok' }),
      from('companion', 7, 'conductor', 'thanks'),
      msg('companion', 8, { message_type: 'user_message', id: 'host', content: '{"type":"session_observation"}' }),
    ],
  };

  it("the reply is the main agent's answers with text, in order", () => {
    expect(combineTurnWork(start, [companion, conductor]).reply).toEqual(['Delegated t1.', 'Merged: done.']);
  });

  it('tool calls of every agent in time order, with their outcome; a call without a return is pending; arguments that are not JSON stay text', () => {
    expect(combineTurnWork(start, [companion, conductor]).tool_calls).toEqual([
      { agent: 'conductor', name: 'delegate_task', args: { task_id: 't1' }, status: 'ok' },
      {
        agent: 'companion',
        name: 'send_message_to_agent_async',
        args: { other_agent_id: 'conductor', message: JSON.stringify(result) },
        status: 'ok',
      },
      { agent: 'conductor', name: 'start_workflow_run', args: { workflow_id: 'w' }, status: 'ok' },
      { agent: 'conductor', name: 'redrive_workflow_run', args: { run_id: 'run-0' }, status: 'error' },
      { agent: 'conductor', name: 'start_workflow_run', args: 'not json', status: 'pending' },
    ]);
  });

  it('messages between agents by the protocol message they carry (or text); host messages are not between agents', () => {
    expect(combineTurnWork(start, [conductor, companion]).messages).toEqual([
      { from: 'conductor', to: 'companion', type: 'task_delegation' },
      { from: 'companion', to: 'conductor', type: 'task_result' },
      { from: 'conductor', to: 'companion', type: 'text' },
    ]);
  });

  it('runs: those a successful start or redrive named, once each', () => {
    const again: AgentWork = {
      agentId: 'companion',
      messages: [
        callMsg('companion', 9, 'k9', 'start_workflow_run', '{}'),
        ret('companion', 9, 'k9', 'start_workflow_run', 'success', { status: 'ok', run_id: 'run-1' }),
      ],
    };
    expect(combineTurnWork(start, [conductor, again]).run_ids).toEqual(['run-1']);
  });

  it('error messages of the main agent are reported', () => {
    const error = { message_type: 'error_message' as const, id: 'x', error_type: 'llm_api_error', message: 'the model endpoint refused' };
    const failed: AgentWork = { agentId: 'conductor', messages: [msg('conductor', 1, error)] };
    expect(combineTurnWork(start, [failed])).toMatchObject({ reply: [], errors: ['the model endpoint refused'] });
  });
});

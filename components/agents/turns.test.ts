import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '@/server/contracts/agent-platform';
import { turnsOf } from './turns';

let n = 0;
const at = (s: number) => new Date(Date.UTC(2024, 6, 8, 9, 0, s)).toISOString();
const msg = (s: number, event: StoredMessage['event']): StoredMessage => ({
  id: 'id' in event ? event.id : `m-${++n}`,
  agent_id: 'agent-1',
  created_at: at(s),
  event,
});

const HISTORY: StoredMessage[] = [
  msg(1, { message_type: 'user_message', id: 'u1', content: 'Hello' }),
  msg(2, { message_type: 'reasoning_message', id: 's1', reasoning: 'look it up' }),
  msg(2, { message_type: 'tool_call_message', id: 's1', tool_call: { tool_call_id: 'c1', name: 'get_skillset', arguments: '{}' } }),
  msg(3, {
    message_type: 'tool_return_message',
    id: 'r1',
    tool_call_id: 'c1',
    name: 'get_skillset',
    status: 'success',
    tool_return: '{"status":"error","error":"nope"}',
  }),
  msg(4, { message_type: 'assistant_message', id: 'a1', content: 'Found nothing.' }),
  msg(5, { message_type: 'user_message', id: 'u2', content: '{"message_type":"task_result"}', sender_agent_id: 'agent-companion' }),
  msg(6, { message_type: 'error_message', id: 'e1', error_type: 'llm_error', message: 'refused' }),
];

describe('turnsOf', () => {
  it('groups the history into turns, newest first, each opened by what came in', () => {
    const turns = turnsOf([...HISTORY].reverse());
    expect(turns.map((t) => [t.opener?.kind, t.opener?.id, t.items.map((i) => i.kind)])).toEqual([
      ['agent', 'u2', ['error']],
      ['user', 'u1', ['reasoning', 'tool', 'assistant']],
    ]);
    expect(turns[1]).toMatchObject({ key: 'u1', at: at(1), toolCalls: 1, problems: 1 });
    expect(turns[0]).toMatchObject({ at: at(5), toolCalls: 0, problems: 1 });
  });

  it('pairs a tool call with its return, as the chat does', () => {
    const tool = turnsOf([...HISTORY].reverse())[1]!.items.find((i) => i.kind === 'tool');
    expect(tool).toMatchObject({ kind: 'tool', callId: 'c1', ret: { status: 'success' } });
  });

  it('keeps a turn whose start is not loaded, without an opener', () => {
    const turns = turnsOf(HISTORY.slice(3, 5).reverse());
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ opener: null, key: 'r1', at: at(3) });
    expect(turns[0]!.items.map((i) => i.kind)).toEqual(['tool', 'assistant']);
  });

  it('has no turns for no history', () => {
    expect(turnsOf([])).toEqual([]);
  });
});

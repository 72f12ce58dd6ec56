import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '@/server/contracts/agent-platform';
import { LIVE_USER_MESSAGE_ID, foldThread, mergeThread, toolError, toolStatus, turnStopReason, turnUsage, type ToolItem } from './thread';

const stored = (event: StoredMessage['event'], at = '2024-07-08T10:00:00.000Z'): StoredMessage => ({
  id: 'id' in event ? event.id : 'x',
  agent_id: 'agent-1',
  created_at: at,
  event,
});
const call = (id: string, name: string, args: unknown) => ({
  message_type: 'tool_call_message' as const,
  id: `m-${id}`,
  tool_call: { tool_call_id: id, name, arguments: JSON.stringify(args) },
});
const ret = (id: string, name: string, value: unknown, status: 'success' | 'error' = 'success') => ({
  message_type: 'tool_return_message' as const,
  id: `r-${id}`,
  tool_call_id: id,
  name,
  status,
  tool_return: typeof value === 'string' ? value : JSON.stringify(value),
});

describe('foldThread', () => {
  it('turns history into user, reasoning, tool (call + return as one) and assistant items, in order', () => {
    const items = foldThread([
      { event: { message_type: 'user_message', id: 'u1', content: 'Analyse Alex Wong’s calls last week' } },
      { event: { message_type: 'reasoning_message', id: 'th1', reasoning: 'Look for a saved workflow.' } },
      { event: call('c1', 'find_closest_workflow', { query: 'advice call QA' }) },
      { event: ret('c1', 'find_closest_workflow', { status: 'ok', error: null, candidates: [] }) },
      { event: { message_type: 'assistant_message', id: 'a1', content: 'I found one.' } },
      { event: { message_type: 'usage_statistics', prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, step_count: 2 } },
      { event: { message_type: 'stop_reason', stop_reason: 'end_turn' } },
    ]);
    expect(items.map((i) => i.kind)).toEqual(['user', 'reasoning', 'tool', 'assistant']);
    const tool = items[2] as ToolItem;
    expect(tool).toMatchObject({
      name: 'find_closest_workflow',
      args: { query: 'advice call QA' },
      ret: { status: 'success', value: { status: 'ok' } },
    });
    expect(toolStatus(tool)).toBe('ok');
  });

  it('pairs returns with their calls when several calls run in one step', () => {
    const items = foldThread([
      { event: call('a', 'get_skillset', {}) },
      { event: call('b', 'validate_workflow', {}) },
      { event: ret('b', 'validate_workflow', { status: 'ok' }) },
      { event: ret('a', 'get_skillset', { status: 'ok' }) },
    ]);
    expect(items).toHaveLength(2);
    expect(items.map((i) => (i as ToolItem).ret?.status)).toEqual(['success', 'success']);
  });

  it('a call without a return is pending; an error envelope or platform error is an error with its message', () => {
    const [pending] = foldThread([{ event: call('a', 'wait_for_workflow_run', { run_id: 'r' }) }]) as ToolItem[];
    expect(toolStatus(pending!)).toBe('pending');
    const [failed] = foldThread([
      { event: call('a', 'save_workflow', {}) },
      { event: ret('a', 'save_workflow', { status: 'error', error: 'that workflow version is already saved', error_code: 'conflict' }) },
    ]) as ToolItem[];
    expect(toolStatus(failed!)).toBe('error');
    expect(toolError(failed!)).toBe('that workflow version is already saved');
    const [crashed] = foldThread([{ event: call('a', 'x', {}) }, { event: ret('a', 'x', 'Traceback …', 'error') }]) as ToolItem[];
    expect(toolError(crashed!)).toBe('Traceback …');
  });

  it('keeps a return whose call is not in the loaded history, with unparsable text as text', () => {
    const items = foldThread([
      { event: ret('zz', 'get_workflow_run', '{"status":"ok","run":… [truncated: 80000 characters, limit 50000]') },
    ]);
    expect(items).toEqual([
      {
        kind: 'tool',
        id: 'r-zz',
        callId: 'zz',
        name: 'get_workflow_run',
        arguments: '',
        args: undefined,
        ret: expect.objectContaining({ value: undefined }),
      },
    ]);
  });

  it('shows messages other agents sent as agent items, system messages and error messages', () => {
    const items = foldThread([
      { event: { message_type: 'user_message', id: 'u', content: 'result ready', sender_agent_id: 'agent-companion-1' } },
      { event: { message_type: 'system_message', id: 's', content: 'memory updated' } },
      // Letta delivers another agent's message as a system message with its sender.
      {
        event: {
          message_type: 'system_message',
          id: 'l',
          content: "[Incoming message from agent with ID 'agent-s'] advice",
          sender_agent_id: 'agent-s',
        },
      },
      { event: { message_type: 'error_message', id: 'e', error_type: 'llm_error', message: 'the model endpoint refused', detail: '401' } },
    ]);
    expect(items).toEqual([
      { kind: 'agent', id: 'u', content: 'result ready', sender: 'agent-companion-1', at: undefined },
      { kind: 'system', id: 's', content: 'memory updated', at: undefined },
      { kind: 'agent', id: 'l', content: "[Incoming message from agent with ID 'agent-s'] advice", sender: 'agent-s', at: undefined },
      { kind: 'error', id: 'e', errorType: 'llm_error', message: 'the model endpoint refused', detail: '401' },
    ]);
  });

  it('skips empty assistant text and empty reasoning', () => {
    expect(
      foldThread([
        { event: { message_type: 'assistant_message', id: 'a', content: '  ' } },
        { event: { message_type: 'reasoning_message', id: 'r', reasoning: '' } },
      ]),
    ).toEqual([]);
  });
});

describe('mergeThread', () => {
  const history = [
    stored({ message_type: 'user_message', id: 'u1', content: 'Hi' }),
    stored({ message_type: 'assistant_message', id: 'a1', content: 'Hello' }),
  ];

  it('appends the live turn: the message sent, then its events', () => {
    const merged = mergeThread(history, {
      content: 'Next',
      accepted: true,
      events: [{ message_type: 'reasoning_message', id: 'r2', reasoning: '…' }],
    });
    expect(merged.map((m) => ('id' in m.event ? m.event.id : m.event.message_type))).toEqual(['u1', 'a1', LIVE_USER_MESSAGE_ID, 'r2']);
  });

  it('does not repeat what a history re-read mid-turn already holds', () => {
    const reread = [
      ...history,
      stored({ message_type: 'user_message', id: 'u2', content: 'Next' }),
      stored({ message_type: 'reasoning_message', id: 'r2', reasoning: '…' }),
    ];
    const merged = mergeThread(reread, {
      content: 'Next',
      accepted: true,
      events: [
        { message_type: 'reasoning_message', id: 'r2', reasoning: '…' },
        { message_type: 'assistant_message', id: 'a2', content: 'Done' },
        { message_type: 'stop_reason', stop_reason: 'end_turn' },
      ],
    });
    expect(merged.map((m) => ('id' in m.event ? m.event.id : m.event.message_type))).toEqual(['u1', 'a1', 'u2', 'r2', 'a2', 'stop_reason']);
  });

  it('without a live turn it is the history with its times', () => {
    expect(mergeThread(history, null)).toEqual(history.map((m) => ({ event: m.event, at: m.created_at })));
  });
});

describe('turn usage and stop reason', () => {
  it('read the last usage_statistics and stop_reason events', () => {
    const events = [
      { message_type: 'usage_statistics' as const, prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, step_count: 3 },
      { message_type: 'stop_reason' as const, stop_reason: 'max_steps' },
    ];
    expect(turnUsage(events)?.step_count).toBe(3);
    expect(turnStopReason(events)).toBe('max_steps');
    expect(turnStopReason([])).toBeNull();
  });
});

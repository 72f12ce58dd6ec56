import { describe, expect, it } from 'vitest';
import { chatAgentName, chatAgentOf } from './chat-agent-name.ts';

describe("a chat agent's name", () => {
  it('is read back as the mode, the e-mail and the start of the conversation id it was made from', () => {
    const name = chatAgentName('planner', 'casey@demo.dcf', '96204138-0c1d-4b2a-9f7e-3d2c1b0a9f8e');
    expect(name).toBe('planner-casey@demo.dcf-96204138');
    expect(chatAgentOf(name)).toEqual({ mode: 'planner', email: 'casey@demo.dcf', conversationIdPrefix: '96204138' });
    expect(chatAgentOf(chatAgentName('conductor', 'first-last@corp.test', 'abcdef01-0000-4000-8000-000000000000'))).toEqual({
      mode: 'conductor',
      email: 'first-last@corp.test',
      conversationIdPrefix: 'abcdef01',
    });
  });

  it('is none for names no chat gives (workers, tokens, Companions, ids)', () => {
    expect(chatAgentOf('agent-0b7a2f7e-0000-4000-8000-000000000001')).toBeNull();
    expect(chatAgentOf('companion-x')).toBeNull();
    expect(chatAgentOf('planner-casey@demo.dcf')).toBeNull();
    expect(chatAgentOf('strategist-casey@demo.dcf-96204138')).toBeNull();
    expect(chatAgentOf('planner-casey-96204138')).toBeNull();
  });
});

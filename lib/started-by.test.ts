import { describe, expect, it } from 'vitest';
import { chatAgentName } from './chat-agent-name.ts';
import { startedByText } from './started-by.ts';

describe('startedByText', () => {
  it("says a chat agent's name as its person and chat", () => {
    expect(startedByText(chatAgentName('planner', 'casey@demo.dcf', '96204138-aaaa-4bbb-8ccc-dddddddddddd'))).toBe(
      'casey@demo.dcf · Planner chat',
    );
    expect(startedByText('conductor-j.o-neil@lender.co.uk-0a1b2c3d')).toBe('j.o-neil@lender.co.uk · Conductor chat');
  });

  it('says the command line and its user', () => {
    expect(startedByText('cli:root')).toBe('dcf command line · root');
  });

  it('leaves an e-mail, a system component and anything unknown as recorded', () => {
    for (const raw of ['compliance@demo.dcf', 'scheduler', 'cli:', 'planner-nobody-12345678', 'bench'])
      expect(startedByText(raw)).toBe(raw);
  });
});

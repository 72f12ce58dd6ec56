/** The two chat modes. A pure module: the browser reads these names too (started-by.ts). */
export type ChatMode = 'planner' | 'conductor';

/**
 * The name a chat's agent is given on the platform: `<mode>-<user's e-mail>-<first 8 of the
 * conversation id>` ("planner-casey@demo.dcf-96204138"). Written by createConversation and read back
 * by chatAgentOf where only the name is known: an agent calling over MCP acts under its name.
 */
export const chatAgentName = (mode: ChatMode, email: string, conversationId: string) => `${mode}-${email}-${conversationId.slice(0, 8)}`;

const NAME = /^(planner|conductor)-(.+@.+)-([0-9a-f]{8})$/;

/** What a chat agent's name says (its mode, its user's e-mail, the start of its conversation id); null for any other name. */
export function chatAgentOf(name: string): { mode: ChatMode; email: string; conversationIdPrefix: string } | null {
  const m = NAME.exec(name);
  return m ? { mode: m[1] as ChatMode, email: m[2]!, conversationIdPrefix: m[3]! } : null;
}

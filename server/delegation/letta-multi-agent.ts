/**
 * Letta's built-in multi-agent tools (tool_type `letta_multi_agent_core`) and the text Letta's own
 * implementations (LettaMultiAgentToolExecutor) put in front of a message from another agent, so
 * that a message the host sends on an agent's behalf reads exactly like one the agent sent with
 * the tool itself, and a stored message can be traced back to its sender.
 */

/** The built-in multi-agent tools, by their current names. */
export const MULTI_AGENT_TOOLS = [
  'send_message_to_agent_async',
  'send_message_to_agent_and_wait_for_reply',
  'send_message_to_agents_matching_tags',
] as const;

/** Former names Letta renamed; templates written against older Letta (and the DCF+ spec) use them. */
export const RENAMED_TOOLS: Readonly<Record<string, string>> = {
  send_message_to_agents_matching_all_tags: 'send_message_to_agents_matching_tags',
};

/** The current name of a tool: renamed multi-agent tools map to their new name, others are unchanged. */
export function currentToolName(name: string): string {
  return RENAMED_TOOLS[name] ?? name;
}

/** Whether `name` (old or new spelling) is one of Letta's built-in multi-agent tools. */
export function isMultiAgentTool(name: string): boolean {
  return (MULTI_AGENT_TOOLS as readonly string[]).includes(currentToolName(name));
}

/** What `send_message_to_agent_async` delivers (Letta's wording): a one-way message naming the sender. */
export function asyncAgentMessage(fromAgentId: string, text: string): string {
  return (
    `[Incoming message from agent with ID '${fromAgentId}' - to reply to this message, make sure to use ` +
    `the 'send_message_to_agent_async' tool, or the agent will not receive your message] ${text}`
  );
}

/** What `send_message_to_agent_and_wait_for_reply` delivers (Letta's wording): the reply goes back to the sender. */
export function replyAgentMessage(fromAgentId: string, text: string): string {
  return (
    `[Incoming message from agent with ID '${fromAgentId}' - to reply to this message, make sure to use ` +
    `the 'send_message' at the end, and the system will notify the sender of your response] ${text}`
  );
}

/**
 * The preamble of any of Letta's multi-agent tools: `[Incoming message from agent with ID '<id>' …]`
 * (async, wait-for-reply) or `[Incoming message from external Letta agent …]` (matching tags,
 * which does not name the sender). The bracket holds no `]` in any of Letta's wordings.
 */
const PREAMBLE = /^\[Incoming message from (?:agent with ID '([^']+)'|external Letta agent)[^\]]*\]\s?/;

/**
 * A message another agent sent through a multi-agent tool, read back from the receiver's history:
 * the sender's id (null when Letta's preamble does not name it) and the text the sender wrote,
 * without the preamble. Null for a text without such a preamble.
 */
export function readAgentMessage(content: string): { sender: string | null; text: string } | null {
  const m = PREAMBLE.exec(content);
  return m ? { sender: m[1] ?? null, text: content.slice(m[0].length) } : null;
}

/**
 * Letta's built-in multi-agent tools (tool_type `letta_multi_agent_core`) and the text Letta's own
 * implementations put in front of a message from another agent, so that a message the host sends
 * on an agent's behalf reads exactly like one the agent sent with the tool itself.
 */

/** The built-in multi-agent tools, by their current names. */
export const MULTI_AGENT_TOOLS = ['send_message_to_agent_async', 'send_message_to_agent_and_wait_for_reply', 'send_message_to_agents_matching_tags'] as const;

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

/** The message `send_message_to_agent_async` delivers: a one-way notification naming the sender. */
export function asyncAgentMessage(fromAgentId: string, text: string): string {
  return `[Incoming message from agent with ID '${fromAgentId}' - this is a one-way notification; if you need to respond, use an agent-to-agent messaging tool if available] ${text}`;
}

/** The message `send_message_to_agent_and_wait_for_reply` delivers: the reply goes back to the sender. */
export function replyAgentMessage(fromAgentId: string, text: string): string {
  return `[Incoming message from agent with ID '${fromAgentId}' - your response will be delivered to the sender] ${text}`;
}

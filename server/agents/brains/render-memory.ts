import type { MemoryBlock } from '../../contracts/agent-platform.ts';

/**
 * The agent's core memory as text for a language model's system prompt, in the layout Letta
 * uses (`<memory_blocks>` with one element per block label, its description, size and value),
 * so a template's prompt written for Letta reads the same here.
 */
export function renderCoreMemory(blocks: MemoryBlock[]): string {
  if (!blocks.length) return '';
  const parts = blocks.map((b) =>
    [
      `<${b.label}>`,
      b.description ? `<description>\n${b.description}\n</description>` : null,
      `<metadata>\n- chars_current=${b.value.length}\n- chars_limit=${b.limit}${b.read_only ? '\n- read_only=true' : ''}\n</metadata>`,
      `<value>\n${b.value}\n</value>`,
      `</${b.label}>`,
    ]
      .filter((l) => l !== null)
      .join('\n'),
  );
  return [
    '<memory_blocks>',
    'The following memory blocks are currently engaged in your core memory unit:',
    '',
    ...parts,
    '</memory_blocks>',
  ].join('\n');
}

/**
 * The system prompt a language model receives: the agent's instructions, its core memory, and
 * who it is (its agent id is an argument of many tools: leases, skills, agent-to-agent messages).
 */
export function systemPrompt(agent: { id: string; name: string; system: string }, blocks: MemoryBlock[], now = new Date()): string {
  const identity = [
    '<memory_metadata>',
    `- agent_id=${agent.id}`,
    `- agent_name=${agent.name}`,
    `- current_time=${now.toISOString()}`,
    '</memory_metadata>',
  ].join('\n');
  return [agent.system, renderCoreMemory(blocks), identity].filter(Boolean).join('\n\n');
}

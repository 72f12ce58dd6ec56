import { z } from 'zod';
import type { AgentCreateParams } from '@letta-ai/letta-client/resources/agents/agents';
import type { CreateAgentSpec } from '../../contracts/agent-platform.ts';
import { currentToolName, isMultiAgentTool } from '../../delegation/letta-multi-agent.ts';

/**
 * Letta agent files (`.af` v2, the OpenAPI `AgentFileSchema`) turned into an `agents.create`
 * request. Only the first agent is created: a sleep-time companion in the file (a `sleeptime`
 * group) becomes `enable_sleeptime`, and Letta creates the companion itself. Ids inside the
 * file (`agent-0`, `block-1`, `tool-6`) are file-local references and are resolved here.
 */

const fileBlock = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  limit: z.number().int().nullish(),
  description: z.string().nullish(),
  read_only: z.boolean().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const fileAgent = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  system: z.string().nullish(),
  tool_ids: z.array(z.string()).nullish(),
  /** Tool names (the create-agent form), besides `tool_ids`. */
  tools: z.array(z.string()).nullish(),
  block_ids: z.array(z.string()).nullish(),
  group_ids: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  tool_rules: z.array(z.unknown()).nullish(),
  memory_blocks: z.array(fileBlock.omit({ id: true })).nullish(),
  enable_sleeptime: z.boolean().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

/** The parts of an `AgentFileSchema` document the adapter reads. */
export const agentFileSchema = z.object({
  agents: z.array(fileAgent).min(1, 'an agent file needs at least one agent'),
  blocks: z.array(fileBlock).default([]),
  tools: z.array(z.object({ id: z.string(), name: z.string(), tool_type: z.string().nullish() })).default([]),
  groups: z
    .array(z.object({ id: z.string(), agent_ids: z.array(z.string()), manager_config: z.object({ manager_type: z.string() }).nullish() }))
    .default([]),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type AgentFile = z.infer<typeof agentFileSchema>;

/** A template that cannot be turned into an agent (bad file, unknown reference, tool not served). */
export class AgentTemplateError extends Error {
  override readonly name = 'AgentTemplateError';
  constructor(
    readonly template: string,
    readonly problems: string[],
  ) {
    super(`Agent template "${template}" cannot be used: ${problems.join('; ')}`);
  }
}

/** Fields of the file's agent passed to `agents.create` as they are (all are `CreateAgentRequest` fields). */
const COPIED_FIELDS = [
  'system',
  'agent_type',
  'description',
  'llm_config',
  'embedding_config',
  'model',
  'embedding',
  'model_settings',
  'compaction_settings',
  'context_window_limit',
  'embedding_chunk_size',
  'max_tokens',
  'max_reasoning_tokens',
  'enable_reasoner',
  'reasoning',
  'response_format',
  'timezone',
  'max_files_open',
  'per_file_view_window_char_limit',
  'message_buffer_autoclear',
  'parallel_tool_calls',
  'memory_variables',
  'tool_exec_environment_variables',
  'hidden',
  'include_base_tool_rules',
] as const;

/** Parses an agent file; problems are reported as an AgentTemplateError. */
export function parseAgentFile(template: string, json: unknown): AgentFile {
  const parsed = agentFileSchema.safeParse(json);
  if (!parsed.success)
    throw new AgentTemplateError(
      template,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  return parsed.data;
}

/** `planner`, or `planner@1.0.0` when the file's metadata has a `template_version` (or `version`). */
export function templateRef(template: string, file: AgentFile): string {
  const version = file.metadata?.template_version ?? file.metadata?.version;
  return typeof version === 'string' && version ? `${template}@${version}` : template;
}

const isLettaTool = (toolType: string | null | undefined) => !!toolType && toolType.startsWith('letta_');

/**
 * The `agents.create` body for `spec` from its template. `mcpTools` maps the names of the tools our
 * MCP server registered with Letta to their Letta tool ids: those are attached by id (`tool_ids`);
 * Letta's own tools (tool_type `letta_*`, and the multi-agent tools under either spelling) are
 * attached by name (`tools`), which Letta resolves to its built-ins.
 */
export function buildCreateAgentRequest(file: AgentFile, spec: CreateAgentSpec, mcpTools: ReadonlyMap<string, string>): AgentCreateParams {
  const agent = file.agents[0]!;
  const problems: string[] = [];
  const byId = <T extends { id: string }>(items: T[], ids: string[] | null | undefined, kind: string) =>
    (ids ?? []).flatMap((ref) => {
      const found = items.find((i) => i.id === ref);
      if (!found) problems.push(`agent "${agent.id}" refers to ${kind} "${ref}", which the file does not define`);
      return found ? [found] : [];
    });

  const builtinNames = new Set<string>();
  const toolIds = new Set<string>();
  const attachByName = (name: string, toolType: string | null | undefined, mustBeServed: boolean) => {
    const id = mcpTools.get(name);
    if (isMultiAgentTool(name) || isLettaTool(toolType)) builtinNames.add(currentToolName(name));
    else if (id) toolIds.add(id);
    else if (mustBeServed) problems.push(`tool "${name}" (${toolType ?? 'no tool_type'}) is not served by the DCF MCP server`);
    else builtinNames.add(name);
  };
  for (const tool of byId(file.tools, agent.tool_ids, 'tool')) attachByName(tool.name, tool.tool_type, true);
  for (const name of [...(agent.tools ?? []), ...(spec.tools ?? [])]) attachByName(name, null, false);

  const memoryBlocks = [
    ...byId(file.blocks, agent.block_ids, 'block').map(({ id: _fileLocalId, ...block }) => block),
    ...(agent.memory_blocks ?? []),
    ...(spec.blocks ?? []),
  ].map((b) =>
    dropNullish({
      label: b.label,
      value: b.value,
      limit: b.limit,
      description: b.description,
      read_only: 'read_only' in b ? b.read_only : undefined,
    }),
  );

  const sleeptimeGroup = file.groups.some((g) => g.manager_config?.manager_type === 'sleeptime' && (agent.group_ids ?? []).includes(g.id));
  if (problems.length) throw new AgentTemplateError(spec.template, problems);

  const copied = Object.fromEntries(COPIED_FIELDS.filter((k) => agent[k] != null).map((k) => [k, agent[k]]));
  return {
    ...copied,
    name: spec.name ?? agent.name ?? spec.template,
    tags: [...new Set([...(agent.tags ?? []), ...(spec.tags ?? [])])],
    memory_blocks: memoryBlocks as AgentCreateParams['memory_blocks'],
    block_ids: spec.block_ids?.length ? [...spec.block_ids] : undefined,
    tools: [...builtinNames],
    tool_ids: [...toolIds],
    tool_rules: (agent.tool_rules ?? undefined) as AgentCreateParams['tool_rules'],
    // The file lists every tool the agent has: Letta must not add its default set on top.
    include_base_tools: false,
    enable_sleeptime: spec.enable_sleeptime ?? agent.enable_sleeptime ?? sleeptimeGroup,
    metadata: { ...(agent.metadata ?? {}), dcf_template: templateRef(spec.template, file) },
  } as AgentCreateParams;
}

function dropNullish<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v != null)) as Partial<T>;
}

import { randomBytes } from 'node:crypto';
import { createApiToken } from '../auth/api-tokens.ts';
import { callerTokenId, mintWithinCap, type Minter } from '../auth/token-lineage.ts';
import { collaborationExternalAgents } from '../db/schema/index.ts';
import { normalizeCapability } from './capability-words.ts';
import { requireAgents } from './agents.ts';
import type { Collab } from './context.ts';
import { assertActsAs, CollaborationError, writerOf } from './errors.ts';
import { sendCollaborationMessage } from './messaging.ts';

export const AGENT_TYPES = ['cline-vscode', 'claude-desktop', 'roocode-vscode', 'generic-worker'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export interface SpawnInput {
  requesting_agent_id: string;
  agent_type: AgentType;
  role: string;
  capabilities: string[];
  initial_task_description?: string;
}

/** `Data Analyst` → `data-analyst` (a tag value and part of an id). */
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'agent';

/** The assignment an agent receives: its role, capabilities, who asked, and the first task. */
export function assignmentText(input: SpawnInput, capabilities: readonly string[]): string {
  return [
    `Role: ${input.role}`,
    `Capabilities: ${capabilities.length ? capabilities.join(', ') : '(none given)'}`,
    `Spawned by: ${input.requesting_agent_id}`,
    `First task: ${input.initial_task_description?.trim() || '(none yet: wait for a subtask_delegation)'}`,
  ].join('\n');
}

export function externalSystemPrompt(id: string, input: SpawnInput, capabilities: readonly string[]): string {
  return [
    `You are ${id}, a ${input.role} agent taking part in collaborations of the DCF Console through its MCP server "dcf".`,
    assignmentText(input, capabilities),
    'Use your agent id wherever a tool asks for your id (sender_id, requesting_agent_id, evaluating_agent_id, model_id).',
    'Report progress with share_plan_update, results with merge_results, ask for help with request_assistance, and rate',
    'the work of others with evaluate_contribution. Do only what your role and capabilities cover.',
  ].join('\n');
}

/**
 * The token `spawn_agent` issues (server/auth/api-tokens.ts): `write`, named after the proposed agent,
 * in the caller's lineage (minted by the caller's token when it has one), within the spawn cap
 * (DCF_SPAWN_MAX_PER_ROOT, server/auth/token-lineage.ts). Over the cap: `conflict` with the figures.
 */
async function issueToken(c: Collab, agentName: string) {
  const minter: Minter = { tokenId: callerTokenId(c.actor), actor: writerOf(c.actor) };
  const minted = await mintWithinCap(c.db, minter, c.config.spawnMaxPerRoot, (db) =>
    createApiToken(db, {
      name: `spawn_agent: ${agentName}`,
      agentName,
      scopes: ['write'],
      createdBy: c.actor.kind === 'user' ? c.actor.id : null,
      minter,
      spawned: true,
    }),
  );
  if (!minted.ok) {
    const { root, spawned, max } = minted;
    throw new CollaborationError(
      'conflict',
      `spawn limit reached: the lineage of ${root} already holds ${spawned} live spawned tokens and at most ${max} are ` +
        'allowed (DCF_SPAWN_MAX_PER_ROOT); ask an admin to revoke tokens that are no longer needed',
      { reason: 'spawn_cap_reached', lineage_root: root, spawned, max, setting: 'DCF_SPAWN_MAX_PER_ROOT' },
    );
  }
  return { token: minted.value.token, tokenId: minted.value.info.id };
}

/** How each external client is pointed at the console's MCP endpoint with the token. */
function launch(type: Exclude<AgentType, 'generic-worker'>, id: string, url: string, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  switch (type) {
    case 'claude-desktop':
      return {
        config_file: 'claude_desktop_config.json (Settings → Developer → Edit Config)',
        config: {
          mcpServers: {
            dcf: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', `Authorization: Bearer ${token}`] },
          },
        },
        steps: [
          'Add the "dcf" entry below to claude_desktop_config.json under "mcpServers".',
          'Restart Claude Desktop; the dcf tools appear in the tools menu.',
          `Start a new conversation and paste the system prompt as your first message; you are agent "${id}".`,
        ],
      };
    case 'cline-vscode':
      return {
        config_file: 'cline_mcp_settings.json (Cline → MCP Servers → Configure MCP Servers)',
        config: { mcpServers: { dcf: { type: 'streamableHttp', url, headers, disabled: false } } },
        steps: [
          'Open Cline in VS Code, MCP Servers → Configure, and add the "dcf" entry below.',
          "Put the system prompt in Cline's custom instructions (Settings → Custom Instructions).",
          `Start a task; you are agent "${id}".`,
        ],
      };
    case 'roocode-vscode':
      return {
        config_file: '.roo/mcp.json in the workspace (or Roo Code → MCP Servers → Edit Global MCP)',
        config: { mcpServers: { dcf: { type: 'streamable-http', url, headers } } },
        steps: [
          'Add the "dcf" entry below to .roo/mcp.json.',
          'Create a custom mode with the system prompt as its role definition.',
          `Start a task in that mode; you are agent "${id}".`,
        ],
      };
  }
}

/**
 * spawn_agent (./README.md "spawn_agent"): `generic-worker` creates an agent on the platform from
 * the `generic-worker` template with the role and capabilities as tags and an `assignment` block,
 * and sends it the initial task; the external types return a proposed id, its system prompt and
 * how to launch the client against this console's MCP endpoint with a token issued to that id.
 */
export async function spawnAgent(c: Collab, input: SpawnInput) {
  assertActsAs(c.actor, 'requesting_agent_id', input.requesting_agent_id);
  const [requester] = await requireAgents(c.db, c.platform, [input.requesting_agent_id], 'requesting agent');
  const capabilities = [...new Set(input.capabilities.map(normalizeCapability).filter(Boolean))];
  if (input.agent_type === 'generic-worker') {
    const agent = await c.platform.createAgent({
      template: 'generic-worker',
      name: `generic-worker-${slug(input.role)}-${randomBytes(3).toString('hex')}`,
      tags: [`role:${slug(input.role)}`, ...capabilities.map((cap) => `capability:${cap}`), 'status:idle', `spawned-by:${requester!.id}`],
      blocks: [
        {
          label: 'assignment',
          value: assignmentText(input, capabilities),
          description: 'Your role, capabilities and first task.',
        },
      ],
    });
    const first = input.initial_task_description?.trim()
      ? await sendCollaborationMessage(c.db, c.platform, {
          kind: 'initial_task',
          sender: requester!.id,
          senderOnPlatform: requester!.kind === 'platform',
          relatedRef: agent.id,
          recipients: [{ id: agent.id, kind: 'platform', model_type: 'generic-worker', capabilities, tags: agent.tags }],
          body: { task_description: input.initial_task_description.trim(), role: input.role },
        })
      : null;
    const blocks = await c.platform.listAgentBlocks(agent.id);
    return {
      proposed_agent_id: agent.id,
      agent_type: input.agent_type,
      created: true,
      spawn_status: 'created' as const,
      role: input.role,
      capabilities,
      tags: agent.tags,
      template: agent.template,
      system_prompt: [blocks.find((b) => b.label === 'assignment')?.value ?? ''].join('\n'),
      instructions: [
        `Agent ${agent.id} runs on the ${c.platform.kind} agent platform now; nothing else is needed to launch it.`,
        first ? `Its first task was sent as message ${first.message_id}.` : 'Delegate work to it with delegate_subtask.',
      ],
      initial_task_message_id: first?.message_id ?? null,
      mcp: null,
    };
  }
  const id = `${input.agent_type}-${slug(input.role)}-${randomBytes(4).toString('hex')}`;
  const prompt = externalSystemPrompt(id, input, capabilities);
  const url = `${c.config.execution.publicUrl}/api/mcp`;
  const { token, tokenId } = await issueToken(c, id);
  await c.db.insert(collaborationExternalAgents).values({
    id,
    agentType: input.agent_type,
    role: input.role,
    capabilities,
    systemPrompt: prompt,
    tokenId,
    requestedBy: writerOf(c.actor),
  });
  const how = launch(input.agent_type, id, url, token);
  return {
    proposed_agent_id: id,
    agent_type: input.agent_type,
    created: false,
    spawn_status: 'awaiting_launch' as const,
    role: input.role,
    capabilities,
    tags: [],
    template: null,
    system_prompt: prompt,
    instructions: [
      ...how.steps,
      `The token is shown once; revoke it in Settings → API tokens (id ${tokenId}) when the agent is retired ` +
        '(that also revokes every token minted with it).',
    ],
    initial_task_message_id: null,
    mcp: {
      url,
      token,
      token_id: tokenId,
      agent_name: id,
      scopes: ['write'],
      config_file: how.config_file,
      config: how.config,
    },
  };
}

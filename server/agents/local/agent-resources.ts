/**
 * What an agent is and holds beside its messages, checked against the agent: the agent made from
 * its `.af` template, deleted with its sleep-time companion, its tags, and the memory blocks and
 * tools attached to it. A missing agent, block or template is a `not_found` error, an unknown
 * tool or a broken template `invalid` (the port's AgentPlatformError).
 */
import type { Db } from '../../db/client.ts';
import type { AgentRow } from '../../db/schema/agents.ts';
import type { AgentSummary, CreateAgentSpec } from '../../contracts/agent-platform.ts';
import { loadAgentTemplate, TemplateError } from '../templates/load-template.ts';
import type { AgentStore } from './agent-store.ts';
import { isKnownTool } from './agent-tools.ts';
import type { BlockStore } from './block-store.ts';
import { createAgentFromTemplate } from './create-agent.ts';
import { AgentPlatformError } from './errors.ts';

/** The agent's row, or a `not_found` error. */
export async function requireAgent(agents: AgentStore, agentId: string): Promise<AgentRow> {
  const row = await agents.row(agentId);
  if (!row) throw new AgentPlatformError('not_found', `no agent ${agentId}`);
  return row;
}

/** A new agent from the template `spec` names, looked for in `templatesDir` (undefined: the loader's default). */
export async function createAgentFromSpec(
  db: Db,
  agents: AgentStore,
  templatesDir: string | undefined,
  spec: CreateAgentSpec,
): Promise<AgentSummary> {
  let template;
  try {
    template = await loadAgentTemplate(spec.template, { dir: templatesDir, isKnownTool });
  } catch (err) {
    if (err instanceof TemplateError) throw new AgentPlatformError(err.issues.length ? 'invalid' : 'not_found', err.message);
    throw err;
  }
  const id = await createAgentFromTemplate(db, template, spec);
  return (await agents.summary(id))!;
}

/** Deletes the agent and its sleep-time companion (see AgentStore.delete for what stays). */
export async function deleteAgentAndCompanion(agents: AgentStore, agentId: string): Promise<boolean> {
  const row = await agents.row(agentId);
  if (!row) return false;
  if (row.sleeptimeAgentId) await agents.delete(row.sleeptimeAgentId);
  return agents.delete(agentId);
}

/** The agents with these tags: all of them (`match_all_tags`, the default) or any of them. */
export async function findAgents(
  agents: AgentStore,
  query: { tags?: string[]; match_all_tags?: boolean; name?: string },
): Promise<AgentSummary[]> {
  const any = query.match_all_tags === false;
  const ids = await agents.find({ matchAll: any ? [] : query.tags, matchSome: any ? query.tags : [], name: query.name });
  return agents.summaries(ids);
}

export async function setAgentTags(agents: AgentStore, agentId: string, tags: string[]): Promise<AgentSummary> {
  await requireAgent(agents, agentId);
  await agents.setTags(agentId, tags);
  return (await agents.summary(agentId))!;
}

export async function attachBlockToAgent(agents: AgentStore, blocks: BlockStore, agentId: string, blockId: string): Promise<void> {
  await requireAgent(agents, agentId);
  if (!(await blocks.get(blockId))) throw new AgentPlatformError('not_found', `no block ${blockId}`);
  await blocks.attach(agentId, blockId);
}

/** Attaches a tool the agent can run: the tool registry's or the runtime's own (agent-tools.ts). */
export async function attachToolToAgent(agents: AgentStore, agentId: string, toolName: string): Promise<void> {
  await requireAgent(agents, agentId);
  if (!isKnownTool(toolName))
    throw new AgentPlatformError('invalid', `unknown tool ${toolName} (neither the tool registry's nor the runtime's)`);
  await agents.attachTool(agentId, toolName);
}

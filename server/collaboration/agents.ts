import { inArray } from 'drizzle-orm';
import type { AgentPlatform, AgentSummary } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { collaborationExternalAgents } from '../db/schema/index.ts';
import { capabilitiesOfAgent } from './capabilities.ts';
import { CollaborationError } from './errors.ts';

/** An agent collaboration knows: on the platform, or external (spawned with an MCP token). */
export interface KnownAgent {
  id: string;
  kind: 'platform' | 'external';
  model_type: string;
  capabilities: string[];
  tags: string[];
}

function fromPlatform(a: AgentSummary): KnownAgent {
  return {
    id: a.id,
    kind: 'platform',
    model_type: a.template?.split('@')[0] ?? 'agent',
    capabilities: capabilitiesOfAgent(a),
    tags: a.tags,
  };
}

/** The agents with these ids; throws not_found naming every id that is neither on the platform nor external. */
export async function requireAgents(db: Db, platform: AgentPlatform, ids: readonly string[], what = 'agent'): Promise<KnownAgent[]> {
  const unique = [...new Set(ids)];
  const found = new Map<string, KnownAgent>();
  for (const a of await platform.getAgents(unique)) found.set(a.id, fromPlatform(a));
  const rest = unique.filter((id) => !found.has(id));
  if (rest.length > 0) {
    const ext = await db.select().from(collaborationExternalAgents).where(inArray(collaborationExternalAgents.id, rest));
    for (const e of ext) found.set(e.id, { id: e.id, kind: 'external', model_type: e.agentType, capabilities: e.capabilities, tags: [] });
  }
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new CollaborationError(
      'not_found',
      `unknown ${what}${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} ` +
        '(neither on the agent platform nor spawned by spawn_agent)',
      { missing },
    );
  }
  return unique.map((id) => found.get(id)!);
}

/** Every agent of the platform except sleep-time agents (they only tend another agent's memory). */
export async function platformAgents(platform: AgentPlatform): Promise<AgentSummary[]> {
  const all = await platform.listAgents();
  const sleepers = new Set(all.map((a) => a.sleeptime_agent_id).filter((x): x is string => !!x));
  return all.filter((a) => !sleepers.has(a.id));
}

export async function allKnownAgents(db: Db, platform: AgentPlatform): Promise<KnownAgent[]> {
  const ext = await db.select().from(collaborationExternalAgents);
  return [
    ...(await platformAgents(platform)).map(fromPlatform),
    ...ext.map((e): KnownAgent => ({
      id: e.id,
      kind: 'external',
      model_type: e.agentType,
      capabilities: e.capabilities,
      tags: [],
    })),
  ];
}

import { createHash } from 'node:crypto';
import type { AgentPlatform, AgentSummary } from '../../contracts/agent-platform.ts';
import { agentRoleOf } from '../../../lib/agent-roles.ts';
import { loadAgentTemplate, parseTemplateRef, TemplateError, type AgentTemplate } from './load-template.ts';

/**
 * Bringing an agent made from a template up to date with the template as it is now (an agent keeps
 * the tools it was created with: a template that gains tools would otherwise leave its old agents
 * answering "I can't"). Through the agent-platform port only, so the same on the local runtime and
 * on Letta (whose attach/detach follow its OpenAPI document).
 *
 * Contract:
 * - The template's tool list is compared, not only its version: the agent's `template-tools:` tag
 *   holds the stamp of the list it was last brought to (templateStamp: ref and a hash of the names).
 *   An agent carrying the current stamp is left alone without a further call.
 * - Otherwise every tool of the template the agent lacks is attached, and every tool the template
 *   names in `metadata.retired_tools` (tools it carried once and dropped) that the agent still has is
 *   detached. Tools the agent was given besides its template's (by its creator or an admin) stay.
 *   A sleep-time companion is brought to the template's sleep-time agent the same way.
 * - The stamp tag is then set; when tools changed, a `template-upgraded:` tag says to which stamp, so
 *   the agent page shows it. Running it again changes nothing: idempotent.
 */
export const TOOLS_TAG = 'template-tools:';
export const UPGRADED_TAG = 'template-upgraded:';

/** What an upgrade did to one agent's tools (null from upgradeAgent when no tool changed). */
export interface AgentUpgrade {
  agent_id: string;
  /** The stamp the agent now carries, `planner@1.0.0#1a2b3c4d`. */
  stamp: string;
  attached: string[];
  detached: string[];
}

/** `planner@1.0.0#1a2b3c4d`: the template's ref and the first 8 hex of a hash of its agents' tool names and retired tools. */
export function templateStamp(t: AgentTemplate): string {
  const lists = [t.main, ...(t.sleeptime ? [t.sleeptime] : [])].map((a) => [...t.toolNamesOf(a)].sort().join(','));
  const hash = createHash('sha256')
    .update([...lists, retiredTools(t).sort().join(',')].join('|'))
    .digest('hex')
    .slice(0, 8);
  return `${t.ref}#${hash}`;
}

/** The tools the template dropped (`metadata.retired_tools`, comma-separated), which its agents lose. */
export function retiredTools(t: AgentTemplate): string[] {
  return (t.file.metadata?.retired_tools ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** Brings one agent to `template` (see the contract above); null when no tool changed (its stamp tag is still set once). */
export async function upgradeAgent(platform: AgentPlatform, agent: AgentSummary, template: AgentTemplate): Promise<AgentUpgrade | null> {
  const stamp = templateStamp(template);
  if (agent.tags.includes(`${TOOLS_TAG}${stamp}`)) return null;
  const retired = retiredTools(template);
  const main = await alignTools(platform, agent.id, template.toolNamesOf(template.main), retired);
  const companion =
    agent.sleeptime_agent_id && template.sleeptime
      ? await alignTools(platform, agent.sleeptime_agent_id, template.toolNamesOf(template.sleeptime), retired)
      : { attached: [], detached: [] };
  const attached = [...new Set([...main.attached, ...companion.attached])];
  const detached = [...new Set([...main.detached, ...companion.detached])];
  const changed = attached.length + detached.length > 0;
  const kept = agent.tags.filter((t) => !t.startsWith(TOOLS_TAG) && !(changed && t.startsWith(UPGRADED_TAG)));
  await platform.setTags(agent.id, [...kept, `${TOOLS_TAG}${stamp}`, ...(changed ? [`${UPGRADED_TAG}${stamp}`] : [])]);
  return changed ? { agent_id: agent.id, stamp, attached, detached } : null;
}

async function alignTools(platform: AgentPlatform, agentId: string, wanted: string[], retired: string[]) {
  const have = new Set(await platform.listAgentTools(agentId));
  const attached = wanted.filter((n) => !have.has(n));
  const detached = retired.filter((n) => have.has(n) && !wanted.includes(n));
  for (const n of attached) await platform.attachTool(agentId, n);
  for (const n of detached) await platform.detachTool(agentId, n);
  return { attached, detached };
}

/** Templates read once per process and folder (a template edited while the console runs is read at its next start). */
const loaded = new Map<string, Promise<AgentTemplate | string>>();
function templateNamed(name: string, dir: string | undefined): Promise<AgentTemplate | string> {
  const key = `${dir ?? ''}\n${name}`;
  if (!loaded.has(key))
    loaded.set(
      key,
      loadAgentTemplate(name, dir ? { dir } : {}).catch((e: unknown) => (e instanceof TemplateError ? e.message : String(e))),
    );
  return loaded.get(key)!;
}

/**
 * Before an agent is used (a chat turn): brings it up to date with its template, once — after that its
 * stamp tag makes this one read of the agent. Null when no tool changed, or the agent has no template
 * that loads (it is used as it is).
 */
export async function upgradeBeforeUse(platform: AgentPlatform, agentId: string, dir?: string): Promise<AgentUpgrade | null> {
  const agent = await platform.getAgent(agentId);
  if (!agent?.template || agentRoleOf(agent) === 'sleeptime') return null;
  const template = await templateNamed(parseTemplateRef(agent.template).name, dir);
  return typeof template === 'string' ? null : upgradeAgent(platform, agent, template);
}

/** "Brought up to date with planner@1.0.0#1a2b3c4d: attached x, y; detached z." — for the log. */
export function upgradeWords(u: AgentUpgrade): string {
  const parts = [
    ...(u.attached.length ? [`attached ${u.attached.join(', ')}`] : []),
    ...(u.detached.length ? [`detached ${u.detached.join(', ')}`] : []),
  ];
  return `Brought up to date with ${u.stamp}: ${parts.join('; ')}.`;
}

/**
 * Every agent made from a template, brought up to date (at console start): each template loaded
 * once from `dir`; an agent whose template no longer loads is skipped and reported, never fatal.
 */
export async function upgradeAgents(
  platform: AgentPlatform,
  opts: {
    dir?: string;
    onUpgrade?: (u: AgentUpgrade & { name: string }) => void;
    onSkip?: (agent: AgentSummary, why: string) => void;
  } = {},
): Promise<AgentUpgrade[]> {
  const done: AgentUpgrade[] = [];
  for (const agent of await platform.listAgents()) {
    // A sleep-time companion is brought up to date with the agent it serves (upgradeAgent).
    if (!agent.template || agentRoleOf(agent) === 'sleeptime') continue;
    const template = await templateNamed(parseTemplateRef(agent.template).name, opts.dir);
    if (typeof template === 'string') {
      opts.onSkip?.(agent, template);
      continue;
    }
    const u = await upgradeAgent(platform, agent, template);
    if (u) {
      done.push(u);
      opts.onUpgrade?.({ ...u, name: agent.name });
    }
  }
  return done;
}

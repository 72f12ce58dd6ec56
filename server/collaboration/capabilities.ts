import type { AgentSummary } from '../contracts/agent-platform.ts';
import type { SkillCatalog } from '../skills/catalog.ts';
import { normalizeCapability } from './capability-words.ts';

/**
 * What an agent of the platform can do (./README.md "Capabilities"): the values of its tags
 * `capability:<x>` (what spawn_agent gives), `specialization:<x>` (Companions) and `role:<x>`,
 * and its template's role (`worker@1.0.0` → `worker`). Tool names are not capabilities: every
 * agent of a role carries the same tools, so they tell agents of one role apart no better than
 * the role does.
 */
export function capabilitiesOfAgent(agent: Pick<AgentSummary, 'tags' | 'template'>): string[] {
  const caps = new Set<string>();
  for (const tag of agent.tags) {
    const m = /^(capability|specialization|role):(.+)$/.exec(tag);
    if (m) caps.add(normalizeCapability(m[2]!));
  }
  if (agent.template) caps.add(normalizeCapability(agent.template.split('@')[0]!));
  caps.delete('');
  return [...caps].sort();
}

/** The skill catalog's capabilities: every valid skill's name and tags. */
export function capabilitiesOfCatalog(catalog: SkillCatalog): string[] {
  const caps = new Set<string>();
  for (const e of catalog.entries) {
    if (!e.report.valid || !e.manifest) continue;
    caps.add(normalizeCapability(e.manifest.skillName));
    for (const t of e.manifest.tags ?? []) caps.add(normalizeCapability(t));
  }
  caps.delete('');
  return [...caps].sort();
}

export type CapabilitySource = 'available_models' | 'platform_agents' | 'skill_catalog';

/** One capability known to exist, with where it was found and which agents hold it. */
export interface KnownCapability {
  name: string;
  sources: CapabilitySource[];
  holders: string[];
}

/** The capabilities decomposition may draw from: the union of the three sources, by name. */
export function capabilityVocabulary(input: {
  availableModels: ReadonlyArray<{ id: string; capabilities: readonly string[] }>;
  platformAgents: ReadonlyArray<Pick<AgentSummary, 'id' | 'tags' | 'template'>>;
  catalog: readonly string[];
}): KnownCapability[] {
  const byName = new Map<string, KnownCapability>();
  const add = (raw: string, source: CapabilitySource, holder?: string) => {
    const name = normalizeCapability(raw);
    if (!name) return;
    const k = byName.get(name) ?? { name, sources: [], holders: [] };
    if (!k.sources.includes(source)) k.sources.push(source);
    if (holder && !k.holders.includes(holder)) k.holders.push(holder);
    byName.set(name, k);
  };
  for (const m of input.availableModels) for (const c of m.capabilities) add(c, 'available_models', m.id);
  for (const a of input.platformAgents) for (const c of capabilitiesOfAgent(a)) add(c, 'platform_agents', a.id);
  for (const c of input.catalog) add(c, 'skill_catalog');
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memoryBlocks } from '../../db/schema/agents.ts';
import type { CreateAgentSpec } from '../../contracts/agent-platform.ts';
import type { AfAgent } from '../templates/agent-file.ts';
import type { AgentTemplate } from '../templates/load-template.ts';
import { AgentStore } from './agent-store.ts';
import { isKnownTool } from './agent-tools.ts';
import { BlockStore } from './block-store.ts';
import { AgentPlatformError } from './errors.ts';

/**
 * Creates an agent from a validated template, in one transaction: the main agent with the
 * template's blocks (new blocks owned by it), then the spec's extra blocks, then the existing
 * blocks it names (shared memory); the template's tools and tags plus the spec's; and, with
 * `enable_sleeptime`, the template's sleep-time agent holding all of the main agent's blocks plus
 * its own. Returns the main agent's id.
 */
export async function createAgentFromTemplate(db: Db, template: AgentTemplate, spec: CreateAgentSpec): Promise<string> {
  const extraTools = spec.tools ?? [];
  const unknown = extraTools.filter((t) => !isKnownTool(t));
  if (unknown.length)
    throw new AgentPlatformError('invalid', `unknown tools: ${unknown.join(', ')} (neither the tool registry's nor the runtime's)`);
  const shared = [...new Set(spec.block_ids ?? [])];
  if (shared.length) {
    const found = new Set(
      (await db.select({ id: memoryBlocks.id }).from(memoryBlocks).where(inArray(memoryBlocks.id, shared))).map((r) => r.id),
    );
    const missing = shared.filter((id) => !found.has(id));
    if (missing.length) throw new AgentPlatformError('not_found', `no blocks ${missing.join(', ')}`);
  }
  if (spec.enable_sleeptime && !template.sleeptime)
    throw new AgentPlatformError('invalid', `agent template "${template.name}" has no sleep-time agent`);

  const id = `agent-${randomUUID()}`;
  const name = spec.name ?? `${template.main.name ?? template.name}-${id.slice(6, 14)}`;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const agents = new AgentStore(tx);
    const blocks = new BlockStore(tx);
    const mainBlockIds: string[] = [];
    const createOwnBlocks = async (agent: AfAgent, owner: string, skip = new Set<string>()) => {
      const ids: string[] = [];
      for (const b of template.blocksOf(agent)) {
        if (skip.has(b.id)) continue;
        ids.push(
          (
            await blocks.create(
              {
                label: b.label,
                value: b.value,
                limit: b.limit,
                description: b.description,
                read_only: b.read_only,
                metadata: b.metadata ?? {},
              },
              owner,
              tx,
            )
          ).id,
        );
      }
      for (const b of agent.memory_blocks ?? []) ids.push((await blocks.create(b, owner, tx)).id);
      return ids;
    };

    await agents.insert(
      {
        id,
        name,
        template: template.ref,
        role: template.main.name ?? template.name,
        agentType: template.main.agent_type ?? 'letta_v1_agent',
        system: template.main.system ?? '',
        description: template.main.description ?? null,
        toolRules: template.main.tool_rules ?? [],
        // The template's sentinel mode travels with the agent: the planning tools read it (issue 17).
        metadata: { template_file: `${template.name}.af`, ...(template.sentinelMode ? { sentinel_mode: template.sentinelMode } : {}) },
      },
      [...(template.main.tags ?? []), ...(spec.tags ?? [])],
      [...template.toolNamesOf(template.main), ...extraTools],
      tx,
    );
    mainBlockIds.push(...(await createOwnBlocks(template.main, id)));
    for (const b of spec.blocks ?? []) mainBlockIds.push((await blocks.create(b, id, tx)).id);
    mainBlockIds.push(...shared);
    for (const blockId of mainBlockIds) await blocks.attach(id, blockId, tx);

    if (spec.enable_sleeptime && template.sleeptime) {
      const sleeper = template.sleeptime;
      const sleepId = `agent-${randomUUID()}`;
      const mainTemplateBlocks = new Set(template.main.block_ids ?? []);
      await agents.insert(
        {
          id: sleepId,
          name: `${name}-sleeptime`,
          template: template.ref,
          role: sleeper.name ?? `${template.name}-sleeptime`,
          agentType: sleeper.agent_type ?? 'sleeptime_agent',
          system: sleeper.system ?? '',
          description: sleeper.description ?? null,
          toolRules: sleeper.tool_rules ?? [],
          parentAgentId: id,
          metadata: { template_file: `${template.name}.af` },
        },
        sleeper.tags ?? [],
        template.toolNamesOf(sleeper),
        tx,
      );
      const own = await createOwnBlocks(sleeper, sleepId, mainTemplateBlocks);
      for (const blockId of [...mainBlockIds, ...own]) await blocks.attach(sleepId, blockId, tx);
      await agents.update(id, { sleeptimeAgentId: sleepId, sleeptimeFrequency: template.sleeptimeFrequency ?? 5 }, tx);
    }
  });
  return id;
}

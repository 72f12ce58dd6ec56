import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { agentBlocks, agents, agentTags, agentTools, memoryBlocks, type AgentRow } from '../../db/schema/agents.ts';
import type { AgentSummary } from '../../contracts/agent-platform.ts';

export type NewAgent = typeof agents.$inferInsert;

/** Agents, their tags and their tools (by name), persisted; summaries in the port's shape. */
export class AgentStore {
  constructor(private readonly db: Db) {}

  async insert(agent: NewAgent, tags: string[], tools: string[], db: Db = this.db): Promise<void> {
    await db.insert(agents).values(agent);
    const uniqueTags = [...new Set(tags)];
    if (uniqueTags.length) await db.insert(agentTags).values(uniqueTags.map((tag) => ({ agentId: agent.id, tag })));
    const uniqueTools = [...new Set(tools)];
    if (uniqueTools.length)
      await db.insert(agentTools).values(uniqueTools.map((toolName, position) => ({ agentId: agent.id, toolName, position })));
  }

  async row(agentId: string): Promise<AgentRow | null> {
    const [row] = await this.db.select().from(agents).where(eq(agents.id, agentId));
    return row ?? null;
  }

  async update(agentId: string, patch: Partial<NewAgent>, db: Db = this.db): Promise<void> {
    await db.update(agents).set(patch).where(eq(agents.id, agentId));
  }

  async summary(agentId: string): Promise<AgentSummary | null> {
    return (await this.summaries([agentId]))[0] ?? null;
  }

  /** Summaries of the agents that exist among `ids`, oldest first. */
  async summaries(ids: string[]): Promise<AgentSummary[]> {
    if (!ids.length) return [];
    const rows = await this.db.select().from(agents).where(inArray(agents.id, ids)).orderBy(asc(agents.createdAt), asc(agents.id));
    const [tags, tools, blocks] = await Promise.all([
      this.db.select().from(agentTags).where(inArray(agentTags.agentId, ids)).orderBy(asc(agentTags.tag)),
      this.db.select().from(agentTools).where(inArray(agentTools.agentId, ids)).orderBy(asc(agentTools.position)),
      this.db.select().from(agentBlocks).where(inArray(agentBlocks.agentId, ids)).orderBy(asc(agentBlocks.position)),
    ]);
    const group = <T extends { agentId: string }, V>(list: T[], pick: (t: T) => V) => {
      const m = new Map<string, V[]>();
      for (const t of list) m.set(t.agentId, [...(m.get(t.agentId) ?? []), pick(t)]);
      return m;
    };
    const tagsOf = group(tags, (t) => t.tag);
    const toolsOf = group(tools, (t) => t.toolName);
    const blocksOf = group(blocks, (b) => b.blockId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      template: r.template,
      tags: tagsOf.get(r.id) ?? [],
      tools: toolsOf.get(r.id) ?? [],
      block_ids: blocksOf.get(r.id) ?? [],
      sleeptime_agent_id: r.sleeptimeAgentId,
      created_at: r.createdAt.toISOString(),
    }));
  }

  /**
   * Ids of the agents with all of `matchAll` and at least one of `matchSome` (each filter only
   * when non-empty), and the exact `name` when given; oldest first.
   */
  async find(q: { matchAll?: string[]; matchSome?: string[]; name?: string }): Promise<string[]> {
    const all = [...new Set(q.matchAll ?? [])];
    const some = [...new Set(q.matchSome ?? [])];
    const list = (tags: string[]) =>
      sql.join(
        tags.map((t) => sql`${t}`),
        sql`, `,
      );
    const where = [sql`true`];
    if (q.name !== undefined) where.push(sql`a.name = ${q.name}`);
    if (all.length)
      where.push(sql`(select count(*) from agent_tags t where t.agent_id = a.id and t.tag in (${list(all)})) = ${all.length}`);
    if (some.length) where.push(sql`exists (select 1 from agent_tags t where t.agent_id = a.id and t.tag in (${list(some)}))`);
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`select a.id from agents a where ${sql.join(where, sql` and `)} order by a.created_at, a.id`),
    );
    return rows.map((r) => r.id);
  }

  async setTags(agentId: string, tags: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(agentTags).where(eq(agentTags.agentId, agentId));
      const unique = [...new Set(tags)];
      if (unique.length) await tx.insert(agentTags).values(unique.map((tag) => ({ agentId, tag })));
    });
  }

  async tags(agentId: string): Promise<string[]> {
    const rows = await this.db
      .select({ tag: agentTags.tag })
      .from(agentTags)
      .where(eq(agentTags.agentId, agentId))
      .orderBy(asc(agentTags.tag));
    return rows.map((r) => r.tag);
  }

  async tools(agentId: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: agentTools.toolName })
      .from(agentTools)
      .where(eq(agentTools.agentId, agentId))
      .orderBy(asc(agentTools.position));
    return rows.map((r) => r.name);
  }

  async attachTool(agentId: string, toolName: string): Promise<void> {
    await this.db.execute(sql`
      insert into agent_tools (agent_id, tool_name, position)
      select ${agentId}, ${toolName}, coalesce(max(position), -1) + 1 from agent_tools where agent_id = ${agentId}
      on conflict (agent_id, tool_name) do nothing`);
  }

  async detachTool(agentId: string, toolName: string): Promise<void> {
    await this.db.delete(agentTools).where(and(eq(agentTools.agentId, agentId), eq(agentTools.toolName, toolName)));
  }

  /**
   * Deletes the agent (its tags, tools, history and attachments go with it) and the blocks made
   * for it that no other agent holds. Blocks the host created, and archival passages (rows of
   * `memories`, the learning store), stay.
   */
  async delete(agentId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const deleted = await tx.delete(agents).where(eq(agents.id, agentId)).returning({ id: agents.id });
      if (!deleted.length) return false;
      await tx.delete(memoryBlocks).where(
        and(
          eq(memoryBlocks.ownerAgentId, agentId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(agentBlocks)
              .where(eq(agentBlocks.blockId, memoryBlocks.id)),
          ),
        ),
      );
      return true;
    });
  }
}

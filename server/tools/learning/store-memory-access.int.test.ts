import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../contracts/audit-actor.ts';
import { conversations, memories, users, type Role } from '../../db/schema/index.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { invokeTool } from '../invoke.ts';
import { storeMemoryTool } from './store-memory.ts';

/**
 * store_memory writes only into the caller's own agent (issue 29; server/learning/memory-access.ts):
 * an agent's archival passages are part of its prompt, so another's would be a prompt injection.
 */
describe('store_memory: only the caller’s own agent', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let services: ToolServices;
  const people: Record<string, Actor> = {};
  /** alice's and bob's Planners, each serving one of their conversations. */
  const PLANNER = { alice: 'agent-planner-alice', bob: 'agent-planner-bob' };

  const store = (actor: Actor, agentId?: string) =>
    invokeTool(
      storeMemoryTool,
      { kind: 'insight', text: `from ${actor.id}`, ...(agentId ? { agent_id: agentId } : {}) },
      { actor, services },
    ) as Promise<Record<string, unknown>>;
  const storedFor = async (agentId: string) =>
    (await handle.db.select().from(memories).where(eq(memories.agentId, agentId))).map((m) => m.text);

  beforeAll(async () => {
    handle = await createTestDatabase();
    services = { config: testConfig(), db: async () => handle.db };
    const person = async (name: string, role: Role) => {
      const [u] = await handle.db
        .insert(users)
        .values({ email: `${name}@example.com`, displayName: name, role, passwordHash: 'x' })
        .returning();
      people[name] = { kind: 'user', id: u!.id, label: name, role };
      return u!.id;
    };
    const alice = await person('alice', 'workflow_designer');
    const bob = await person('bob', 'compliance_manager');
    await person('root', 'admin');
    await handle.db.insert(conversations).values([
      { id: randomUUID(), userId: alice, mode: 'planner', agentId: PLANNER.alice, platform: 'local', title: 'a' },
      { id: randomUUID(), userId: bob, mode: 'planner', agentId: PLANNER.bob, platform: 'local', title: 'b' },
    ]);
  });
  afterAll(() => handle.dispose());

  it("an agent stores into its own memory only; another agent's id is forbidden and stores nothing", async () => {
    const me: Actor = { kind: 'agent', id: 'agent-worker-1', label: 'worker 1' };
    expect(await store(me)).toMatchObject({ status: 'ok' });
    expect(await store(me, me.id)).toMatchObject({ status: 'ok' });
    expect(await storedFor(me.id)).toEqual(['from agent-worker-1', 'from agent-worker-1']);
    const refused = await store(me, PLANNER.bob);
    expect(refused).toMatchObject({ status: 'error', error_code: 'forbidden', details: { agent_id: PLANNER.bob } });
    expect(refused.error).toContain('is not you');
    expect(await storedFor(PLANNER.bob)).toEqual([]);
  });

  it("a user stores into the agents of the user's own conversations only", async () => {
    expect(await store(people.alice!, PLANNER.alice)).toMatchObject({ status: 'ok' });
    const refused = await store(people.alice!, PLANNER.bob);
    expect(refused).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect(refused.error).toContain('your own chats');
    expect(await store(people.alice!, 'agent-nobody-has')).toMatchObject({ error_code: 'forbidden' });
    expect(await storedFor(PLANNER.bob)).toEqual([]);
    // Without agent_id: a shared insight attached to no agent, as before.
    expect(await store(people.alice!)).toMatchObject({ status: 'ok', passage_id: null });
  });

  it('an admin and the system may store into any agent', async () => {
    expect(await store(people.root!, PLANNER.bob)).toMatchObject({ status: 'ok' });
    expect(await store(systemActor('cli'), PLANNER.bob)).toMatchObject({ status: 'ok' });
    expect(await storedFor(PLANNER.bob)).toEqual([`from ${people.root!.id}`, 'from cli']);
  });
});

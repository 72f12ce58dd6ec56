import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { agents } from '../db/schema/agents.ts';
import { conversations } from '../db/schema/chat.ts';
import { delegationSessions } from '../db/schema/delegation.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { declareContext, type RunOwner } from './unit-owner.ts';

/** What declare_tool_call_plan records about whom a plan's work is for (unit-owner.ts), on a real database. */
describe(`a plan's owner and mode from its unit (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let alice: PublicUser;
  const chat = randomUUID();
  const RUN = randomUUID();
  const runs: RunOwner = async (id) => (id === RUN ? { workflow_id: 'wf-standard', started_by: 'Alice@Owners.test' } : null);

  beforeAll(async () => {
    h = await createTestDatabase();
    const r = await createUser(h.db, {
      email: 'alice@owners.test',
      displayName: 'Alice',
      role: 'compliance_manager',
      password: 'a good password 1',
    });
    if (!r.ok) throw new Error(r.reason);
    alice = r.user;
    await h.db
      .insert(conversations)
      .values({ id: chat, userId: alice.id, mode: 'conductor', agentId: 'agent-c', platform: 'local', title: 't' });
    await h.db.insert(delegationSessions).values({
      id: 'session-7',
      conductorId: 'agent-c',
      ownerUserId: alice.id,
      platform: 'local',
      sessionContextBlockId: 'b1',
      delegationLogBlockId: 'b2',
      guidelinesBlockId: 'b3',
      poolMax: 3,
    });
    await h.db.insert(agents).values([
      {
        id: 'agent-strict',
        name: 'strict',
        role: 'companion',
        agentType: 'memgpt_v2_agent',
        system: 's',
        metadata: { sentinel_mode: 'enforce' },
      },
      { id: 'agent-plain', name: 'plain', role: 'companion', agentType: 'memgpt_v2_agent', system: 's' },
    ]);
  });
  afterAll(() => h.dispose());

  it("a chat turn is for the conversation's user; a companion task for the delegation session's owner", async () => {
    expect(await declareContext(h.db, 'agent-plain', { kind: 'chat_turn', id: 'm', session_id: chat })).toEqual({
      templateMode: undefined,
      user_id: alice.id,
      workflow_id: null,
    });
    expect(await declareContext(h.db, 'agent-strict', { kind: 'companion_task', id: 't', session_id: 'session-7' })).toEqual({
      templateMode: 'enforce',
      user_id: alice.id,
      workflow_id: null,
    });
  });

  it('a run is for its workflow and its starter, matched by email; unknowns stay null', async () => {
    expect(await declareContext(h.db, 'agent-plain', { kind: 'workflow_run', id: RUN, state: 'S' }, runs)).toMatchObject({
      user_id: alice.id,
      workflow_id: 'wf-standard',
    });
    expect(await declareContext(h.db, 'agent-plain', { kind: 'workflow_run', id: randomUUID() }, runs)).toMatchObject({
      user_id: null,
      workflow_id: null,
    });
    expect(await declareContext(h.db, 'agent-other-platform', { kind: 'chat_turn', id: 'm', session_id: 'nowhere' })).toEqual({
      templateMode: undefined,
      user_id: null,
      workflow_id: null,
    });
    const unreachable: RunOwner = async () => {
      throw new Error('no Redis');
    };
    expect(await declareContext(h.db, 'agent-plain', { kind: 'workflow_run', id: randomUUID() }, unreachable)).toMatchObject({
      user_id: null,
      workflow_id: null,
    });
  });

  it("a run's owner is resolved once and reused by its later plans; a run not found is asked again", async () => {
    const run = randomUUID();
    let asked = 0;
    const counting: RunOwner = async (id) => {
      asked++;
      return id === run && asked > 1 ? { workflow_id: 'wf-late', started_by: 'alice@owners.test' } : null;
    };
    const unit = { kind: 'workflow_run' as const, id: run, state: 'S' };
    expect(await declareContext(h.db, 'agent-plain', unit, counting)).toMatchObject({ user_id: null, workflow_id: null });
    expect(await declareContext(h.db, 'agent-plain', unit, counting)).toMatchObject({ user_id: alice.id, workflow_id: 'wf-late' });
    expect(await declareContext(h.db, 'agent-plain', { ...unit, state: 'T' }, counting)).toMatchObject({
      user_id: alice.id,
      workflow_id: 'wf-late',
    });
    expect(asked).toBe(2);
  });

  it("an agent's template mode is read once (metadata is written only when the agent is made): a later row change is not looked for", async () => {
    await h.db.insert(agents).values({
      id: 'agent-once',
      name: 'once',
      role: 'companion',
      agentType: 'memgpt_v2_agent',
      system: 's',
      metadata: { sentinel_mode: 'enforce' },
    });
    const unit = { kind: 'chat_turn' as const, id: 'm', session_id: 'nowhere' };
    expect(await declareContext(h.db, 'agent-once', unit)).toMatchObject({ templateMode: 'enforce' });
    await h.db.update(agents).set({ metadata: {} }).where(eq(agents.id, 'agent-once'));
    expect(await declareContext(h.db, 'agent-once', unit)).toMatchObject({ templateMode: 'enforce' });
    // An agent with no row (an in-process worker, another platform's agent) is not looked for again either.
    expect(await declareContext(h.db, 'agent-none', unit)).toMatchObject({ templateMode: undefined });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Brain } from '../agents/brains/brain.ts';
import { currentTurn } from '../agents/brains/brain.ts';
import { defaultDeterministicBrains } from '../agents/brains/deterministic.ts';
import { deterministicBrains } from '../agents/brains/select.ts';
import type { LocalAgentPlatform } from '../agents/local/local-platform.ts';
import { testPlatform } from '../agents/local/testing/platform-harness.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { createConversation } from '../chat/conversations.ts';
import type { ConversationRow } from '../db/schema/chat.ts';
import { auditLog, delegationEvents } from '../db/schema/index.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { testConfig } from '../testing/test-config.ts';

/**
 * A Planner brain for this test (the real one has its own tests): on a user message it appends
 * what the user said to its `human` block with core_memory_append — the agent editing its own
 * memory, outside the host's revision history — then answers.
 */
const rememberingPlanner: Brain = {
  name: 'test:remembering-planner',
  async decide({ history }) {
    const { inbound, steps } = currentTurn(history);
    if (steps.length === 0) {
      const content = `The user said: ${inbound?.content ?? ''}`;
      return {
        kind: 'tool_calls',
        reasoning: 'remember this',
        tool_calls: [{ id: `call-${history.length}`, name: 'core_memory_append', arguments: JSON.stringify({ label: 'human', content }) }],
      };
    }
    return { kind: 'message', content: 'Noted.' };
  },
};

type Caller = ReturnType<typeof callerFor>['caller'];
const code = (e: unknown) => (e as { code?: string }).code;

describe(`agents router: the Agents view for admins (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let services: ToolServices;
  let admin: PublicUser;
  let casey: PublicUser;
  let asAdmin: Caller;
  let planner: ConversationRow;
  let conductor: ConversationRow;

  beforeAll(async () => {
    h = await createTestDatabase();
    platform = testPlatform(h.db, deterministicBrains(defaultDeterministicBrains().register('planner', rememberingPlanner)), {
      audit: null,
    });
    services = { config: testConfig(), db: async () => h.db, agents: async () => platform };
    const a = await createUser(h.db, {
      email: 'avery@agents.test',
      displayName: 'Avery Admin',
      role: 'admin',
      password: 'agents password 1',
    });
    const c = await createUser(h.db, {
      email: 'casey@agents.test',
      displayName: 'Casey Compliance',
      role: 'compliance_manager',
      password: 'agents password 2',
    });
    if (!a.ok || !c.ok) throw new Error('setup');
    admin = a.user;
    casey = c.user;
    asAdmin = callerFor(h.db, admin, { services }).caller;
    planner = await createConversation(h.db, platform, casey, 'planner', '2024-07-08T09:00:00Z', services);
    conductor = await createConversation(h.db, platform, casey, 'conductor', '2024-07-08T09:00:00Z', services);
  });
  afterAll(async () => {
    await platform.close();
    await h.dispose();
  });

  it('refuses every procedure to other roles', async () => {
    const asCasey = callerFor(h.db, casey, { services }).caller;
    await expect(asCasey.agents.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCasey.agents.get({ agent_id: planner.agentId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCasey.agents.messages({ agent_id: planner.agentId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists every agent newest first with its role, conversation and session, and counts roles', async () => {
    const page = await asAdmin.agents.list({});
    // The Planner, the Conductor and its session's Strategist (chat agents have no sleep-time agent).
    const byId = new Map(page.agents.map((a) => [a.id, a]));
    expect(byId.get(planner.agentId)).toMatchObject({
      role: 'planner',
      template: 'planner@1.0.0',
      conversation: { id: planner.id, mode: 'planner', owner_email: 'casey@agents.test', owner_name: 'Casey Compliance' },
    });
    const c = byId.get(conductor.agentId)!;
    expect(c).toMatchObject({ role: 'conductor', conversation: { id: conductor.id } });
    expect(c.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const strategist = page.agents.find((a) => a.role === 'strategist')!;
    expect(strategist.session_id).toBe(c.session_id);
    expect(page.total).toBe(page.agents.length);
    expect(page.roles).toMatchObject({ planner: 1, conductor: 1, strategist: 1, companion: 0 });
    const created = page.agents.map((a) => Date.parse(a.created_at));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(page.next_offset).toBeNull();
  });

  it('finds agents by role, by a tag or its start, by conversation title and by owner, and pages', async () => {
    const conductorRow = (await asAdmin.agents.list({ role: 'conductor' })).agents;
    expect(conductorRow.map((a) => a.id)).toEqual([conductor.agentId]);
    const sessionId = conductorRow[0]!.session_id!;
    const bySession = await asAdmin.agents.list({ query: `session:${sessionId.slice(0, 8)}` });
    expect(bySession.agents.map((a) => a.role).sort()).toEqual(['conductor', 'strategist']);
    expect((await asAdmin.agents.list({ query: `conversation:${planner.id}` })).agents.map((a) => a.id)).toEqual([planner.agentId]);
    // Words match anywhere (role, owner), one by one; a quoted phrase must appear as it is.
    expect((await asAdmin.agents.list({ query: 'casey planner' })).agents.map((a) => a.id)).toEqual([planner.agentId]);
    expect((await asAdmin.agents.list({ query: '"casey planner"' })).total).toBe(0);
    expect((await asAdmin.agents.list({ query: '"new planner conversation"' })).agents.map((a) => a.id)).toEqual([planner.agentId]);
    expect((await asAdmin.agents.list({ query: 'CASEY@agents' })).total).toBe(2);
    expect((await asAdmin.agents.list({ query: 'nobody-has-this' })).agents).toEqual([]);
    const first = await asAdmin.agents.list({ limit: 2 });
    expect(first.agents).toHaveLength(2);
    expect(first.next_offset).toBe(2);
    const second = await asAdmin.agents.list({ limit: 2, cursor: first.next_offset });
    expect(second.agents.map((a) => a.id)).not.toContain(first.agents[0]!.id);
    expect(second.next_offset).toBeNull();
  });

  it('shows an agent: blocks with chars and limit, read-only, sharing and revisions; tags, tools described, session', async () => {
    const d = await asAdmin.agents.get({ agent_id: conductor.agentId });
    expect(d).toMatchObject({ id: conductor.agentId, role: 'conductor', template: 'conductor@1.0.0', conversation: { id: conductor.id } });
    expect(d.session).toMatchObject({
      status: 'active',
      conductor: { id: conductor.agentId, role: 'conductor' },
      strategist: { id: d.session!.strategist_id, role: 'strategist' },
    });
    const labels = d.blocks.map((b) => b.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'persona',
        'companion_registry',
        'clock',
        'console_user',
        'session_context',
        'delegation_log',
        'strategist_guidelines',
      ]),
    );
    const sc = d.blocks.find((b) => b.label === 'session_context')!;
    // Delegated mode writes session_context through the block writer: it has revisions from the start.
    expect(sc).toMatchObject({ read_only: true, limit: 8000, chars: sc.value.length });
    expect(sc.revision).toBeGreaterThanOrEqual(1);
    expect(sc.shared_with).toEqual([{ id: d.session!.strategist_id, name: expect.stringMatching(/^strategist-/), role: 'strategist' }]);
    const persona = d.blocks.find((b) => b.label === 'persona')!;
    expect(persona).toMatchObject({ read_only: false, shared_with: [], revision: 0 });
    expect(d.tags).toEqual(expect.arrayContaining(['role:conductor', `conversation:${conductor.id}`, `session:${d.session!.id}`]));
    expect(d.tools.find((t) => t.name === 'send_message')).toMatchObject({ kind: 'letta', tool_type: 'letta_core' });
    expect(d.tools.find((t) => t.name === 'delegate_task')).toMatchObject({
      kind: 'dcf',
      read_only: false,
      description: expect.any(String),
    });
    await expect(asAdmin.agents.get({ agent_id: 'agent-00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('pages an agent’s messages newest first, tool calls and returns included', async () => {
    await platform.sendMessage(planner.agentId, { role: 'user', content: 'I prefer short answers.' });
    await platform.sendMessage(planner.agentId, { role: 'user', content: 'And dates in en-GB.' });
    const all = await asAdmin.agents.messages({ agent_id: planner.agentId, limit: 200 });
    expect(all.next_before).toBeNull();
    const types = all.messages.map((m) => m.event.message_type);
    expect(types[0]).toBe('assistant_message');
    expect(types).toEqual(expect.arrayContaining(['user_message', 'tool_call_message', 'tool_return_message', 'reasoning_message']));
    const times = all.messages.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await asAdmin.agents.messages({ agent_id: planner.agentId, limit: 3, cursor });
      expect(page.messages.length).toBeLessThanOrEqual(3);
      seen.push(...page.messages.map((m) => m.id));
      cursor = page.next_before;
    } while (cursor);
    expect(seen).toEqual(all.messages.map((m) => m.id));
    await expect(asAdmin.agents.messages({ agent_id: 'agent-gone' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('edits a block as a revision by the admin, recording first what the agent wrote since', async () => {
    const human = (await asAdmin.agents.get({ agent_id: planner.agentId })).blocks.find((b) => b.label === 'human')!;
    expect(human.value).toContain('The user said: I prefer short answers.');
    const first = await asAdmin.agents.updateBlock({
      agent_id: planner.agentId,
      block_id: human.id,
      value: 'Casey prefers short answers.',
      expected_value: human.value,
      reason: 'tidy up',
    });
    expect(first).toMatchObject({
      changed: true,
      revision: 2,
      session_id: null,
      event_id: null,
      block: { value: 'Casey prefers short answers.' },
    });
    expect((await platform.getBlock(human.id))!.value).toBe('Casey prefers short answers.');

    // The agent edits its own memory again; the admin's next edit records that value first.
    await platform.sendMessage(planner.agentId, { role: 'user', content: 'Call me Case.' });
    const now = (await platform.getBlock(human.id))!.value;
    expect(now).toBe('Casey prefers short answers.\nThe user said: Call me Case.');
    const second = await asAdmin.agents.updateBlock({
      agent_id: planner.agentId,
      block_id: human.id,
      value: 'Case prefers short answers.',
      expected_value: now,
    });
    expect(second.revision).toBe(4);

    const history = await asAdmin.agents.blockRevisions({ block_id: human.id });
    expect(history.label).toBe('human');
    expect(history.revisions.map((r) => [r.revision, r.writer_kind, r.value])).toEqual([
      [4, 'user', 'Case prefers short answers.'],
      [3, 'platform', now],
      [2, 'user', 'Casey prefers short answers.'],
      [1, 'platform', human.value],
    ]);
    expect(history.revisions[0]).toMatchObject({
      writer: `user:${admin.id}`,
      writer_label: 'Avery Admin <avery@agents.test>',
      reason: 'edited by an admin in the Agents view',
    });
    expect(history.revisions[2]!.reason).toBe('tidy up');
    expect((await asAdmin.agents.get({ agent_id: planner.agentId })).blocks.find((b) => b.id === human.id)!.revision).toBe(4);
  });

  it('refuses a value over the limit, a block that changed meanwhile, and a block of another agent — clearly', async () => {
    const d = await asAdmin.agents.get({ agent_id: planner.agentId });
    const clock = d.blocks.find((b) => b.label === 'clock')!;
    const tooLong = 'x'.repeat(clock.limit + 12);
    const over = await asAdmin.agents
      .updateBlock({ agent_id: planner.agentId, block_id: clock.id, value: tooLong, expected_value: clock.value })
      .catch((e: unknown) => e);
    expect(code(over)).toBe('BAD_REQUEST');
    expect((over as Error).message).toBe(
      `clock would be ${(clock.limit + 12).toLocaleString('en-GB')} characters, over its limit of ${clock.limit.toLocaleString('en-GB')}: remove at least 12.`,
    );
    expect((over as { cause?: { issues?: Array<{ path: PropertyKey[] }> } }).cause?.issues?.[0]?.path).toEqual(['value']);

    const stale = await asAdmin.agents
      .updateBlock({ agent_id: planner.agentId, block_id: clock.id, value: 'Today is never.', expected_value: 'what it said yesterday' })
      .catch((e: unknown) => e);
    expect(code(stale)).toBe('CONFLICT');
    expect((stale as Error).message).toMatch(/^clock changed since you opened it/);

    const conductorBlock = (await asAdmin.agents.get({ agent_id: conductor.agentId })).blocks.find((b) => b.label === 'persona')!;
    const elsewhere = await asAdmin.agents
      .updateBlock({ agent_id: planner.agentId, block_id: conductorBlock.id, value: 'x', expected_value: conductorBlock.value })
      .catch((e: unknown) => e);
    expect(code(elsewhere)).toBe('NOT_FOUND');
    expect((await platform.getBlock(clock.id))!.value).toBe(clock.value);
  });

  it('edits a shared session block: a revision, a block_edited event in the session, and JSON kept JSON', async () => {
    const d = await asAdmin.agents.get({ agent_id: conductor.agentId });
    const sc = d.blocks.find((b) => b.label === 'session_context')!;
    const broken = await asAdmin.agents
      .updateBlock({ agent_id: conductor.agentId, block_id: sc.id, value: '{"session_id": ', expected_value: sc.value })
      .catch((e: unknown) => e);
    expect(code(broken)).toBe('BAD_REQUEST');
    expect((broken as Error).message).toMatch(/^session_context holds a JSON document that tools read; the new value is not valid JSON \(/);

    const doc = JSON.parse(sc.value) as Record<string, unknown>;
    const value = JSON.stringify({ ...doc, preferences: { speed: 'over thoroughness' } });
    const strategistId = d.session!.strategist_id!;
    // Edited from the Strategist's side: the same block, the same session.
    const out = await asAdmin.agents.updateBlock({
      agent_id: strategistId,
      block_id: sc.id,
      value,
      expected_value: sc.value,
      reason: 'the user asked for speed',
    });
    expect(out).toMatchObject({ changed: true, revision: sc.revision + 1, session_id: d.session!.id });
    const [event] = await h.db
      .select()
      .from(delegationEvents)
      .where(and(eq(delegationEvents.sessionId, d.session!.id), eq(delegationEvents.kind, 'block_edited')));
    expect(event).toMatchObject({
      id: out.event_id,
      actor: `user:${admin.id}`,
      subject: strategistId,
      payload: {
        block_id: sc.id,
        label: 'session_context',
        revision: out.revision,
        chars: value.length,
        limit: 8000,
        reason: 'the user asked for speed',
      },
    });
    expect((await asAdmin.agents.get({ agent_id: conductor.agentId })).blocks.find((b) => b.id === sc.id)!.value).toBe(value);

    const same = await asAdmin.agents.updateBlock({ agent_id: conductor.agentId, block_id: sc.id, value, expected_value: value });
    expect(same).toMatchObject({ changed: false, revision: out.revision, event_id: null });
  });

  it('audits every edit attempt, refused ones included', async () => {
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.action, 'agents.updateBlock')).orderBy(desc(auditLog.id));
    const statuses = rows.map((r) => r.resultStatus);
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(4);
    expect(statuses.filter((s) => s === 'error')).toHaveLength(4);
    expect(rows.every((r) => r.actorLabel === 'avery@agents.test')).toBe(true);
  });

  it('reads the history of a block, and says when there is none', async () => {
    await expect(asAdmin.agents.blockRevisions({ block_id: 'block-none' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const d = await asAdmin.agents.get({ agent_id: conductor.agentId });
    const persona = d.blocks.find((b) => b.label === 'persona')!;
    expect(await asAdmin.agents.blockRevisions({ block_id: persona.id })).toEqual({ label: 'persona', revisions: [] });
  });
});

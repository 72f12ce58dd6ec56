import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import type { Brain } from '../agents/brains/brain.ts';
import { currentTurn } from '../agents/brains/brain.ts';
import { DeterministicBrains } from '../agents/brains/deterministic.ts';
import { deterministicBrains } from '../agents/brains/select.ts';
import type { LocalAgentPlatform } from '../agents/local/local-platform.ts';
import { testPlatform } from '../agents/local/testing/platform-harness.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { testConfig } from '../testing/test-config.ts';
import { clockBlockValue, conversationMessages, createConversation, getConversation } from './conversations.ts';
import { streamTurn } from './stream-turn.ts';
import { loadSkillDirectory } from '../skills/skill-directory.ts';
import { indexSkills } from '../learning/search.ts';
import { createLocalAgentPlatform } from '../agents/local/index.ts';
import { FakeChatEndpoint } from '../agents/local/testing/fake-chat-endpoint.ts';

/**
 * A brain for this test only (the Planner's real brain has its own tests): on a user message it
 * calls get_skillset with the message as the query, then answers with how many skills it found
 * and the `clock` block it sees. `gate` lets a test hold a turn open.
 */
let gate: Promise<void> = Promise.resolve();
const scriptedPlanner: Brain = {
  name: 'test:planner',
  async decide({ history, blocks }) {
    const { inbound, steps } = currentTurn(history);
    if (steps.length === 0) {
      await gate;
      return {
        kind: 'tool_calls',
        reasoning: 'look in the catalog first',
        tool_calls: [{ id: 'call-1', name: 'get_skillset', arguments: JSON.stringify({ query: inbound!.content }) }],
      };
    }
    const ret = steps.find((m) => m.role === 'tool');
    const skills = (JSON.parse(ret && ret.role === 'tool' ? ret.content : '{}') as { skills?: unknown[] }).skills ?? [];
    return { kind: 'message', content: `${skills.length} skills match. ${blocks.find((b) => b.label === 'clock')?.value}` };
  },
};

/** Parses an SSE body into [event, data] pairs. */
async function sse(res: Response): Promise<Array<[string, Record<string, unknown>]>> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('event: '))
    .map((chunk) => {
      const [e, d] = chunk.split('\n');
      return [e!.slice('event: '.length), JSON.parse(d!.slice('data: '.length)) as Record<string, unknown>];
    });
}

describe(`chat conversations and streamed turns (${testDbKind()})`, { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let alice: PublicUser;
  let bob: PublicUser;
  const turn = (userId: string, conversationId: string, body: unknown, clock = '2024-07-08T09:00:00Z') =>
    streamTurn({ db: db.db, platform, clock, userId, conversationId, body, signal: new AbortController().signal });

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = testPlatform(db.db, deterministicBrains(new DeterministicBrains().register('planner', scriptedPlanner)), { audit: null });
    const a = await createUser(db.db, {
      email: 'alice@chat.test',
      displayName: 'Alice',
      role: 'compliance_manager',
      password: 'chat password 1',
    });
    const b = await createUser(db.db, {
      email: 'bob@chat.test',
      displayName: 'Bob',
      role: 'workflow_designer',
      password: 'chat password 2',
    });
    if (!a.ok || !b.ok) throw new Error('setup');
    alice = a.user;
    bob = b.user;
  });
  afterAll(async () => {
    await platform.close();
    await db.dispose();
  });

  it('a conversation gets its own Planner agent with the clock and the user in core memory', async () => {
    const c = await createConversation(db.db, platform, alice, 'planner', '2024-07-08T09:00:00Z');
    expect(c).toMatchObject({ userId: alice.id, mode: 'planner', platform: 'local', title: 'New Planner conversation' });
    const agent = (await platform.getAgent(c.agentId))!;
    expect(agent.template).toBe('planner@1.0.0');
    expect(agent.tags).toEqual(expect.arrayContaining(['dcf-chat', 'mode:planner', `user:${alice.id}`, `conversation:${c.id}`]));
    const blocks = await platform.listAgentBlocks(c.agentId);
    expect(blocks.find((b) => b.label === 'clock')?.value).toBe(
      'Today is 2024-07-08T09:00:00.000Z (Monday). The console pins this date (DCF_CLOCK).',
    );
    expect(blocks.find((b) => b.label === 'console_user')?.value).toBe('Alice <alice@chat.test>, console role compliance_manager.');
  });

  it(
    'a turn streams reasoning, the tool call and return, the answer and the stop reason; the history keeps it; ' +
      'the title follows the first message',
    async () => {
      const c = await createConversation(db.db, platform, alice, 'planner', undefined);
      const res = await turn(alice.id, c.id, { content: 'Which skills transcribe audio? Thanks.' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = await sse(res);
      const kinds = events.map(([e, d]) => (e === 'agent' ? d.message_type : e));
      expect(kinds).toContain('reasoning_message');
      expect(kinds.indexOf('tool_call_message')).toBeLessThan(kinds.indexOf('tool_return_message'));
      expect(kinds.at(-2)).toBe('stop_reason');
      expect(kinds.at(-1)).toBe('done');
      const answer = events.find(([e, d]) => e === 'agent' && d.message_type === 'assistant_message')![1].content as string;
      expect(answer).toMatch(/^\d+ skills match\. Today is 2024-07-08T09:00:00\.000Z \(Monday\)\./); // the clock block was refreshed to the turn's clock
      const history = await conversationMessages(db.db, platform, alice.id, c.id);
      expect(history.map((m) => m.event.message_type)).toEqual(
        expect.arrayContaining(['user_message', 'tool_call_message', 'tool_return_message', 'assistant_message']),
      );
      expect((await getConversation(db.db, alice.id, c.id)).title).toBe('Which skills transcribe audio?');
    },
  );

  it('refuses bad input, other users and a second turn while one runs, with structured errors', async () => {
    const c = await createConversation(db.db, platform, alice, 'planner', undefined);
    for (const body of [null, {}, { content: '   ' }, { content: 42 }]) {
      const r = await turn(alice.id, c.id, body);
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: 'invalid_input' });
    }
    expect((await turn(alice.id, c.id, { content: 'x'.repeat(20_001) })).status).toBe(400);
    const foreign = await turn(bob.id, c.id, { content: 'hello' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: 'not_found' });

    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const first = await turn(alice.id, c.id, { content: 'first' });
    const second = await turn(alice.id, c.id, { content: 'second' });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: 'conflict', message: 'the agent is still answering the previous message' });
    release();
    expect((await sse(first)).at(-1)![0]).toBe('done');
    expect((await turn(alice.id, c.id, { content: 'third' })).status).toBe(200);
  });

  it('tRPC: a user lists only their conversations; rename and delete (which deletes the agent); stakeholders are refused', async () => {
    const services = { config: testConfig(), db: async () => db.db, agents: async () => platform };
    const asBob = callerFor(db.db, bob, { services }).caller;
    const created = await asBob.chat.create({ mode: 'conductor' });
    expect(created).toMatchObject({ mode: 'conductor', platform: 'local', title: 'New Conductor conversation' });
    expect((await asBob.chat.conversations()).map((c) => c.id)).toEqual([created.id]);
    expect(await asBob.chat.runtime()).toEqual({ kind: 'local', brain: 'deterministic' });
    const asAlice = callerFor(db.db, alice, { services }).caller;
    expect((await asAlice.chat.conversations()).map((c) => c.id)).not.toContain(created.id);
    await expect(asAlice.chat.messages({ conversation_id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await asBob.chat.rename({ conversation_id: created.id, title: 'Delegation trial' })).toMatchObject({
      title: 'Delegation trial',
    });
    expect(await asBob.chat.delete({ conversation_id: created.id })).toEqual({ deleted: true });
    expect(await platform.getAgent(created.agentId)).toBeNull();
    expect(await asBob.chat.conversations()).toEqual([]);
    const s = await createUser(db.db, { email: 's@chat.test', displayName: 'S', role: 'stakeholder', password: 'chat password 3' });
    if (!s.ok) throw new Error('setup');
    await expect(callerFor(db.db, s.user, { services }).caller.chat.create({ mode: 'planner' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('clockBlockValue: the real clock when nothing is pinned', () => {
    expect(clockBlockValue(undefined, new Date('2030-01-02T03:04:05Z'))).toBe('Today is 2030-01-02T03:04:05.000Z (Wednesday).');
  });

  it('with OPENAI_BASE_URL/OPENAI_MODEL configured, the same chat drives the same tools through the model (a scripted chat-completions endpoint)', async () => {
    const fake = await FakeChatEndpoint.start();
    const config = testConfig({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'scripted-model', OPENAI_API_KEY: 'sk-chat' });
    const modelPlatform = createLocalAgentPlatform(config, db.db, { config, db: async () => db.db }, { audit: null });
    await indexSkills(db.db, await loadSkillDirectory(config.skillsDir));
    try {
      fake.reply(
        {
          tool_calls: [{ name: 'search_embeddings', arguments: { query: 'transcription', kinds: ['skill'] } }],
          reasoning_content: 'search the catalog',
        },
        (req) => {
          const ret = req.messages.findLast((m) => m.role === 'tool') as { content: string } | undefined;
          const hits = (JSON.parse(ret?.content ?? '{}') as { hits?: Array<{ title: string }> }).hits ?? [];
          return { content: `Found: ${hits.map((h) => h.title).join(', ')}` };
        },
      );
      const services = { config, db: async () => db.db, agents: async () => modelPlatform };
      const caller = callerFor(db.db, alice, { services }).caller;
      expect(await caller.chat.runtime()).toEqual({ kind: 'local', brain: 'openai', model: 'scripted-model', base_url: fake.baseUrl });
      const c = await caller.chat.create({ mode: 'planner' });
      const res = await streamTurn({
        db: db.db,
        platform: modelPlatform,
        clock: undefined,
        userId: alice.id,
        conversationId: c.id,
        body: { content: 'which skills transcribe?' },
        signal: new AbortController().signal,
      });
      const events = await sse(res);
      const call = events.find(([e, d]) => e === 'agent' && d.message_type === 'tool_call_message')![1];
      expect(call).toMatchObject({ tool_call: { name: 'search_embeddings' } });
      const answer = events.find(([e, d]) => e === 'agent' && d.message_type === 'assistant_message')![1].content as string;
      expect(answer).toMatch(/^Found: .*transcribe/);
      expect(fake.requests.map((r) => r.problems)).toEqual([[], []]);
      expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-chat');
      // The Planner's tools were offered to the model with their JSON Schemas, and the system prompt carries the clock block.
      expect(fake.requests[0]!.body.tools!.map((t) => t.function.name)).toEqual(
        expect.arrayContaining(['search_embeddings', 'validate_workflow', 'start_workflow_run']),
      );
      expect(JSON.stringify(fake.requests[0]!.body.messages[0])).toContain('Today is');
    } finally {
      await modelPlatform.close();
      await fake.close();
    }
  });
});

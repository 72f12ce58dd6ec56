import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LettaAgentPlatform } from '../agents/letta/letta-platform.ts';
import { lettaSchemaProblems } from '../agents/letta/testing/openapi-schemas.ts';
import { fixtureText, startReplayServer, type ReplayedRequest, type Reply, type Route } from '../agents/letta/testing/replay-server.ts';
import { delegationEvents, delegationTasks } from '../db/schema/delegation.ts';
import { loadSkillDirectory } from '../skills/skill-directory.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { DELEGATION_LOG_DESCRIPTION, DELEGATION_LOG_LIMIT } from './delegation-log.ts';
import type { PublishedSessionEvent } from '../../lib/session-event.ts';
import { createHub, type DelegationHub, type TaskOutcome } from './hub.ts';
import { syncSessionFromHistory } from './letta-sync.ts';
import {
  newSessionContext,
  renderSessionContext,
  SESSION_CONTEXT_DESCRIPTION,
  SESSION_CONTEXT_LIMIT,
  setCompanion,
} from './session-context.ts';
import { companionTags } from './tags.ts';

/**
 * syncSessionFromHistory against the Letta adapter on the replay server: the Conductor's history
 * is a recorded message list (fixtures/recorded-responses.json, `conductor_history_delegated`:
 * the Conductor delegating, Companions reporting progress and results with Letta's own
 * send_message_to_agent_async, the Strategist advising, and messages that must not count), the
 * session and its tasks are in a test database, and Letta's agents and blocks answer from a small
 * state every response of which is checked against the Letta OpenAPI document.
 */

type Json = Record<string, any>; // recorded documents, read loosely
const recorded = JSON.parse(fixtureText('recorded-responses.json')) as Record<string, { body: unknown }>;
const HISTORY = recorded.conductor_history_delegated!.body as Json[]; // newest first, as Letta lists it
const AGENT_TEMPLATE = recorded.agent_created!.body as Json;

const SESSION = '7c1e5a90-3b2d-4f6e-8a4c-9d0b1e2f3a4b';
const CONDUCTOR = 'agent-1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const C1 = 'agent-2e3d4c5b-6f7a-4b8c-9dae-1f2a3b4c5d6e';
const C2 = 'agent-3f4e5d6c-7a8b-4c9d-aebf-2a3b4c5d6e7f';
const STRATEGIST = 'agent-4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d';
const BLOCK = {
  session_context: 'block-51000001-2b3c-4d5e-8f60-718293a4b5c6',
  delegation_log: 'block-51000002-2b3c-4d5e-8f60-718293a4b5c6',
  strategist_guidelines: 'block-51000003-2b3c-4d5e-8f60-718293a4b5c6',
  companion_registry: 'block-51000004-2b3c-4d5e-8f60-718293a4b5c6',
};
const msg = (i: number) => `message-${(0x7e000000 + i).toString(16)}-5d6e-4f70-8a1b-2c3d4e5f6a7b`;
const SESSION_START = new Date('2026-03-30T09:58:00Z');

/** Letta as the replay server answers it: agents, blocks, the Conductor's history, queued runs. */
class LettaState {
  agents = new Map<string, { name: string; tags: string[] }>();
  blocks = new Map<string, { label: string; value: string; limit: number; description: string; read_only: boolean }>();
  /** Newest first. */
  history: Json[] = [];
  queued: Array<{ agent_id: string; body: Json }> = [];
  /** Responses that do not follow the Letta document (must stay empty). */
  responseProblems: string[] = [];

  reset(history: Json[]) {
    this.agents = new Map([
      [CONDUCTOR, { name: 'conductor-compliance', tags: ['role:conductor', `session:${SESSION}`] }],
      [C1, { name: 'companion-7c1e5a90-1', tags: companionTags(SESSION, 'transcription', 'busy') }],
      [C2, { name: 'companion-7c1e5a90-2', tags: companionTags(SESSION, 'scoring', 'idle') }],
      [STRATEGIST, { name: 'strategist-7c1e5a90', tags: ['role:strategist', `session:${SESSION}`] }],
    ]);
    const context = setCompanion(
      {
        ...newSessionContext(SESSION, CONDUCTOR),
        active_tasks: {
          't-1': {
            companion_id: C1,
            description: "Transcribe Alex Wong's advice calls of 1–7 July 2024.",
            skills: ['skill://whisper-transcribe@1.0.0'],
            status: 'delegated',
            delegated_at: '2026-03-30T10:00:05Z',
          },
        },
      },
      C1,
      { status: 'busy', specialization: 'transcription', current_task_id: 't-1', updated_at: '2026-03-30T10:00:05Z' },
    );
    const block = (label: string, value: string, limit: number, description: string) => ({
      label,
      value,
      limit,
      description,
      read_only: true,
    });
    this.blocks = new Map([
      [BLOCK.session_context, block('session_context', renderSessionContext(context), SESSION_CONTEXT_LIMIT, SESSION_CONTEXT_DESCRIPTION)],
      [BLOCK.delegation_log, block('delegation_log', '', DELEGATION_LOG_LIMIT, DELEGATION_LOG_DESCRIPTION)],
      [BLOCK.strategist_guidelines, block('strategist_guidelines', '{}', 12_000, 'Guidelines.')],
      [BLOCK.companion_registry, { ...block('companion_registry', '{}', 20_000, 'The Companions of my session.'), read_only: false }],
    ]);
    this.history = structuredClone(history);
    this.queued = [];
    this.responseProblems = [];
  }

  #checked(component: string, value: unknown, status = 200): Reply {
    const items = component.endsWith('[]') ? (value as unknown[]) : [value];
    for (const item of items) this.responseProblems.push(...lettaSchemaProblems(component.replace(/\[\]$/, ''), item));
    return { status, json: value };
  }

  agentState(id: string): Json {
    const a = this.agents.get(id)!;
    const { managed_group: _none, ...base } = AGENT_TEMPLATE;
    const blocks = id === CONDUCTOR ? this.blockList(Object.values(BLOCK)) : [];
    return {
      ...base,
      id,
      name: a.name,
      tags: a.tags,
      tools: [],
      blocks,
      memory: { agent_type: 'letta_v1_agent', blocks },
      enable_sleeptime: false,
    };
  }

  blockList(ids: string[]): Json[] {
    return ids.map((id) => ({ id, ...this.blocks.get(id)!, metadata: {} }));
  }

  routes(): Route[] {
    const agentPath = /^\/v1\/agents\/(agent-[^/]+)$/;
    const blockPath = /^\/v1\/blocks\/(block-[^/]+)$/;
    const idIn = (r: ReplayedRequest, re: RegExp) => re.exec(r.url.pathname)![1]!;
    const notFound: Reply = { status: 404, json: { detail: 'Not found' } };
    return [
      {
        method: 'GET',
        path: agentPath,
        reply: (r) => (this.agents.has(idIn(r, agentPath)) ? this.#checked('AgentState', this.agentState(idIn(r, agentPath))) : notFound),
      },
      {
        method: 'PATCH',
        path: agentPath,
        reply: (r) => {
          const id = idIn(r, agentPath);
          this.agents.get(id)!.tags = (r.body as { tags: string[] }).tags;
          return this.#checked('AgentState', this.agentState(id));
        },
      },
      {
        method: 'GET',
        path: '/v1/agents/',
        reply: (r) => {
          const tags = r.url.searchParams.getAll('tags');
          const all = r.url.searchParams.get('match_all_tags') === 'true';
          const match = (own: string[]) => (all ? tags.every((t) => own.includes(t)) : tags.some((t) => own.includes(t)));
          return this.#checked(
            'AgentState[]',
            [...this.agents].filter(([, a]) => match(a.tags)).map(([id]) => this.agentState(id)),
          );
        },
      },
      {
        method: 'GET',
        path: `/v1/agents/${CONDUCTOR}/core-memory/blocks`,
        reply: () => this.#checked('BlockResponse[]', this.blockList(Object.values(BLOCK))),
      },
      { method: 'GET', path: blockPath, reply: (r) => this.#checked('BlockResponse', this.blockList([idIn(r, blockPath)])[0]) },
      {
        method: 'PATCH',
        path: blockPath,
        reply: (r) => {
          const id = idIn(r, blockPath);
          this.blocks.get(id)!.value = (r.body as { value: string }).value;
          return this.#checked('BlockResponse', this.blockList([id])[0]);
        },
      },
      {
        method: 'GET',
        path: `/v1/agents/${CONDUCTOR}/messages`,
        reply: (r) => {
          const before = r.url.searchParams.get('before');
          const start = before ? this.history.findIndex((m) => m.id === before) + 1 : 0;
          if (before && start === 0)
            return { status: 404, json: { detail: `No message found with id '${before}' for agent '${CONDUCTOR}'.` } };
          return this.#checked('LettaMessageUnion[]', this.history.slice(start, start + Number(r.url.searchParams.get('limit'))));
        },
      },
      {
        method: 'POST',
        path: /^\/v1\/agents\/agent-[^/]+\/messages\/async$/,
        reply: (r) => {
          const agent_id = r.url.pathname.split('/')[3]!;
          this.queued.push({ agent_id, body: r.body as Json });
          return this.#checked('Run', { id: `run-${randomUUID()}`, agent_id, status: 'created' });
        },
      },
    ];
  }
}

const letta = new LettaState();
let server: Awaited<ReturnType<typeof startReplayServer>>;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let hub: DelegationHub;
const published: PublishedSessionEvent[] = [];
const learned: TaskOutcome[] = [];
const warnings: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startReplayServer(letta.routes());
  const config = testConfig();
  const platform = new LettaAgentPlatform({
    baseUrl: server.url,
    apiKey: 'letta-test-key',
    publicUrl: 'https://console.example.test',
    loadTemplate: async (name) => Promise.reject(new Error(`no template ${name} here`)),
    maxRetries: 0,
  });
  hub = createHub({
    db: db.db,
    platform,
    config,
    log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) }),
    skills: () => loadSkillDirectory(config.skillsDir),
    publish: async (e) => void published.push(e),
    learn: async (o) => void learned.push(o),
  });
});

afterAll(async () => {
  await server?.close();
  await db?.dispose();
});

beforeEach(async () => {
  await db.db.execute(sql`delete from delegation_sessions`);
  await db.db.execute(sql`delete from block_revisions`);
  letta.reset(HISTORY);
  server.requests.splice(0);
  published.splice(0);
  learned.splice(0);
  warnings.splice(0);
});

/** The session on Letta (begun 09:58, before its messages) with the task the Conductor delegated with delegate_task. */
async function lettaSession() {
  const session = await hub.store.insertSession({
    id: SESSION,
    conductorId: CONDUCTOR,
    strategistId: STRATEGIST,
    platform: 'letta',
    sessionContextBlockId: BLOCK.session_context,
    delegationLogBlockId: BLOCK.delegation_log,
    guidelinesBlockId: BLOCK.strategist_guidelines,
    poolMax: 4,
    createdAt: SESSION_START,
  });
  await hub.store.insertTask({
    sessionId: SESSION,
    taskId: 't-1',
    companionId: C1,
    description: "Transcribe Alex Wong's advice calls of 1–7 July 2024.",
    skillsRequired: ['skill://whisper-transcribe@1.0.0'],
    status: 'delegated',
    delegatedAt: new Date('2026-03-30T10:00:05Z'),
  });
  return session;
}

const events = () => db.db.select().from(delegationEvents).where(eq(delegationEvents.sessionId, SESSION)).orderBy(asc(delegationEvents.id));
const tasks = () => db.db.select().from(delegationTasks).where(eq(delegationTasks.sessionId, SESSION)).orderBy(asc(delegationTasks.taskId));
const historyReads = () => server.requests.filter((r) => r.method === 'GET' && r.url.pathname === `/v1/agents/${CONDUCTOR}/messages`);

/** Every request the adapter made follows the Letta document, and so does every response. */
function expectLettaConformance() {
  for (const r of server.requests) expect(r.problems, `${r.method} ${r.url.pathname}`).toEqual([]);
  expect(letta.responseProblems).toEqual([]);
}

/** What the first sync of the recorded history puts through the gate, oldest first. */
const FIRST_SYNC = [
  { message_id: msg(5), type: 'task_delegation', from: CONDUCTOR, to: C2, refusal: null },
  { message_id: msg(8), type: 'task_progress', from: C1, to: CONDUCTOR, refusal: null },
  { message_id: msg(9), type: 'task_result', from: C1, to: CONDUCTOR, refusal: null },
  { message_id: msg(11), type: 'task_progress', from: C2, to: CONDUCTOR, refusal: null },
  {
    message_id: msg(12),
    type: 'task_result',
    from: C2,
    to: CONDUCTOR,
    refusal: expect.stringMatching(/^invalid task_result message \(schemas\/messages\): .*metrics/),
  },
  { message_id: msg(15), type: 'strategic_advice', from: STRATEGIST, to: CONDUCTOR, refusal: null },
  { message_id: msg(16), type: 'task_result', from: C2, to: CONDUCTOR, refusal: null },
];

describe('syncSessionFromHistory (Letta)', () => {
  it('applies what Companions and the Strategist sent the Conductor through Letta, as the gate does at delivery', async () => {
    const session = await lettaSession();
    const report = await syncSessionFromHistory(hub, session);
    // Not: the previous session's result (before this one began), the delegate_task call (our tool
    // recorded it), a user's message copying an agent's preamble, a broadcast naming no sender.
    expect(report).toEqual({ session_id: SESSION, skipped: null, read: HISTORY.length, messages: FIRST_SYNC });

    const [t1, t2] = await tasks();
    expect(t1).toMatchObject({
      taskId: 't-1',
      companionId: C1,
      status: 'succeeded',
      progressPct: 50,
      statusMessage: 'Transcribed 3 of 6 calls',
      error: null,
    });
    expect(t1!.output).toEqual({ summary: 'Transcribed all 6 calls of Alex Wong, 1–7 July 2024.', data: { transcripts: 6 } });
    expect(t1!.metrics).toEqual({ duration_s: 154, tool_calls: 9, skills_used: ['skill://whisper-transcribe@1.0.0'] });
    // t-2: the Conductor delegated it itself with send_message_to_agent_async.
    expect(t2).toMatchObject({ taskId: 't-2', companionId: C2, status: 'failed', progressPct: 40, statusMessage: 'Scored 2 of 5 calls' });
    expect(t2).toMatchObject({ error: 'scoring@1.1.0 timed out on call 5', skillsRequired: ['skill://scoring@1.1.0'] });

    expect((await events()).map((e) => [e.kind, e.actor, e.taskId, e.payload.synced_message_id])).toEqual([
      ['task_delegated', CONDUCTOR, 't-2', msg(5)],
      ['task_progress', C1, 't-1', msg(8)],
      ['task_result', C1, 't-1', msg(9)],
      ['task_progress', C2, 't-2', msg(11)],
      ['message_rejected', C2, null, msg(12)],
      ['strategic_advice', STRATEGIST, null, msg(15)],
      ['task_result', C2, 't-2', msg(16)],
    ]);
    expect(published.map((e) => e.kind)).toEqual([
      'task_delegated',
      'task_progress',
      'task_result',
      'task_progress',
      'message_rejected',
      'strategic_advice',
      'task_result',
    ]);
    expect(warnings.map((w) => JSON.parse(w) as Json)).toEqual([
      expect.objectContaining({ msg: 'protocol message rejected', from: C2, to: CONDUCTOR, where: 'delivery' }),
    ]);

    // On Letta: the Companions' status tags, the shared blocks, the Strategist told of each result.
    expect(letta.agents.get(C1)!.tags).toContain('status:idle');
    expect(letta.agents.get(C2)!.tags).toContain('status:error');
    const context = JSON.parse(letta.blocks.get(BLOCK.session_context)!.value) as Json;
    expect(context.active_tasks).toEqual({});
    expect(context.completed_tasks.map((t: Json) => [t.task_id, t.companion_id, t.status])).toEqual([
      ['t-1', C1, 'succeeded'],
      ['t-2', C2, 'failed'],
    ]);
    expect(context.companions[C1]).toMatchObject({ status: 'idle', current_task_id: null });
    expect(context.companions[C2]).toMatchObject({ status: 'error', specialization: 'scoring', current_task_id: null });
    const log = letta.blocks
      .get(BLOCK.delegation_log)!
      .value.split('\n')
      .map((l) => l.slice(21));
    expect(log.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'delegated t-2',
      'progress t-1',
      'result t-1',
      'progress t-2',
      'advice skill_preference',
      'result t-2',
    ]);
    expect(JSON.parse(letta.blocks.get(BLOCK.companion_registry)!.value)).toMatchObject({
      session_id: SESSION,
      companions: expect.arrayContaining([expect.objectContaining({ id: C2, status: 'error' })]),
    });
    expect(
      letta.queued.map((q) => [q.agent_id, JSON.parse(q.body.messages[0].content).task_id, JSON.parse(q.body.messages[0].content).status]),
    ).toEqual([
      [STRATEGIST, 't-1', 'succeeded'],
      [STRATEGIST, 't-2', 'failed'],
    ]);
    expect(learned.map((o) => [o.task_id, o.status, o.failed_skill])).toEqual([
      ['t-1', 'succeeded', null],
      ['t-2', 'failed', 'skill://scoring@1.1.0'],
    ]);
    expectLettaConformance();
  });

  it('is idempotent: synced messages are not applied again, new ones are, and a repeated result is a no-op', async () => {
    const session = await lettaSession();
    await syncSessionFromHistory(hub, session);
    const recordedOnce = await events();
    server.requests.splice(0);

    const again = await syncSessionFromHistory(hub, session);
    expect(again).toEqual({ session_id: SESSION, skipped: null, read: HISTORY.length, messages: [] });
    expect(await events()).toEqual(recordedOnce);
    // It stopped at the newest synced message: one page read, nothing written.
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);

    // Letta delivers more: new advice, and t-1's result once more.
    const advice = {
      type: 'strategic_advice',
      advice_type: 'warning',
      recommendation: 'Scoring timed out twice today; split scoring tasks of more than four calls.',
      evidence: { timeouts: 2 },
      confidence: 0.6,
      strategist_id: STRATEGIST,
      advised_at: '2026-03-30T10:06:00Z',
    };
    const preamble = `[Incoming message from agent with ID '${STRATEGIST}' - to reply to this message, make sure to use the 'send_message_to_agent_async' tool, or the agent will not receive your message]`;
    const repeat = HISTORY.find((m) => m.id === msg(9))!;
    letta.history.unshift(
      { id: msg(18), date: '2026-03-30T10:06:30Z', message_type: 'system_message', content: repeat.content },
      { id: msg(17), date: '2026-03-30T10:06:00Z', message_type: 'system_message', content: `${preamble} ${JSON.stringify(advice)}` },
    );
    letta.history.sort((a, b) => (a.date < b.date ? 1 : -1));
    const third = await syncSessionFromHistory(hub, session);
    expect(third.messages).toEqual([
      { message_id: msg(17), type: 'strategic_advice', from: STRATEGIST, to: CONDUCTOR, refusal: null },
      { message_id: msg(18), type: 'task_result', from: C1, to: CONDUCTOR, refusal: null },
    ]);
    const now = await events();
    expect(now.slice(recordedOnce.length).map((e) => [e.kind, e.payload.synced_message_id])).toEqual([['strategic_advice', msg(17)]]);
    expect((await tasks())[0]).toMatchObject({ taskId: 't-1', status: 'succeeded' });
    expect(letta.queued).toHaveLength(2);

    // The repeated result recorded nothing, so it is looked at again — and is a no-op again.
    const fourth = await syncSessionFromHistory(hub, session);
    expect(fourth.messages.map((m) => m.message_id)).toEqual([msg(18)]);
    expect(await events()).toEqual(now);
    expectLettaConformance();
  });

  it('syncs run one at a time per session: two at once record every message once', async () => {
    const session = await lettaSession();
    const [a, b] = await Promise.all([syncSessionFromHistory(hub, session), syncSessionFromHistory(hub, session)]);
    expect([a.messages.length, b.messages.length]).toEqual([FIRST_SYNC.length, 0]);
    expect(await events()).toHaveLength(FIRST_SYNC.length);
  });

  it('pages back through a long history until the session’s start, and next time stops at the newest synced message', async () => {
    // 150 turns of conversation after the delegations: the protocol messages span two pages.
    const chatter = Array.from({ length: 150 }, (_, i) => ({
      id: `message-${(0x7f000000 + i).toString(16)}-5d6e-4f70-8a1b-2c3d4e5f6a7b`,
      date: new Date(Date.parse('2026-03-30T10:01:30Z') + i * 100).toISOString(),
      message_type: 'assistant_message',
      content: [{ type: 'text', text: `Still working on it (${i + 1}).` }],
    }));
    letta.reset([...HISTORY, ...chatter].sort((a, b) => (a.date < b.date ? 1 : -1)));
    const session = await lettaSession();
    const report = await syncSessionFromHistory(hub, session);
    expect(report.messages).toEqual(FIRST_SYNC);
    expect(report.read).toBe(HISTORY.length + chatter.length);
    const pages = historyReads().map((r) => [r.url.searchParams.get('limit'), r.url.searchParams.get('before')]);
    expect(pages).toEqual([
      ['100', null],
      ['100', letta.history[99]!.id],
    ]);
    server.requests.splice(0);
    expect((await syncSessionFromHistory(hub, session)).messages).toEqual([]);
    expect(historyReads()).toHaveLength(1);
    expectLettaConformance();
  });

  it('does nothing for a session on the local runtime (its gate records messages at delivery) or a finalized one', async () => {
    const session = await lettaSession();
    const skipped = (why: string) => ({ session_id: SESSION, skipped: why, read: 0, messages: [] });
    expect(await syncSessionFromHistory(hub, { ...session, platform: 'local' })).toEqual(
      skipped('the session runs on local, whose message gate records messages at delivery'),
    );
    expect(await syncSessionFromHistory(hub, { ...session, status: 'finalized' })).toEqual(skipped('the session was finalized'));
    // Finalized since the caller read it.
    await hub.store.updateSession(SESSION, { status: 'finalized', finalizedAt: new Date() });
    expect(await syncSessionFromHistory(hub, session)).toEqual(skipped('the session was finalized'));
    expect(server.requests).toEqual([]);
    expect(await events()).toEqual([]);
  });
});

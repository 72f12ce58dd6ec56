import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { LettaAgentPlatform } from '../../agents/letta/letta-platform.ts';
import { startReplayServer } from '../../agents/letta/testing/replay-server.ts';
import { delegationEvents, delegationTasks } from '../../db/schema/delegation.ts';
import { loadSkillDirectory } from '../../skills/skill-directory.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { PublishedSessionEvent } from '../../../lib/session-event.ts';
import { createHub, type DelegationHub, type TaskOutcome } from '../hub.ts';
import { BLOCK, C1, C2, CONDUCTOR, HISTORY, LettaState, msg, SESSION, SESSION_START, STRATEGIST } from './letta-sync-letta.ts';

/** What the first sync of the recorded history puts through the gate, oldest first. */
export const FIRST_SYNC = [
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

/**
 * syncSessionFromHistory's test set-up (letta-sync-*.int.test.ts), registered in the calling
 * describe: the Letta adapter on the replay server (letta-sync-letta.ts), a test database for the
 * session and its tasks, and a delegation hub whose published events, learned outcomes and
 * warnings are collected; each test starts with no session and the recorded history.
 * `server`, `db` and `hub` are set in beforeAll.
 */
export function lettaSyncHarness() {
  const t = {
    letta: new LettaState(),
    server: undefined as unknown as Awaited<ReturnType<typeof startReplayServer>>,
    db: undefined as unknown as Awaited<ReturnType<typeof createTestDatabase>>,
    hub: undefined as unknown as DelegationHub,
    published: [] as PublishedSessionEvent[],
    learned: [] as TaskOutcome[],
    warnings: [] as string[],
    /** The session on Letta (begun 09:58, before its messages) with the task the Conductor delegated with delegate_task. */
    async lettaSession() {
      const session = await t.hub.store.insertSession({
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
      await t.hub.store.insertTask({
        sessionId: SESSION,
        taskId: 't-1',
        companionId: C1,
        description: "Transcribe Alex Wong's advice calls of 1–7 July 2024.",
        skillsRequired: ['skill://whisper-transcribe@1.0.0'],
        status: 'delegated',
        delegatedAt: new Date('2026-03-30T10:00:05Z'),
      });
      return session;
    },
    events: () => t.db.db.select().from(delegationEvents).where(eq(delegationEvents.sessionId, SESSION)).orderBy(asc(delegationEvents.id)),
    tasks: () => t.db.db.select().from(delegationTasks).where(eq(delegationTasks.sessionId, SESSION)).orderBy(asc(delegationTasks.taskId)),
    historyReads: () => t.server.requests.filter((r) => r.method === 'GET' && r.url.pathname === `/v1/agents/${CONDUCTOR}/messages`),
    /** Every request the adapter made follows the Letta document, and so does every response. */
    expectLettaConformance() {
      for (const r of t.server.requests) expect(r.problems, `${r.method} ${r.url.pathname}`).toEqual([]);
      expect(t.letta.responseProblems).toEqual([]);
    },
  };

  beforeAll(async () => {
    t.db = await createTestDatabase();
    t.server = await startReplayServer(t.letta.routes());
    const config = testConfig();
    const platform = new LettaAgentPlatform({
      baseUrl: t.server.url,
      apiKey: 'letta-test-key',
      publicUrl: 'https://console.example.test',
      loadTemplate: async (name) => Promise.reject(new Error(`no template ${name} here`)),
      maxRetries: 0,
    });
    t.hub = createHub({
      db: t.db.db,
      platform,
      config,
      log: pino({ level: 'warn' }, { write: (line: string) => void t.warnings.push(line) }),
      skills: () => loadSkillDirectory(config.skillsDir),
      publish: async (e) => void t.published.push(e),
      learn: async (o) => void t.learned.push(o),
    });
  });
  afterAll(async () => {
    await t.server?.close();
    await t.db?.dispose();
  });
  beforeEach(async () => {
    await t.db.db.execute(sql`delete from delegation_sessions`);
    await t.db.db.execute(sql`delete from block_revisions`);
    t.letta.reset(HISTORY);
    t.server.requests.splice(0);
    t.published.splice(0);
    t.learned.splice(0);
    t.warnings.splice(0);
  });
  return t;
}

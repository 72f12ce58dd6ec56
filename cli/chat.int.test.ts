import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deterministicBrains } from '../server/agents/brains/select.ts';
import { InboxStore } from '../server/agents/local/inbox-store.ts';
import { LocalAgentPlatform } from '../server/agents/local/local-platform.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { agentMessages } from '../server/db/schema/agents.ts';
import { conversations } from '../server/db/schema/chat.ts';
import { agentInbox } from '../server/db/schema/delegation.ts';
import { SessionStore } from '../server/delegation/session-store.ts';
import { testConfig } from '../server/testing/test-config.ts';
import { chatCli, chatJson, type ChatCli } from './chat/testing/chat-cli.ts';

const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' };
const SPEC_REQUEST = 'Hi, I need to check the quality of advice calls made by Alex Wong last week. Can you help me analyse them?';

/**
 * `dcf chat` end to end on the embedded default, as a user of `npm start` has it: a data directory
 * prepared by the real scripts/setup.ts (migrations, the demo users, the skill index, the seeded
 * workflow catalog), Redis, and the deterministic brains. No console runs, so each command opens
 * the PGlite directory itself and runs the agents and the workflow workers in its own process —
 * one command at a time (one process per PGlite directory). The last case shares the database as
 * a console does, to check that the CLI then leaves other users' queued messages alone.
 */
describe('dcf chat', { timeout: 300_000 }, () => {
  let cli: ChatCli;
  let dir: string;
  const dcf = (args: string[], extra: Record<string, string> = {}) => cli.dcf(args, extra);
  const withDb = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      return await work(h.db);
    } finally {
      await h.close();
    }
  };
  let plannerConversation: string;

  beforeAll(async () => {
    cli = await chatCli();
    dir = cli.dir;
  }, 240_000);
  afterAll(() => cli.close());

  it(
    "a Planner turn: the spec's request is answered with a question; " +
      'continued with --conversation, it runs the pilot and waits for the run',
    async () => {
      const asked = await dcf(['--agent', 'planner', '--user', 'compliance@demo.dcf', SPEC_REQUEST]);
      expect(asked.code).toBe(0);
      const question =
        "Alex Wong's calls last week (1–7 Jul 2024), " + 'should I check compliance with the standard script, assess customer sentiment';
      expect(asked.stdout.split('\n')[0]).toContain(question);
      const id = /Planner conversation ([0-9a-f-]{36}) \(continue it with --conversation \1\)/.exec(asked.stdout)?.[1];
      expect(id).toBeDefined();
      expect(asked.stdout).toContain('  tool calls: 2 ('); // list_advisors and count_calls: checked before asking
      expect(asked.stdout).toContain('  tool-call plans declared: 1');
      plannerConversation = id!;

      // DCF_CLI_USER names the user this time; the conversation keeps its Planner.
      const pilot = await dcf(['--conversation', plannerConversation, '--json', 'Yes. Please use the existing QA scorecard.'], {
        DCF_CLI_USER: 'compliance@demo.dcf',
      });
      expect(pilot.code, pilot.stderr).toBe(0);
      const j = chatJson(pilot);
      expect(j.conversation_id).toBe(plannerConversation);
      // The run's input: what the Planner asked, and the lender's rule set the start read from the CRM.
      const input = { ...ALEX, rule_set_id: 'compliance_rules_v2024Q4' };
      expect(j.runs).toEqual([{ run_id: expect.any(String), workflow_id: STANDARD, version: '1.0.0', input, status: 'SUCCEEDED' }]);
      const names = j.tool_calls.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['find_closest_workflow', 'start_workflow_run', 'wait_for_workflow_run']));
      expect(names.indexOf('start_workflow_run')).toBeLessThan(names.indexOf('wait_for_workflow_run'));
      expect(new Set(j.tool_calls.map((c) => c.agent)).size).toBe(1);
      expect(j.tool_calls.every((c) => c.status === 'ok')).toBe(true);
      expect(j.tool_calls.find((c) => c.name === 'start_workflow_run')!.args).toMatchObject({ workflow_id: STANDARD, input: ALEX });
      expect(j.messages).toEqual([]);
      expect(j.reply).toContain(j.runs[0]!.run_id);
      expect(j.reply).toMatch(/QA score: \d+\/100/);
      expect(j.reply).toContain('Shall I scale it to the whole set?');
    },
  );

  it('usage errors: exit 2 with the usage envelope', async () => {
    const usage = async (args: string[], message: RegExp, extra: Record<string, string> = {}) => {
      const r = await dcf(args, extra);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.json, args.join(' ')).toMatchObject({ status: 'error', error_code: 'usage', error: expect.stringMatching(message) });
    };
    // Refused before the database is opened: these may run at once.
    await Promise.all([
      usage(['--agent', 'planner'], /give the message as one argument/),
      usage(['--agent', 'planner', 'one', 'two'], /give the message as one argument/),
      usage(['--agent', 'worker', 'hello'], /--agent must be planner or conductor/),
      usage(['hello'], /name the agent \(--agent planner\|conductor\) or the conversation/),
      usage(['--conversation', 'abc', 'hello'], /--conversation must be a conversation id/),
      usage(['--agent', 'planner', '--timeout', '0', 'hello'], /--timeout must be a positive number/),
      usage(['--agent', 'planner', '--verbose', 'hello'], /unknown option --verbose/),
      usage(['--agent', 'planner', '   '], /the message is empty/),
    ]);
    // Who is talking, and whose conversation: one command at a time (each opens the data directory).
    await usage(
      ['--agent', 'planner', 'hello'],
      /say who is talking: --user <email> or DCF_CLI_USER \(3 users may chat: admin@demo\.dcf, compliance@demo\.dcf, designer@demo\.dcf\)/,
    );
    await usage(['--agent', 'planner', '--user', 'nobody@demo.dcf', 'hello'], /no console user nobody@demo\.dcf \(--user\)/);
    await usage(
      ['--agent', 'planner', '--user', 'stakeholder@demo.dcf', 'hello'],
      /stakeholder@demo\.dcf is a stakeholder: chat is for compliance_manager, workflow_designer, admin/,
    );
    await usage(
      ['--conversation', plannerConversation, '--user', 'designer@demo.dcf', 'hello'],
      new RegExp(`designer@demo\\.dcf has no conversation ${plannerConversation}`),
    );
    await usage(
      ['--agent', 'conductor', '--conversation', plannerConversation, '--user', 'compliance@demo.dcf', 'hello'],
      /is a planner conversation, not a conductor one/,
    );
  });

  it('--timeout ends the wait: exit 1, what happened so far on standard output, what was still open on standard error', async () => {
    const r = await dcf(['--agent', 'planner', '--user', 'compliance@demo.dcf', '--json', '--timeout', '0.001', SPEC_REQUEST]);
    expect(r.code).toBe(1);
    expect(chatJson(r).runs).toEqual([]);
    expect(r.stderr).toContain('dcf chat: timed out after 0.001 s (--timeout); still open: the agent is still answering');
  });

  it(
    "while a console shares the database, the CLI delivers only its conversation's messages; " + 'without one it delivers what is queued',
    async () => {
      // An agent of someone else's conversation with a message waiting in its durable inbox.
      const other = await withDb(async (db) => {
        const config = testConfig({ DCF_DATA_DIR: dir });
        const platform = new LocalAgentPlatform({
          db,
          toolServices: { config },
          brains: deterministicBrains(),
          audit: null,
          sweepInbox: false,
        });
        const agent = await platform.createAgent({ template: 'planner', name: 'someone-elses-planner' });
        await platform.close();
        const seq = await new InboxStore(db).enqueue(agent.id, { role: 'user', content: 'Which skills transcribe audio?' });
        return { agent: agent.id, seq };
      });
      const inboxStatus = (db: Db) =>
        db
          .select({ status: agentInbox.status })
          .from(agentInbox)
          .where(eq(agentInbox.seq, other.seq))
          .then((rows) => rows[0]?.status);

      // The test process holds the data directory and shares it, as the console does.
      const consoleDb = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite'), share: true });
      try {
        const r = await dcf(['--agent', 'planner', '--user', 'designer@demo.dcf', SPEC_REQUEST]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toContain('should I check compliance with the standard script');
        expect(await inboxStatus(consoleDb.db)).toBe('queued');
      } finally {
        await consoleDb.close();
      }

      const alone = await dcf(['--agent', 'planner', '--user', 'designer@demo.dcf', SPEC_REQUEST]);
      expect(alone.code, alone.stderr).toBe(0);
      await withDb(async (db) => {
        expect(await inboxStatus(db)).toBe('delivered');
        const history = await db
          .select({ type: agentMessages.messageType })
          .from(agentMessages)
          .where(eq(agentMessages.agentId, other.agent))
          .orderBy(asc(agentMessages.seq));
        expect(history.map((m) => m.type)).toEqual(expect.arrayContaining(['user_message', 'assistant_message']));
      });
    },
  );

  it('a Conductor turn that asks a clarifying question: no Companion, no task, no message between agents', async () => {
    const r = await dcf(['--agent', 'conductor', '--user', 'compliance@demo.dcf', '--json', 'Please help with some calls.']);
    expect(r.code, r.stderr).toBe(0);
    const j = chatJson(r);
    expect(j.reply).toMatch(/\?/);
    expect(j.tool_calls.map((c) => c.name)).not.toEqual(expect.arrayContaining(['create_companion']));
    expect(j.tool_calls.some((c) => c.name === 'delegate_task' || c.name === 'broadcast_task')).toBe(false);
    expect(j.messages).toEqual([]);
    expect(j.runs).toEqual([]);
    await withDb(async (db) => {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, j.conversation_id));
      const session = await new SessionStore(db).sessionOfConductor(row!.agentId);
      expect(session?.status).toBe('active');
      expect(await new SessionStore(db).tasks(session!.id)).toEqual([]);
    });
  });

  it('a delegated Conductor request: tasks to Companions, their results, and the merged reply given after the last result', async () => {
    const request =
      "Review Alex Wong's advice calls from 2024-07-01 to 2024-07-07: check each call's compliance with the standard script " +
      "and the customer's sentiment, and score it with the QA scorecard.";
    const r = await dcf(['--agent', 'conductor', '--user', 'compliance@demo.dcf', '--json', '--timeout', '240', request]);
    expect(r.code, r.stderr).toBe(0);
    const j = chatJson(r);
    const conductor = await withDb(
      async (db) => (await db.select().from(conversations).where(eq(conversations.id, j.conversation_id)))[0]!.agentId,
    );

    const delegations = j.messages.filter((m) => m.type === 'task_delegation');
    const results = j.messages.filter((m) => m.type === 'task_result');
    expect(delegations.length).toBeGreaterThan(0);
    expect(delegations.every((m) => m.from === conductor && m.to !== conductor)).toBe(true);
    expect(results.map((m) => [m.from, m.to]).sort()).toEqual(delegations.map((m) => [m.to, m.from]).sort());
    const companions = new Set(delegations.map((m) => m.to));
    expect(
      j.tool_calls.some((c) => c.agent === conductor && (c.name === 'delegate_task' || c.name === 'broadcast_task') && c.status === 'ok'),
    ).toBe(true);
    expect(j.tool_calls.some((c) => companions.has(c.agent))).toBe(true);
    expect(j.reply.trim()).not.toBe('');

    await withDb(async (db) => {
      const session = (await new SessionStore(db).sessionOfConductor(conductor))!;
      const tasks = await new SessionStore(db).tasks(session.id);
      expect(tasks.length).toBe(delegations.length);
      expect(tasks.map((t) => t.status)).toEqual(tasks.map(() => 'succeeded'));
      // The reply ends with the Conductor's answer to the results: given after the last one arrived.
      const history = await db.select().from(agentMessages).where(eq(agentMessages.agentId, conductor)).orderBy(asc(agentMessages.seq));
      const lastResult = history.findLastIndex(
        (m) => m.messageType === 'user_message' && String(m.event.content).includes('"task_result"'),
      );
      const lastAnswer = history.findLastIndex((m) => m.messageType === 'assistant_message' && String(m.event.content).trim() !== '');
      expect(lastResult).toBeGreaterThan(-1);
      expect(lastAnswer).toBeGreaterThan(lastResult);
      // The reply: every answer with text since the user's message, in order (acknowledgements without text left out).
      const asked = history.findIndex((m) => m.messageType === 'user_message' && m.event.content === request);
      expect(asked).toBeGreaterThan(-1);
      const answers = history
        .slice(asked + 1)
        .flatMap((m) => (m.messageType === 'assistant_message' && String(m.event.content).trim() ? [String(m.event.content)] : []));
      expect(j.reply).toBe(answers.join('\n\n'));
      expect(answers.at(-1)).toBe(String(history[lastAnswer]!.event.content));
    });
  });
});

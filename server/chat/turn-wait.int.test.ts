import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTurn, turnToolResults, type Brain, type BrainDecision } from '../../server/agents/brains/brain.ts';
import { DeterministicBrains } from '../../server/agents/brains/deterministic.ts';
import { deterministicBrains } from '../../server/agents/brains/select.ts';
import { LocalAgentPlatform } from '../../server/agents/local/local-platform.ts';
import { createUser, type PublicUser } from '../../server/auth/users.ts';
import { createConversation, prepareTurn } from '../../server/chat/conversations.ts';
import { sessionTasks, turnAgents } from '../../server/chat/turn-open-work.ts';
import { lastMessageId } from '../../server/chat/turn-work.ts';
import { delegationHub } from '../../server/delegation/connect.ts';
import { delegationGate } from '../../server/delegation/message-gate.ts';
import { executionHarness, type ExecutionHarness } from '../../server/execution/testing/harness.ts';
import { createTestDatabase } from '../../server/testing/test-database.ts';
import type { ToolServices } from '../../server/contracts/tool-services.ts';
import { waitForTurnWork, type WaitInput } from './turn-wait.ts';
import { InboxStore } from '../agents/local/inbox-store.ts';

/**
 * The wait of `dcf chat` on a Conductor's delegated work, in process: the real delegated-mode
 * tools, message gate and durable inbox, with brains written for this test only (the shipped
 * Conductor brain has its own tests): the Conductor creates a Companion and delegates one task;
 * the Companion reports a task_result (or, for a task it must not finish, never does); the
 * Conductor answers the result. The wait must end only after that answer.
 */
const ECHO = 'skill://builtin.echo@1.0.0';
const call = (name: string, args: Record<string, unknown>, reasoning: string): BrainDecision => ({
  kind: 'tool_calls',
  reasoning,
  tool_calls: [{ id: `call_${randomUUID()}`, name, arguments: JSON.stringify(args) }],
});

/** A turn that answers only once the test opens its gate (the wait's first check runs while it is running). */
const GATED = 'Answer once the gate opens.';
let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => (openGate = resolve));

const conductor: Brain = {
  name: 'test:conductor',
  async decide({ agent, history }) {
    const { inbound, steps } = currentTurn(history);
    if (inbound?.content === GATED) {
      await gate;
      return { kind: 'message', content: 'Through the gate.' };
    }
    if (inbound?.sender_agent_id) {
      const result = JSON.parse(inbound.content.slice(inbound.content.indexOf('{'))) as {
        type: string;
        task_id: string;
        output: { summary: string };
      };
      return {
        kind: 'message',
        content: result.type === 'task_result' ? `Merged ${result.task_id}: ${result.output.summary}` : `Noted ${result.type}.`,
      };
    }
    const done = turnToolResults(steps);
    const session = agent.tags.find((t) => t.startsWith('session:'))!.slice('session:'.length);
    const created = done.find((r) => r.name === 'create_companion');
    if (!created)
      return call(
        'create_companion',
        { session_id: session, conductor_id: agent.id, specialization: 'generalist', shared_block_ids_json: '[]' },
        'a Companion for the task',
      );
    const delegated = done.find((r) => r.name === 'delegate_task');
    if (!delegated) {
      const description = inbound!.content;
      return call(
        'delegate_task',
        { companion_id: created.result!.companion_id, task_id: 'echo-1', description, skills_required_json: JSON.stringify([ECHO]) },
        'delegate it',
      );
    }
    return { kind: 'message', content: `Delegated ${String(delegated.result!.task_id)}; I will report its result.` };
  },
};

const companion: Brain = {
  name: 'test:companion',
  async decide({ agent, history }) {
    const { inbound, steps } = currentTurn(history);
    const task = JSON.parse(inbound!.content.slice(inbound!.content.indexOf('{'))) as {
      type: string;
      task_id: string;
      description: string;
      conductor_id: string;
    };
    if (task.type !== 'task_delegation' || task.description.includes('never finish') || steps.length)
      return { kind: 'message', content: 'ok' };
    await new Promise((r) => setTimeout(r, 1_500)); // the work takes a while: the wait must not end meanwhile
    const result = {
      type: 'task_result',
      task_id: task.task_id,
      status: 'succeeded',
      output: { summary: 'echoed the request' },
      metrics: { duration_s: 0.1, tool_calls: 0, skills_used: [ECHO] },
      companion_id: agent.id,
      completed_at: new Date().toISOString(),
    };
    return call('send_message_to_agent_async', { message: JSON.stringify(result), other_agent_id: task.conductor_id }, 'report the result');
  },
};

const strategist: Brain = { name: 'test:strategist', decide: async () => ({ kind: 'message', content: 'Observed.' }) };

describe('dcf chat: waiting for a Conductor turn and the work it delegated', { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let h: ExecutionHarness;
  let platform: LocalAgentPlatform;
  let user: PublicUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    h = await executionHarness({}, 0);
    const services: ToolServices = { config: h.config, db: async () => db.db, execution: async () => h.x, agents: async () => platform };
    const brains = deterministicBrains(
      new DeterministicBrains().register('conductor', conductor).register('companion', companion).register('strategist', strategist),
    );
    platform = new LocalAgentPlatform({
      db: db.db,
      toolServices: services,
      brains,
      audit: null,
      gate: delegationGate(async () => delegationHub(platform, db.db, services)),
    });
    const u = await createUser(db.db, {
      email: 'cm@wait.test',
      displayName: 'Casey',
      role: 'compliance_manager',
      password: 'wait test password',
    });
    if (!u.ok) throw new Error('setup');
    user = u.user;
  });
  afterAll(async () => {
    await platform.close();
    await h.close();
    await db.dispose();
  });

  /** One user message to a new Conductor conversation, as `dcf chat` sends it, and the wait. */
  async function chat(
    content: string,
    timeoutMs: number,
    clock: Pick<WaitInput, 'now' | 'onProgress' | 'pollMs'> & { wakeAtEnd?: (ended: Promise<unknown>) => void } = {},
  ) {
    const services: ToolServices = { config: h.config, db: async () => db.db, execution: async () => h.x, agents: async () => platform };
    const row = await createConversation(db.db, platform, user, 'conductor', undefined, services);
    await prepareTurn(db.db, platform, row, content, undefined, services);
    const tasksBefore = new Set(
      (await sessionTasks(db.db, (await turnAgents(db.db, platform, row.agentId, 'conductor')).session)).map((t) => t.taskId),
    );
    const marker = await lastMessageId(platform, row.agentId);
    let done = false;
    const ended = platform.sendMessage(row.agentId, { role: 'user', content }).finally(() => (done = true));
    clock.wakeAtEnd?.(ended);
    const outcome = await waitForTurnWork({
      platform,
      db: db.db,
      x: h.x,
      mode: 'conductor',
      inbox: new InboxStore(db.db),
      agentId: row.agentId,
      marker,
      content,
      tasksBefore,
      turnDone: () => done,
      deadline: (clock.now ?? Date.now)() + timeoutMs,
      pollMs: 100,
      ...(clock.wakeAtEnd ? { turnEnded: ended } : {}),
      ...clock,
    });
    return { row, outcome };
  }

  it('ends after the Conductor answered the task result: reply, tool calls of both agents, the protocol messages, the task', async () => {
    const { row, outcome } = await chat('Echo this request back through a Companion.', 30_000);
    expect(outcome.done).toBe(true);
    expect(outcome.waitingFor).toEqual([]);
    const companionId = outcome.tasks[0]!.companionId!;
    expect(outcome.work.reply).toEqual(['Delegated echo-1; I will report its result.', 'Merged echo-1: echoed the request']);
    expect(outcome.work.tool_calls).toEqual([
      { agent: row.agentId, name: 'create_companion', args: expect.objectContaining({ specialization: 'generalist' }), status: 'ok' },
      {
        agent: row.agentId,
        name: 'delegate_task',
        args: expect.objectContaining({ task_id: 'echo-1', companion_id: companionId }),
        status: 'ok',
      },
      {
        agent: companionId,
        name: 'send_message_to_agent_async',
        args: expect.objectContaining({ other_agent_id: row.agentId }),
        status: 'ok',
      },
    ]);
    expect(outcome.work.messages).toEqual([
      { from: row.agentId, to: companionId, type: 'task_delegation' },
      { from: companionId, to: row.agentId, type: 'task_result' },
    ]);
    expect(outcome.tasks.map((t) => [t.taskId, t.status])).toEqual([['echo-1', 'succeeded']]);
    expect(outcome.runs).toEqual([]);
  });

  it('times out while a delegated task is still open, saying what it waited for and what happened so far', async () => {
    // Counted checks, not milliseconds: the wait's clock moves one poll interval per check, so a
    // 3 s deadline is reached at the 31st check; the wait must end there (a 32nd check throws).
    let checks = 0;
    const now = () => checks * 100;
    const onProgress = () => {
      if (++checks > 30) throw new Error(`check ${checks}: the wait went past its deadline`);
    };
    const { outcome } = await chat('Echo this, but never finish.', 3_000, { now, onProgress });
    expect(checks).toBe(30);
    expect(outcome.done).toBe(false);
    expect(outcome.waitingFor).toEqual([expect.stringMatching(/^task echo-1 is delegated \(companion-/)]);
    expect(outcome.work.reply).toEqual(['Delegated echo-1; I will report its result.']);
    expect(outcome.work.messages.map((m) => m.type)).toEqual(['task_delegation']);
    expect(outcome.tasks.map((t) => t.status)).toEqual(['delegated']);
  });

  it('a check that waits on a running turn runs when the turn ends, not at its next poll', async () => {
    // An hour between polls and an hour's deadline: the wait returns only if the turn's end wakes it.
    // Once the turn has ended the clock is past the deadline, so the check it wakes is the last.
    let ended = false;
    let checks = 0;
    const hour = 3_600_000;
    const { outcome } = await chat(GATED, hour, {
      pollMs: hour,
      now: () => (ended ? Number.POSITIVE_INFINITY : 0),
      onProgress: () => {
        checks++;
        openGate(); // the turn was running at this check
      },
      wakeAtEnd: (turn) => void turn.finally(() => (ended = true)),
    });
    expect(checks).toBe(1);
    expect(outcome.work.reply).toEqual(['Through the gate.']);
  });
});

import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { deterministicBrains, type BrainSelection } from '../../agents/brains/select.ts';
import { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import type { AgentEvent, StoredMessage } from '../../contracts/agent-platform.ts';
import { systemActor } from '../../contracts/audit-actor.ts';
import { rowsOf } from '../../db/rows.ts';
import type { DelegationSessionRow } from '../../db/schema/delegation.ts';
import { executionHarness, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { indexSkills } from '../../learning/search.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { findTool } from '../../tools/registry.ts';
import { delegationHub } from '../connect.ts';
import type { DelegationHub } from '../hub.ts';
import { delegationGate } from '../message-gate.ts';
import { createSessionContext } from '../sessions.ts';

/** "Today" for the demo data (Alex Wong's week is 1–7 Jul 2024), as `npm start` pins it. */
export const DEMO_CLOCK = 'Today is 2024-07-08T09:00:00Z (Monday).';

/**
 * TEST SUPPORT for delegated mode end to end: a real execution runtime (Redis, the demo skills
 * over MCP), a test database with the skills indexed for search, the local agent platform with
 * the deterministic brains (or `brains` given) and the delegation message gate, and helpers to
 * start a Conductor with its session, talk to it and wait until the work it started is over.
 */
export class DelegatedScenario {
  private constructor(
    readonly h: ExecutionHarness,
    readonly db: Awaited<ReturnType<typeof createTestDatabase>>,
    readonly platform: LocalAgentPlatform,
    readonly services: ToolServices,
    private readonly log: pino.Logger,
  ) {}

  static async start(opts: { brains?: BrainSelection; env?: Record<string, string> } = {}): Promise<DelegatedScenario> {
    const db = await createTestDatabase();
    const h = await executionHarness(opts.env ?? {}, 4);
    await indexSkills(db.db, h.x.skills);
    let platform: LocalAgentPlatform | undefined;
    const services: ToolServices = { config: h.config, db: async () => db.db, execution: async () => h.x, agents: async () => platform! };
    const log = pino({ level: process.env.DCF_TEST_LOG ?? 'silent' });
    const gate = delegationGate(async () => delegationHub(platform!, db.db, services, log));
    platform = new LocalAgentPlatform({
      db: db.db,
      toolServices: services,
      brains: opts.brains ?? deterministicBrains(),
      audit: null,
      gate,
      log,
      inboxSweepMs: 200,
      inboxClaimMs: 30_000,
    });
    return new DelegatedScenario(h, db, platform, services, log);
  }

  get hub(): DelegationHub {
    return delegationHub(this.platform, this.db.db, this.services, this.log);
  }

  /** A Conductor (agents/templates/conductor.af) with the demo clock and its session (shared blocks, Strategist). */
  async conductor(): Promise<{ id: string; session: DelegationSessionRow }> {
    const agent = await this.platform.createAgent({
      template: 'conductor',
      blocks: [{ label: 'clock', value: DEMO_CLOCK, description: 'What the chat host says today is.' }],
    });
    const { session } = await createSessionContext(this.hub, { session_id: randomUUID(), conductor_id: agent.id, writer: 'system:test' });
    return { id: agent.id, session };
  }

  /** One user turn: its events, the final message, the tool calls in order. */
  async say(agentId: string, content: string) {
    const events = await this.platform.sendMessage(agentId, { role: 'user', content });
    const steps = events.flatMap((e) => (e.message_type === 'tool_call_message' ? [e.tool_call.name] : []));
    const messages = events.flatMap((e) => (e.message_type === 'assistant_message' ? [e.content] : []));
    const stop = events.find(
      (e): e is Extract<AgentEvent, { message_type: 'stop_reason' }> => e.message_type === 'stop_reason',
    )?.stop_reason;
    return { events, names: steps, reply: messages.at(-1) ?? '', stop };
  }

  /** A registry tool called directly (as the console would), failing loudly on an error result. */
  async tool(name: string, args: unknown): Promise<Record<string, unknown>> {
    const r = await invokeTool(findTool(name)!, args, { actor: systemActor('test'), services: this.services });
    if (r.status !== 'ok') throw new Error(`${name}: ${r.error}`);
    return r as Record<string, unknown>;
  }

  /** Waits until no task of the session is open and every queued message has been delivered (the answers to the results included). */
  async settle(sessionId: string, timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [row] = rowsOf<{ open: number; pending: number }>(
        await this.db.db.execute(sql`
          select (select count(*)::int from delegation_tasks where session_id = ${sessionId} and status in ('offered', 'delegated')) as open,
                 (select count(*)::int from agent_inbox where status in ('queued', 'delivering')) as pending`),
      );
      if (row && Number(row.open) === 0 && Number(row.pending) === 0) return;
      if (Date.now() > until) throw new Error(`session ${sessionId} did not settle: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The agent's assistant messages (non-empty), oldest first. */
  async answers(agentId: string): Promise<string[]> {
    const history: StoredMessage[] = await this.platform.listMessages(agentId, { limit: 1000 });
    return history.flatMap((m) => (m.event.message_type === 'assistant_message' && m.event.content.trim() ? [m.event.content] : []));
  }

  async close(): Promise<void> {
    await this.platform.close();
    await this.h.close();
    await this.db.dispose();
  }
}

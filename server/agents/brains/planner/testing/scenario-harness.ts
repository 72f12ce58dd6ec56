import { appendFileSync } from 'node:fs';
import { systemActor } from '../../../../contracts/audit-actor.ts';
import { executionHarness, type ExecutionHarness } from '../../../../execution/testing/harness.ts';
import { createKnowledgeGraph } from '../../../../graph/factory.ts';
import type { KnowledgeGraph } from '../../../../graph/port.ts';
import { consolidate } from '../../../../learning/consolidate.ts';
import { EPISODE_STREAM } from '../../../../learning/episode-stream.ts';
import { indexSkills } from '../../../../learning/search.ts';
import { seedWorkflowCatalog } from '../../../../learning/workflow-catalog.ts';
import { createTestDatabase } from '../../../../testing/test-database.ts';
import { invokeTool } from '../../../../tools/invoke.ts';
import { findTool } from '../../../../tools/registry.ts';
import { LocalAgentPlatform } from '../../../local/local-platform.ts';
import { startDemoSkillsServer, type DemoSkillsServer } from '../../../../skills/demo/server/http-server.ts';
import type { AgentEvent } from '../../../../contracts/agent-platform.ts';
import { deterministicBrains } from '../../select.ts';

/**
 * TEST SUPPORT for the Planner's scenarios end to end: a real execution runtime (Redis, in-process
 * workers, the demo skills), a test database (skills indexed, the workflow catalog seeded or
 * empty), the local agent platform with the deterministic brains, and a `planner` agent created
 * from agents/templates/planner.af with the demo clock (2024-07-08, as `npm start` pins it).
 * `world` runs it against another lender (server/skills/demo/worlds: its own demo skills server,
 * reached through DCF_MCP_BASE_URL) and `clock` sets the day the chat host says it is.
 */
export const DEMO_CLOCK = 'Today is 2024-07-08T09:00:00Z (Monday).';

export class PlannerScenario {
  private constructor(
    readonly h: ExecutionHarness,
    readonly db: Awaited<ReturnType<typeof createTestDatabase>>,
    readonly graph: KnowledgeGraph,
    readonly platform: LocalAgentPlatform,
    private readonly clock: string,
    private readonly skills: DemoSkillsServer | null,
  ) {}

  static async start(opts: { seed: boolean; world?: string; clock?: string }): Promise<PlannerScenario> {
    const db = await createTestDatabase();
    const skills = opts.world ? await startDemoSkillsServer({ port: 0, world: opts.world }) : null;
    const h = await executionHarness(skills ? { DCF_MCP_BASE_URL: skills.url } : {}, 8);
    await h.x.redis.del(EPISODE_STREAM);
    const graph = createKnowledgeGraph(h.config, db.db);
    await indexSkills(db.db, h.x.skills);
    if (opts.seed) await seedWorkflowCatalog(db.db, h.config.workflowsDir);
    const platform = new LocalAgentPlatform({
      db: db.db,
      toolServices: { config: h.config, db: async () => db.db, execution: async () => h.x },
      brains: deterministicBrains(),
      audit: null,
    });
    const s = new PlannerScenario(h, db, graph, platform, opts.clock ?? DEMO_CLOCK, skills);
    await s.drain(); // the seeded versions into the graph
    return s;
  }

  async planner(): Promise<string> {
    const a = await this.platform.createAgent({
      template: 'planner',
      blocks: [{ label: 'clock', value: this.clock, description: 'What the chat host says today is.' }],
    });
    return a.id;
  }

  /** One user turn: the events, the final message, the tool calls in order. */
  async say(agentId: string, content: string) {
    const events = await this.platform.sendMessage(agentId, { role: 'user', content });
    const calls = events.flatMap((e) =>
      e.message_type === 'tool_call_message'
        ? [{ name: e.tool_call.name, args: JSON.parse(e.tool_call.arguments) as Record<string, unknown> }]
        : [],
    );
    const returns = events.flatMap((e) =>
      e.message_type === 'tool_return_message'
        ? [{ name: e.name, status: e.status, result: JSON.parse(e.tool_return) as Record<string, unknown> }]
        : [],
    );
    const messages = events.flatMap((e) => (e.message_type === 'assistant_message' ? [e.content] : []));
    const stop = events.find(
      (e): e is Extract<AgentEvent, { message_type: 'stop_reason' }> => e.message_type === 'stop_reason',
    )?.stop_reason;
    const errors = events.filter((e) => e.message_type === 'error_message');
    if (process.env.PLANNER_TRANSCRIPT) appendFileSync(process.env.PLANNER_TRANSCRIPT, transcript(content, events));
    return { events, calls, returns, reply: messages.at(-1) ?? '', messages, stop, errors, names: calls.map((c) => c.name) };
  }

  /** A registry tool called directly (as the console would), failing loudly on an error result. */
  async tool(name: string, args: unknown): Promise<Record<string, unknown>> {
    const r = await invokeTool(findTool(name)!, args, {
      actor: systemActor('test'),
      services: { config: this.h.config, db: async () => this.db.db, execution: async () => this.h.x },
    });
    if (r.status !== 'ok') throw new Error(`${name}: ${r.error} ${JSON.stringify((r as { details?: unknown }).details ?? null)}`);
    return r as Record<string, unknown>;
  }

  /** The consolidation job's work (the sleep-time agent's): run episodes and saved versions into the graph. */
  async drain(): Promise<void> {
    for (let i = 0; i < 50; i++) {
      const r = await consolidate({ redis: this.h.x.redis, db: this.db.db, graph: this.graph, consumer: 'test' });
      if (r.moved === 0 && r.pending === 0) return;
    }
  }

  async close(): Promise<void> {
    await this.platform.close();
    await this.graph.close();
    await this.h.close();
    await this.db.dispose();
    await this.skills?.close();
  }
}

/** A readable transcript of one turn (PLANNER_TRANSCRIPT=<file> writes them, for looking at the conversation). */
function transcript(content: string, events: AgentEvent[]): string {
  const lines = [`\n### USER: ${content}`];
  for (const e of events) {
    if (e.message_type === 'reasoning_message') lines.push(`  (reasoning) ${e.reasoning}`);
    if (e.message_type === 'tool_call_message') lines.push(`  → ${e.tool_call.name} ${e.tool_call.arguments.slice(0, 160)}`);
    if (e.message_type === 'tool_return_message') lines.push(`  ← ${e.name} ${e.status} ${e.tool_return.length} chars`);
    if (e.message_type === 'assistant_message') lines.push(`### PLANNER: ${e.content}`);
    if (e.message_type === 'error_message') lines.push(`  !! ${e.message}`);
  }
  return `${lines.join('\n')}\n`;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readActiveSkills } from './skill-tracker.ts';
import { DelegatedScenario } from './testing/delegated-scenario.ts';

const REQUEST =
  'Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs coaching on vulnerable customers';

/**
 * Delegated mode offline (issue 12's scenario): the deterministic Conductor splits a request
 * across Companions, which do the work with the demo skills and report back; the Conductor
 * answers from the merged results. Real Redis, the demo skills over MCP, the local runtime.
 */
describe('the Conductor delegates a review to Companions and answers from their merged results', () => {
  let s: DelegatedScenario;
  beforeAll(async () => {
    s = await DelegatedScenario.start();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('creates two Companions, delegates both tasks in one step, answers at once, then merges the results', async () => {
    const { id: conductor, session } = await s.conductor();
    const turn = await s.say(conductor, REQUEST);
    expect(turn.stop).toBe('end_turn');
    expect(turn.names.filter((n) => n === 'create_companion')).toHaveLength(2);
    expect(turn.names.filter((n) => n === 'delegate_task')).toHaveLength(2);
    expect(turn.reply).toMatch(/Alex Wong/);
    expect(turn.reply).toMatch(/Priya Shah/);

    await s.settle(session.id);
    const tasks = await s.hub.store.tasks(session.id);
    expect(tasks.map((t) => t.status)).toEqual(['succeeded', 'succeeded']);
    for (const t of tasks) {
      const m = t.metrics as { duration_s: number; tool_calls: number; skills_used: string[] };
      expect(m.duration_s).toBeGreaterThan(0);
      expect(m.tool_calls).toBeGreaterThan(6);
      expect(m.skills_used).toContain('skill://whisper-transcribe@1.0.0');
    }
    const answer = (await s.answers(conductor)).at(-1)!;
    expect(answer).toMatch(/\| Alex Wong \| \d+ \|/);
    expect(answer).toMatch(/\| Priya Shah \| \d+ \|/);
    expect(answer).toMatch(/coaching on vulnerable customers/);

    const events = await s.hub.store.events(session.id);
    const kinds = events.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'companion_created')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'task_result')).toHaveLength(2);
    expect(kinds).toContain('task_progress');
    const pool = await s.platform.listAgents({ tags: ['role:companion', `session:${session.id}`] });
    for (const c of pool) {
      expect(c.tags).toContain('status:idle');
      expect(await readActiveSkills(s.platform, c.id)).toEqual([]);
    }
  }, 120_000);
});

describe('the message protocols are checked where the runtime sees them', () => {
  let s: DelegatedScenario;
  beforeAll(async () => {
    s = await DelegatedScenario.start();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses an invalid message at send with the schema error, rejects one at delivery, and records both', async () => {
    const { id: conductor, session } = await s.conductor();
    const companion = await s.tool('create_companion', {
      session_id: session.id,
      conductor_id: conductor,
      specialization: 'call-review',
      shared_block_ids_json: '[]',
    });
    const from = String(companion.companion_id);
    const bad = JSON.stringify({
      type: 'task_result',
      task_id: 't-x',
      status: 'done',
      output: {},
      companion_id: from,
      completed_at: 'now',
    });
    await expect(s.platform.sendMessageToAgentAsync(from, conductor, bad)).rejects.toThrow(
      /^invalid task_result message \(schemas\/messages\): .*\/status: "status" must be one of "succeeded", "failed"/,
    );
    const { InboxStore } = await import('../agents/local/inbox-store.ts');
    await new InboxStore(s.db.db).enqueue(conductor, { role: 'user', content: bad, sender_agent_id: from });
    await s.settle(session.id);
    const rejected = (await s.hub.store.events(session.id)).filter((e) => e.kind === 'message_rejected');
    expect(rejected.map((e) => e.payload.at)).toEqual(['send', 'delivery']);
    expect(String(rejected[1]!.payload.reason)).toContain('/metrics: "metrics" is required');
    const rows = await s.db.db.query.agentInbox.findMany();
    expect(rows.find((r) => r.content === bad)).toMatchObject({ status: 'rejected' });
    expect(await s.answers(conductor)).toEqual([]);
  }, 60_000);
});

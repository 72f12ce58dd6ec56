import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../contracts/audit-actor.ts';
import { createCompanion } from '../../../delegation/companions.ts';
import { delegationHub } from '../../../delegation/connect.ts';
import { parseGuidelines } from '../../../delegation/guidelines.ts';
import type { DelegationHub } from '../../../delegation/hub.ts';
import { delegationGate } from '../../../delegation/message-gate.ts';
import { readProtocolMessage, type TaskResult } from '../../../delegation/protocol.ts';
import { createSessionContext } from '../../../delegation/sessions.ts';
import { createTestDatabase } from '../../../testing/test-database.ts';
import { testConfig } from '../../../testing/test-config.ts';
import type { ToolServices } from '../../../contracts/tool-services.ts';
import { invokeTool } from '../../../tools/invoke.ts';
import { findTool } from '../../../tools/registry.ts';
import { eventually, testPlatform } from '../../local/testing/platform-harness.ts';
import type { LocalAgentPlatform } from '../../local/local-platform.ts';
import type { StoredMessage } from '../../../contracts/agent-platform.ts';
import { deterministicBrains } from '../select.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';

const assistantMessages = (history: StoredMessage[]) =>
  history.flatMap((m) => (m.event.message_type === 'assistant_message' ? [m.event.content] : []));

/**
 * The Strategist on the local agent platform with the deterministic brains and delegated mode's
 * message gate, as the console runs it: a session made by createSessionContext (its Strategist
 * from agents/templates/strategist.af), a Companion, and task results the Companion sends the
 * Conductor — each one wakes the Strategist through the gate (server/delegation/receive.ts).
 */
describe('the deterministic Strategist in a delegated-mode session', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let hub: DelegationHub;
  let services: ToolServices;

  beforeAll(async () => {
    handle = await createTestDatabase();
    // The agents' tools see the platform, as in the console (compare_models reads it).
    services = { config: testConfig(), db: async () => handle.db, agents: async () => platform };
    const gate = delegationGate(async () => delegationHub(platform, handle.db, services));
    platform = testPlatform(handle.db, deterministicBrains(), { audit: null, gate, toolServices: services });
    hub = delegationHub(platform, handle.db, services);
  });
  afterAll(async () => {
    await platform.close();
    await handle.dispose();
  });

  it('publishes a skill preference once the failures are evidence: the revision goes up and the advice reaches the Conductor', async () => {
    const conductor = await platform.createAgent({ template: 'conductor' });
    const { session } = await createSessionContext(hub, {
      session_id: randomUUID(),
      conductor_id: conductor.id,
      writer: 'user:test',
    });
    const strategist = session.strategistId!;
    // Graphiti's add_memory (server/tools/learning/add-memory.ts): patterns become knowledge-graph episodes.
    await platform.attachTool(strategist, 'add_memory');
    const actor = { kind: 'agent' as const, id: conductor.id, label: conductor.name };
    const { agent: companion } = await createCompanion(hub, actor, {
      session_id: session.id,
      conductor_id: conductor.id,
      specialization: 'generalist',
      shared_block_ids: [session.sessionContextBlockId],
      initial_skills: [],
    });
    const guidelines = async () => parseGuidelines((await platform.getBlock(session.guidelinesBlockId))!.value);

    const fail = async (n: number) => {
      const taskId = `transcribe-${n}`;
      await hub.store.insertTask({
        sessionId: session.id,
        taskId,
        companionId: companion.id,
        description: `Transcribe call ${n}`,
        skillsRequired: [WHISPER],
        context: {},
        priority: 'normal',
        status: 'delegated',
      });
      const result: TaskResult = {
        type: 'task_result',
        task_id: taskId,
        status: 'failed',
        output: {
          summary: `Call ${n} not transcribed`,
          error: 'TimeoutError: whisper-transcribe timed out after 120s',
          failed_skill: WHISPER,
        },
        metrics: { duration_s: 120, tool_calls: 1, skills_used: [WHISPER] },
        companion_id: companion.id,
        completed_at: new Date().toISOString(),
      };
      await platform.sendMessageToAgentAsync(companion.id, conductor.id, JSON.stringify(result));
      // The Strategist's turn on this observation has ended when it has answered n times.
      return eventually(async () => {
        const said = assistantMessages(await platform.listMessages(strategist, { limit: 500 }));
        return said.length >= n ? said[n - 1]! : null;
      }, 20_000);
    };

    const first = await fail(1);
    expect(first).toContain('No change published');
    expect(first).toContain(`${WHISPER}: 1 failure in this session; a preference needs 2 or more.`);
    const second = await fail(2);
    // No history for either skill: 0 of 2 against an untried alternative is P = 0.75.
    expect(second).toContain(`best alternative ${ASSEMBLY} is more reliable with P = 0.75, below 0.8.`);
    expect((await guidelines()).revision).toBe(0);

    const third = await fail(3);
    expect(third).toContain('Published (revision 1, confidence 0.8)');
    const g = await guidelines();
    expect(g.revision).toBe(1);
    expect(g.skill_preferences.transcription).toMatchObject({
      prefer: ASSEMBLY,
      avoid: [WHISPER],
      confidence: 0.8,
      since_revision: 1,
    });
    expect(g.skill_preferences.transcription!.evidence).toMatchObject({
      skills: { [WHISPER]: { session_failures: 3, success_rate: 0 } },
    });

    // The advice arrived at the Conductor: recorded by the gate at delivery, and in the Conductor's history.
    const advice = await eventually(async () => (await hub.store.events(session.id, { kinds: ['strategic_advice'] }))[0]);
    expect(advice).toMatchObject({ actor: strategist, subject: conductor.id });
    expect(advice.payload.message).toMatchObject({
      type: 'strategic_advice',
      advice_type: 'skill_preference',
      confidence: 0.8,
      strategist_id: strategist,
      evidence: { guidelines_revision: 1 },
    });
    expect(readProtocolMessage(JSON.stringify(advice.payload.message)).kind).toBe('valid');
    const inbound = await eventually(async () =>
      (await platform.listMessages(conductor.id, { limit: 500 })).find(
        (m) => m.event.message_type === 'user_message' && 'sender_agent_id' in m.event && m.event.sender_agent_id === strategist,
      ),
    );
    expect((inbound.event as { content: string }).content).toContain('"type":"strategic_advice"');
    expect(await hub.store.events(session.id, { kinds: ['message_rejected'] })).toEqual([]);
    expect((await hub.store.events(session.id, { kinds: ['guidelines_updated'] })).map((e) => e.actor)).toEqual([strategist]);

    // Its own memory: the pattern kept, the analysed observations gone.
    const blocks = await platform.listAgentBlocks(strategist);
    expect(blocks.find((b) => b.label === 'pattern_library')!.value).toMatch(
      new RegExp(
        String.raw`^skill_preference transcription: For transcription tasks, ` +
          String.raw`use skill://assemblyai-transcribe@1\.2\.0 rather than skill://whisper-transcribe@1\.0\.0\.`,
      ),
    );
    expect(blocks.find((b) => b.label === 'observation_buffer')!.value).toBe('');
    const episodes = await invokeTool(findTool('get_episodes')!, { group_ids: 'dcf-strategist' }, { actor: systemActor('test'), services });
    expect(episodes).toMatchObject({
      status: 'ok',
      episodes: [{ name: 'strategist_pattern skill_preference transcription', source: 'json' }],
    });
    const body = JSON.parse((episodes as unknown as { episodes: Array<{ content: string }> }).episodes[0]!.content);
    expect(body).toMatchObject({
      advice_type: 'skill_preference',
      key: 'transcription',
      session_id: session.id,
      guidelines_revision: 1,
      confidence: 0.8,
    });
    expect(third).toContain('Recorded 1 episode with add_memory.');

    // The same evidence once more: nothing republished.
    const fourth = await fail(4);
    expect(fourth).toContain(`transcription: the guidelines already prefer ${ASSEMBLY} over ${WHISPER} (revision 1).`);
    expect((await guidelines()).revision).toBe(1);
    expect(await hub.store.events(session.id, { kinds: ['strategic_advice'] })).toHaveLength(1);
  });

  it('warns the Conductor about a Companion whose work other agents rate low (evaluate_contribution → compare_models)', async () => {
    const conductor = await platform.createAgent({ template: 'conductor' });
    const { session } = await createSessionContext(hub, {
      session_id: randomUUID(),
      conductor_id: conductor.id,
      writer: 'user:test',
    });
    const strategist = session.strategistId!;
    const actor = { kind: 'agent' as const, id: conductor.id, label: conductor.name };
    const { agent: companion } = await createCompanion(hub, actor, {
      session_id: session.id,
      conductor_id: conductor.id,
      specialization: 'call-review',
      shared_block_ids: [session.sessionContextBlockId],
      initial_skills: [],
    });
    // The Conductor rates three of the Companion's contributions, each below 3 of 5.
    for (const [n, clarity, completeness] of [
      [1, 2, 1],
      [2, 2, 3],
      [3, 1, 2],
    ] as const) {
      const evaluated = await invokeTool(
        findTool('evaluate_contribution')!,
        {
          evaluating_agent_id: conductor.id,
          contributing_agent_id: companion.id,
          contribution_ref: `review-${n}`,
          evaluation_criteria: { clarity, completeness },
          comments: 'hard to act on',
        },
        { actor, services },
      );
      expect(evaluated).toMatchObject({ status: 'ok', logged: true });
    }
    const taskId = 'review-4';
    await hub.store.insertTask({
      sessionId: session.id,
      taskId,
      companionId: companion.id,
      description: 'Review call 4',
      skillsRequired: [],
      context: {},
      priority: 'normal',
      status: 'delegated',
    });
    const result: TaskResult = {
      type: 'task_result',
      task_id: taskId,
      status: 'succeeded',
      output: { summary: 'Call 4 reviewed' },
      metrics: { duration_s: 30, tool_calls: 2, skills_used: [] },
      companion_id: companion.id,
      completed_at: new Date().toISOString(),
    };
    await platform.sendMessageToAgentAsync(companion.id, conductor.id, JSON.stringify(result));
    const said = await eventually(async () => assistantMessages(await platform.listMessages(strategist, { limit: 500 }))[0], 20_000);
    expect(said).toMatch(/Published \(revision 1, confidence 0\.937\): Companion .* \(call-review\): 3 of its 3 evaluations/);
    const g = parseGuidelines((await platform.getBlock(session.guidelinesBlockId))!.value);
    expect(g.warnings).toMatchObject([
      {
        type: 'companion_rated_low',
        companion_id: companion.id,
        confidence: 0.937,
        evidence: { evaluations: 3, below_midpoint: 3, mean_rating: 1.83 },
      },
    ]);
    const advice = await eventually(async () => (await hub.store.events(session.id, { kinds: ['strategic_advice'] }))[0]);
    expect(advice.payload.message).toMatchObject({ advice_type: 'warning', strategist_id: strategist });
  });
});

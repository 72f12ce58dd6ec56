import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { ACTIVE_SKILLS_BLOCK } from '../../delegation/skill-tracker.ts';
import type { ExecutionHarness } from '../../execution/testing/harness.ts';
import type { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { platformToolHarness, type PlatformToolHarness } from '../testing/platform-tool-harness.ts';
import { runWebhookUrl } from '../../execution/webhook.ts';
import { demoDataset } from '../../skills/demo/dataset/generate.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

const ECHO = 'skill://builtin.echo@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
const RUN = '7d0c4a52-2f4e-4f7e-9a43-4d7b1f0e9c11';
const RECORDING = demoDataset().recordings[0]!.uri;

/**
 * load_skill, invoke_skill_tool and unload_skill serve any agent: a run's worker (through the
 * execution's agent runtime, here platform workers as with DCF_WORKER_AGENTS=platform), and any
 * other agent of the agent platform — a Companion made from companion.af — whose skill loading
 * tracker is its dcf_active_skills block.
 */
describe('the skill tools for workers and for any agent of the platform (local platform, real Redis)', { timeout: 60_000 }, () => {
  let t: PlatformToolHarness;
  let h: ExecutionHarness;
  let platform: LocalAgentPlatform;
  let services: ToolServices;
  const call = (tool: string, args: unknown) =>
    invokeTool(findTool(tool)!, args, { actor: systemActor('test'), services }) as Promise<Record<string, any>>;
  const tracker = async (agentId: string) =>
    (await platform.listAgentBlocks(agentId)).filter((b) => b.label === ACTIVE_SKILLS_BLOCK).map((b) => JSON.parse(b.value) as string[]);

  beforeAll(async () => {
    t = await platformToolHarness();
    ({ h, platform, services } = t);
  });
  afterAll(async () => t?.close());

  it('a Companion loads, invokes and unloads skills, tracked in its dcf_active_skills block; nothing is filled in for it', async () => {
    const companion = await platform.createAgent({ template: 'companion', tags: ['role:companion'] });
    expect(await h.x.agents.getAgent(companion.id)).toBeNull(); // not a run's worker
    expect(await tracker(companion.id)).toEqual([[]]);

    expect(await call('load_skill', { agent_id: companion.id, skill: ECHO })).toMatchObject({
      status: 'ok',
      agent_id: companion.id,
      loaded_skills: [ECHO],
      tools: [{ name: 'echo' }],
    });
    expect(await call('load_skill', { agent_id: companion.id, skill: ASSEMBLY })).toMatchObject({
      status: 'ok',
      loaded_skills: [ECHO, ASSEMBLY],
    });
    expect(await call('load_skill', { agent_id: companion.id, skill: ECHO })).toMatchObject({
      status: 'ok',
      loaded_skills: [ECHO, ASSEMBLY],
    });
    expect(await tracker(companion.id)).toEqual([[ECHO, ASSEMBLY]]);

    expect(
      await call('invoke_skill_tool', { agent_id: companion.id, skill: ECHO, tool: 'echo', args: { message: 'hello' } }),
    ).toMatchObject({ status: 'ok', ok: true, result: { message: 'hello' }, skill_error: null, tool: 'echo', filled_arguments: [] });
    // No run context for an agent that is not a run's worker: its caller gives complete arguments.
    const transcribed = await call('invoke_skill_tool', { agent_id: companion.id, skill: ASSEMBLY, args: { recording_uri: RECORDING } });
    expect(transcribed).toMatchObject({
      status: 'ok',
      ok: true,
      tool: 'transcribe_audio_async',
      filled_arguments: [],
      result: { data: { job_id: expect.any(String) } },
    });

    expect(await call('unload_skill', { agent_id: companion.id, skill: ECHO })).toMatchObject({
      status: 'ok',
      loaded_skills: [ASSEMBLY],
      was_loaded: true,
    });
    expect(await call('unload_skill', { agent_id: companion.id, skill: ECHO })).toMatchObject({
      status: 'ok',
      loaded_skills: [ASSEMBLY],
      was_loaded: false,
    });
    expect(await tracker(companion.id)).toEqual([[ASSEMBLY]]);
    expect(await call('invoke_skill_tool', { agent_id: companion.id, skill: ECHO, tool: 'echo', args: {} })).toMatchObject({
      status: 'error',
      error_code: 'conflict',
    });
  });

  it('an agent without a tracker block gets one on its first load; an unknown agent or skill is refused clearly', async () => {
    const conductor = await platform.createAgent({ template: 'conductor' });
    expect(await tracker(conductor.id)).toEqual([]);
    expect(await call('load_skill', { agent_id: conductor.id, skill: ECHO })).toMatchObject({ status: 'ok', loaded_skills: [ECHO] });
    expect(await tracker(conductor.id)).toEqual([[ECHO]]);

    expect(await call('load_skill', { agent_id: 'agent-nobody', skill: ECHO })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      error: 'no agent agent-nobody',
    });
    expect(await call('load_skill', { agent_id: conductor.id, skill: 'skill://nowhere@1.0.0' })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
    });
    expect(await call('invoke_skill_tool', { agent_id: conductor.id, skill: ECHO, tool: 'shout', args: {} })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      error: `${ECHO} has no tool shout`,
    });
  });

  it("a run's worker gets the run's webhook_url filled in when the tool requires it and the arguments lack it", async () => {
    const worker = await h.x.agents.createWorkerAgent({
      run_id: RUN,
      state: 'TranscribeRecording',
      template: 'agent_template_worker@1.0.0',
    });
    expect(await tracker(worker.id)).toEqual([[]]);
    expect(await call('load_skill', { agent_id: worker.id, skill: ASSEMBLY })).toMatchObject({ status: 'ok', loaded_skills: [ASSEMBLY] });
    expect((await h.x.agents.getAgent(worker.id))!.loaded_skills).toEqual([ASSEMBLY]);

    const r = await call('invoke_skill_tool', { agent_id: worker.id, skill: ASSEMBLY, args: { recording_uri: RECORDING }, attempt: 2 });
    expect(r).toMatchObject({
      status: 'ok',
      ok: true,
      tool: 'transcribe_audio_async',
      filled_arguments: ['webhook_url'],
      result: { ok: true, data: { job_id: expect.any(String) } },
    });
    // Given by the caller, webhook_url is the caller's.
    const own = await call('invoke_skill_tool', {
      agent_id: worker.id,
      skill: ASSEMBLY,
      args: { recording_uri: RECORDING, webhook_url: await runWebhookUrl(h.config, RUN, 'TranscribeRecording') },
    });
    expect(own).toMatchObject({ status: 'ok', ok: true, filled_arguments: [] });

    expect(await call('unload_skill', { agent_id: worker.id, skill: ASSEMBLY })).toMatchObject({
      status: 'ok',
      loaded_skills: [],
      was_loaded: true,
    });
    expect(await tracker(worker.id)).toEqual([[]]);
  });
});

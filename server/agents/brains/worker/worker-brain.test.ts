import { describe, expect, it } from 'vitest';
import type { BrainInput, BrainMessage } from '../brain.ts';
import { workerBrain, workflowEventOf } from './worker-brain.ts';

const RUN = '9a4c2b1e-0000-4000-8000-000000000001';
const notification = (state = 'TranscribeRecording') =>
  JSON.stringify({
    workflow_event: { type: 'notify_start', workflow_id: 'wf-1', run_id: RUN, state, reason: 'upstream_done', nudge_id: 'n-1' },
  });

type Env = Record<string, (args: Record<string, any>, n: number) => Record<string, unknown>>;
const ok = (fields: Record<string, unknown>) => ({ status: 'ok', error: null, ...fields });

/**
 * Runs the brain against scripted tool results until it answers: each tool call gets what
 * `env[tool]` returns (the n-th call of that tool: n). Returns the calls made and the answer.
 */
async function drive(env: Env, content = notification(), maxSteps = 20) {
  const history: BrainMessage[] = [{ role: 'user', content }];
  const calls: Array<{ name: string; args: Record<string, any> }> = [];
  const counts: Record<string, number> = {};
  for (let step = 0; step < maxSteps; step++) {
    const input: BrainInput = {
      agent: { id: 'agent-w1', name: 'w1', role: 'worker', system: '', tags: [] },
      blocks: [],
      tools: [],
      history,
    };
    const d = await workerBrain.decide(input);
    if (d.kind === 'message') return { calls, answer: d.content };
    expect(d.reasoning).toBeTruthy();
    history.push({ role: 'assistant', content: null, tool_calls: d.tool_calls });
    for (const c of d.tool_calls) {
      const args = JSON.parse(c.arguments);
      calls.push({ name: c.name, args });
      counts[c.name] = (counts[c.name] ?? 0) + 1;
      const handler = env[c.name];
      if (!handler) throw new Error(`unexpected tool ${c.name}`);
      const result = handler(args, counts[c.name]!);
      history.push({
        role: 'tool',
        tool_call_id: c.id,
        name: c.name,
        content: JSON.stringify(result),
        status: result.status === 'ok' ? 'success' : 'error',
      });
    }
  }
  throw new Error('no answer');
}

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
const transcribeTool = {
  name: 'transcribe.audio',
  description: 'Transcribe',
  parameters: { type: 'object', properties: { recording_uri: { type: 'string' } }, required: ['recording_uri'] },
};
const lease =
  (fields: Record<string, unknown> = {}) =>
  () =>
    ok({
      lease_token: 'lease-7',
      attempts: 1,
      ttl_s: 120,
      effective_input: { recording_uri: 's3://calls/1.mp3', note: 'extra' },
      skills: [WHISPER],
      current_skill: WHISPER,
      timeout_ms: null,
      ...fields,
    });
const loaded = (args: Record<string, any>) =>
  ok({ agent_id: args.agent_id, loaded_skills: [args.skill], directives: 'Transcribe.', tools: [transcribeTool] });
const timedOut = ok({
  ok: false,
  result: null,
  skill_error: { error: 'TimeoutError', cause: 'Tool call to whisper-transcribe timed out after 120s' },
  latency_ms: 120_000,
  tool: 'transcribe_audio',
  filled_arguments: [],
});
const running = (fields: Record<string, unknown>) => ok({ queued: [], ...fields });

describe('the deterministic worker brain (worker protocol, spec §2.6 and §4)', () => {
  it('leases, loads, invokes with the effective input unchanged, completes and notifies the queued states', async () => {
    const { calls, answer } = await drive({
      acquire_state_lease: lease(),
      load_skill: loaded,
      invoke_skill_tool: () =>
        ok({ ok: true, result: { text: 'Hello…' }, skill_error: null, latency_ms: 812, tool: 'transcribe.audio', filled_arguments: [] }),
      update_workflow_control_plane: () =>
        ok({ queued: [{ nudge_id: 'n-2', state: 'ParallelAnalysis', reason: 'upstream_done', due_at: '2024-07-08T09:22:11Z' }] }),
      notify_next_worker_agent: (a) => ok({ notified: [{ state: a.state }], already_sent: [] }),
    });
    expect(calls).toEqual([
      { name: 'acquire_state_lease', args: { run_id: RUN, state: 'TranscribeRecording', agent_id: 'agent-w1' } },
      { name: 'load_skill', args: { agent_id: 'agent-w1', skill: WHISPER } },
      // The server picks the tool and builds its arguments (as for the in-process worker); the lease
      // gives the call its attempt's idempotency key and keeps the state while the call runs.
      {
        name: 'invoke_skill_tool',
        args: {
          agent_id: 'agent-w1',
          skill: WHISPER,
          args: { recording_uri: 's3://calls/1.mp3', note: 'extra' },
          attempt: 1,
          run_id: RUN,
          state: 'TranscribeRecording',
          lease_token: 'lease-7',
        },
      },
      {
        name: 'update_workflow_control_plane',
        args: {
          run_id: RUN,
          state: 'TranscribeRecording',
          lease_token: 'lease-7',
          status: 'done',
          result: { text: 'Hello…' },
          skill: WHISPER,
          latency_ms: 812,
        },
      },
      { name: 'notify_next_worker_agent', args: { run_id: RUN, state: 'ParallelAnalysis' } },
    ]);
    expect(answer).toBe(`TranscribeRecording done with ${WHISPER} (attempt 1). Notified: ParallelAnalysis.`);
  });

  it('asks the server for an alternative after a failure, swaps to the one it returns and retries within the lease (scenario 3)', async () => {
    const { calls, answer } = await drive({
      acquire_state_lease: lease(),
      load_skill: loaded,
      invoke_skill_tool: (_a, n) =>
        n === 1
          ? timedOut
          : ok({
              ok: true,
              result: { job_id: 'j-1' },
              skill_error: null,
              latency_ms: 900,
              tool: 'transcribe_audio_async',
              filled_arguments: ['webhook_url'],
            }),
      update_workflow_control_plane: (a) =>
        a.status === 'running'
          ? running({ next_skill: ASSEMBLY, attempts: 2, rationale: 'assemblyai-transcribe: 99 of 100' })
          : ok({ queued: [] }),
      unload_skill: (a) => ok({ agent_id: a.agent_id, loaded_skills: [], was_loaded: true }),
    });
    expect(calls.map((c) => c.name)).toEqual([
      'acquire_state_lease',
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
      'unload_skill',
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
    ]);
    // No skill named: the server chooses by the skill policy every worker follows.
    expect(calls[3]!.args).toEqual({
      run_id: RUN,
      state: 'TranscribeRecording',
      lease_token: 'lease-7',
      status: 'running',
      last_error: 'TimeoutError: Tool call to whisper-transcribe timed out after 120s',
    });
    expect(calls[4]!.args).toEqual({ agent_id: 'agent-w1', skill: WHISPER });
    expect(calls[5]!.args).toEqual({ agent_id: 'agent-w1', skill: ASSEMBLY });
    expect(calls[6]!.args).toEqual({
      agent_id: 'agent-w1',
      skill: ASSEMBLY,
      args: { recording_uri: 's3://calls/1.mp3', note: 'extra' },
      attempt: 2,
      run_id: RUN,
      state: 'TranscribeRecording',
      lease_token: 'lease-7',
    });
    expect(calls[7]!.args).toMatchObject({ status: 'done', skill: ASSEMBLY, result: { job_id: 'j-1' } });
    expect(answer).toBe(`TranscribeRecording done with ${ASSEMBLY} (attempt 2). Notified: none.`);
  });

  it('reports the failure when the server has no alternative left, with the error that caused it', async () => {
    const env = (firstSwap: string | null) => ({
      acquire_state_lease: lease(),
      load_skill: loaded,
      invoke_skill_tool: () =>
        ok({
          ok: false,
          result: null,
          skill_error: { error: 'HttpError', cause: 'boom' },
          latency_ms: 5,
          tool: 'transcribe.audio',
          filled_arguments: [],
        }),
      update_workflow_control_plane: (a: Record<string, any>, n: number) =>
        a.status === 'running'
          ? running(
              n === 1 && firstSwap
                ? { next_skill: firstSwap, attempts: 2, rationale: 'r' }
                : { next_skill: null, attempts: firstSwap ? 2 : 1, rationale: null },
            )
          : ok({ queued: [{ nudge_id: 'n-9', state: 'TranscribeRecording', reason: 'retry', due_at: '2024-07-08T09:22:11Z' }] }),
      unload_skill: () => ok({ agent_id: 'agent-w1', loaded_skills: [], was_loaded: true }),
      notify_next_worker_agent: () => ok({ notified: [], already_sent: [] }),
    });
    const alone = await drive(env(null));
    expect(alone.calls.map((c) => c.name)).toEqual([
      'acquire_state_lease',
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
      'update_workflow_control_plane',
      'notify_next_worker_agent',
    ]);
    expect(alone.calls[4]!.args).toEqual({
      run_id: RUN,
      state: 'TranscribeRecording',
      lease_token: 'lease-7',
      status: 'failed',
      error: { error: 'HttpError', cause: 'boom' },
    });
    expect(alone.answer).toBe('TranscribeRecording failed after attempt 1: HttpError: boom. Notified: TranscribeRecording.');

    const both = await drive(env(ASSEMBLY));
    expect(both.calls.filter((c) => c.name === 'update_workflow_control_plane').map((c) => c.args.status)).toEqual([
      'running',
      'running',
      'failed',
    ]);
    expect(both.answer).toBe('TranscribeRecording failed after attempt 2: HttpError: boom. Notified: TranscribeRecording.');
  });

  it("fails at once, without asking for an alternative, when the caller's input caused the failure", async () => {
    const CRM = 'skill://salesforce-integration@2.1.0';
    const callerErrors = [
      { error: 'AdvisorNotFound', cause: 'no advisor named "John Smith" (known: Alex Wong, Priya Shah)' },
      { error: 'InvalidArguments', cause: 'start_date 2024-07-08 is after end_date 2024-07-01' },
      { error: 'States.TaskFailed', cause: 'MCP error -32602: Input validation error: Invalid arguments for tool t: expected string' },
    ];
    for (const skillError of callerErrors) {
      const { calls, answer } = await drive({
        acquire_state_lease: lease({ skills: [CRM], current_skill: CRM, effective_input: { advisor_name: 'John Smith' } }),
        load_skill: loaded,
        invoke_skill_tool: () =>
          ok({
            ok: false,
            result: null,
            skill_error: skillError,
            latency_ms: 3,
            tool: 'get_applications_by_advisor',
            filled_arguments: [],
          }),
        update_workflow_control_plane: () => ok({ queued: [] }),
      });
      // No `running` update: the server is never asked for an alternative skill, and nothing is unloaded or swapped.
      expect(calls.map((c) => c.args.status ?? c.name)).toEqual(['acquire_state_lease', 'load_skill', 'invoke_skill_tool', 'failed']);
      expect(calls[3]!.args.error).toEqual(skillError);
      expect(answer).toBe(`TranscribeRecording failed after attempt 1: ${skillError.error}: ${skillError.cause}. Notified: none.`);
    }
  });

  it('treats a skill that cannot be loaded or invoked like a failing skill', async () => {
    const { calls } = await drive({
      acquire_state_lease: lease(),
      load_skill: () => ({
        status: 'error',
        error: 'skill skill://whisper-transcribe@1.0.0 is not in the catalog',
        error_code: 'not_found',
      }),
      update_workflow_control_plane: (a) =>
        a.status === 'running' ? running({ next_skill: null, attempts: 1, rationale: null }) : ok({ queued: [] }),
    });
    expect(calls.map((c) => c.args.status ?? c.name)).toEqual(['acquire_state_lease', 'load_skill', 'running', 'failed']);
    expect(calls[3]!.args.error).toEqual({
      error: 'States.TaskFailed',
      cause: `load_skill ${WHISPER} failed: skill skill://whisper-transcribe@1.0.0 is not in the catalog`,
    });
  });

  it('stops when the lease is not granted or an update is refused', async () => {
    const refused = await drive({
      acquire_state_lease: () => ({ status: 'error', error: 'lease of TranscribeRecording not granted: held', error_code: 'conflict' }),
    });
    expect(refused.calls.map((c) => c.name)).toEqual(['acquire_state_lease']);
    expect(refused.answer).toMatch(/not granted \(lease of TranscribeRecording not granted: held\)/);

    const stale = await drive({
      acquire_state_lease: lease(),
      load_skill: loaded,
      invoke_skill_tool: () => timedOut,
      update_workflow_control_plane: () => ({
        status: 'error',
        error: 'update of TranscribeRecording refused: stale_lease',
        error_code: 'conflict',
      }),
    });
    expect(stale.calls.map((c) => c.name)).toEqual([
      'acquire_state_lease',
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
    ]);
    expect(stale.answer).toMatch(/refused .*another worker takes over/);
  });

  it('fails a state that binds no skill, and one whose effective input is not an object, without invoking anything', async () => {
    const none = await drive({
      acquire_state_lease: lease({ current_skill: null, skills: [] }),
      update_workflow_control_plane: () => ok({ queued: [] }),
    });
    expect(none.calls[1]!.args).toMatchObject({
      status: 'failed',
      error: { error: 'States.TaskFailed', cause: 'TranscribeRecording binds no skill' },
    });

    const scalar = await drive({
      acquire_state_lease: lease({ effective_input: 's3://calls/1.mp3' }),
      load_skill: loaded,
      update_workflow_control_plane: () => ok({ queued: [] }),
    });
    expect(scalar.calls.map((c) => c.name)).toEqual(['acquire_state_lease', 'load_skill', 'update_workflow_control_plane']);
    expect(scalar.calls[2]!.args).toMatchObject({
      status: 'failed',
      error: { cause: 'the effective input of TranscribeRecording is not a JSON object; skill tools take named arguments' },
    });
  });

  it('answers anything that is not a notification without calling tools, and finds a notification inside text', async () => {
    const plain = await drive({}, 'hello there');
    expect(plain.calls).toEqual([]);
    expect(plain.answer).toMatch(/I act on workflow notifications/);
    expect(
      workflowEventOf(`[Incoming message from agent with ID 'agent-p'] ${notification('ScoreEachCall[2]/TranscribeRecording')}`),
    ).toMatchObject({ run_id: RUN, state: 'ScoreEachCall[2]/TranscribeRecording' });
  });
});

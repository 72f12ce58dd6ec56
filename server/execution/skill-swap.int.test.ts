import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failTask, acquireTaskLease, type TaskLease } from './task-work.ts';
import { swapFailedSkill } from './skill-swap.ts';
import { executionHarness, type ExecutionHarness } from './testing/harness.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
const TIMEOUT = { error: 'TimeoutError', cause: 'Tool call to whisper-transcribe timed out after 1s' };

/** One Task bound to Whisper, retried once on any error. */
const workflow = {
  workflow_schema_version: '2.2.0',
  workflow_id: '00000000-0000-4000-8000-000000000033',
  workflow_name: 'transcribe one call',
  version: '1.0.0',
  workflow_input_schema: {},
  skill_imports: [{ uri: 'file://skills/whisper-transcribe.json' }],
  asl: {
    StartAt: 'Transcribe',
    States: {
      Transcribe: {
        Type: 'Task',
        AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: [WHISPER] },
        Parameters: { 'recording_uri.$': '$.uri' },
        Retry: [{ ErrorEquals: ['States.ALL'], IntervalSeconds: 1, MaxAttempts: 1 }],
        End: true,
      },
    },
  },
};

describe('swapFailedSkill: the skill swap every worker makes (spec §4.1–4.2)', () => {
  let h: ExecutionHarness;
  // No workers consume the notifications: the test plays the worker.
  beforeAll(async () => {
    h = await executionHarness({}, 0);
  });
  afterAll(() => h.close());

  const lease = async (runId: string, agent: string) => {
    const l = await acquireTaskLease(h.x, runId, 'Transcribe', agent);
    if (!l.ok) throw new Error(`no lease: ${l.reason}`);
    return l as TaskLease;
  };
  const swaps = async (runId: string) => (await h.show(runId))!.events.filter((e) => e.event.type === 'skill_swap').map((e) => e.event);

  it("swaps to an alternative of the same capability once per lease, recording the attempt and the policy's choice", async () => {
    const runId = await h.start(workflow, { uri: 's3://calls/1.mp3' });
    const first = await lease(runId, 'agent-a');
    expect(first).toMatchObject({ attempts: 1, current_skill: WHISPER });

    const swap = await swapFailedSkill(h.x, runId, 'Transcribe', first.token, TIMEOUT);
    expect(swap).toMatchObject({
      ok: true,
      skill: ASSEMBLY,
      from: WHISPER,
      attempts: 2,
      choice: { arm: ASSEMBLY, strategy: 'ThompsonSampling' },
    });
    const view = (await h.show(runId))!;
    expect(view.states.Transcribe).toMatchObject({
      status: 'running',
      attempts: 2,
      last_error: `${TIMEOUT.error}: ${TIMEOUT.cause}`,
      lease: { token: first.token },
    });
    expect(view.entries.Transcribe).toMatchObject({ skill: ASSEMBLY, tried: { lease: first.token, skills: [WHISPER] } });
    expect(await swaps(runId)).toEqual([
      expect.objectContaining({
        instance: 'Transcribe',
        from: WHISPER,
        to: ASSEMBLY,
        reason: `${TIMEOUT.error}: ${TIMEOUT.cause}`,
        policy: 'ThompsonSampling',
        rationale: expect.stringContaining(ASSEMBLY),
        explored: expect.any(Boolean),
      }),
    ]);

    // AssemblyAI fails too: nothing of the capability is left untried under this lease, and nothing is written.
    expect(await swapFailedSkill(h.x, runId, 'Transcribe', first.token, { error: 'HttpError', cause: '503' })).toEqual({
      ok: true,
      skill: null,
      from: ASSEMBLY,
      attempts: 2,
      choice: null,
    });
    expect(await swaps(runId)).toHaveLength(1);
    expect((await h.show(runId))!.states.Transcribe!.last_error).toBe(`${TIMEOUT.error}: ${TIMEOUT.cause}`);

    // The failure goes to Retry; the next lease starts with nothing tried, from the skill bound now.
    expect(await failTask(h.x, runId, 'Transcribe', first.token, { error: 'HttpError', cause: '503' })).toMatchObject({ ok: true });
    const second = await lease(runId, 'agent-b');
    expect(second).toMatchObject({ attempts: 3, current_skill: ASSEMBLY });
    expect(await swapFailedSkill(h.x, runId, 'Transcribe', second.token, { error: 'HttpError', cause: '503' })).toMatchObject({
      ok: true,
      skill: WHISPER,
      from: ASSEMBLY,
      attempts: 4,
    });
    expect((await h.show(runId))!.entries.Transcribe).toMatchObject({ skill: WHISPER, tried: { lease: second.token, skills: [ASSEMBLY] } });
  });

  it("never swaps for the state's own timeout, and refuses a holder whose lease is not the live one", async () => {
    const runId = await h.start(workflow, { uri: 's3://calls/2.mp3' });
    const l = await lease(runId, 'agent-c');
    expect(
      await swapFailedSkill(h.x, runId, 'Transcribe', l.token, {
        error: 'States.Timeout',
        cause: 'Transcribe exceeded TimeoutSeconds (5 s)',
      }),
    ).toEqual({ ok: true, skill: null, from: WHISPER, attempts: 1, choice: null });
    expect(await swapFailedSkill(h.x, runId, 'Transcribe', 'not-the-token', TIMEOUT)).toEqual({ ok: false, reason: 'stale_lease' });
    expect(await swaps(runId)).toEqual([]);
    expect((await h.show(runId))!.states.Transcribe).toMatchObject({ attempts: 1, last_error: null });
  });

  it('never swaps for a caller error, and fails the state with a cause that says the input was invalid', async () => {
    const runId = await h.start(workflow, { uri: 's3://calls/none.mp3' });
    const l = await lease(runId, 'agent-d');
    const notFound = { error: 'RecordingNotFound', cause: 'no recording at s3://calls/none.mp3' };
    expect(await swapFailedSkill(h.x, runId, 'Transcribe', l.token, notFound)).toEqual({
      ok: true,
      skill: null,
      from: WHISPER,
      attempts: 1,
      choice: null,
    });
    expect(await swaps(runId)).toEqual([]);
    expect(await failTask(h.x, runId, 'Transcribe', l.token, notFound)).toMatchObject({ ok: true });
    // The error name stays what Retry/Catch match; the cause reports the caller's input.
    expect((await h.show(runId))!.states.Transcribe!.last_error).toBe(
      'RecordingNotFound: invalid input: no recording at s3://calls/none.mp3',
    );
    expect((await h.show(runId))!.entries.Transcribe!.skill).toBeUndefined();
  });
});

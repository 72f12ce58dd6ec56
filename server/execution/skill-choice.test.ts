import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SkillManifest, ToolRequirement } from '../skills/manifest.ts';
import { PROJECT_ROOT } from '../testing/test-database.ts';
import { alternativeCandidates, argumentsFor, chooseTool, rankAlternatives, skillToolCall, swapCanFix } from './skill-choice.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import { loadSkillDirectory } from '../skills/skill-directory.ts';
import { seededRandom } from '../learning/policies/index.ts';
import type { SkillStats } from '../learning/skill-stats.ts';
import { needsAccuracy } from '../learning/accuracy/capabilities.ts';
import { needsRunContext } from './webhook.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
const POCKETSPHINX = 'skill://pocketsphinx-transcribe@1.0.0';
const CONTEXT = { webhook_url: 'http://localhost:3000/api/runs/r-1/webhook' };

/** A tool requirement with just the parameter schema these rules read. */
const tool = (toolName: string, parameters: Record<string, unknown>): ToolRequirement =>
  ({ toolName, json_schema: { name: toolName, parameters } }) as unknown as ToolRequirement;

describe('the skill-choice rules every worker follows (in-process and agents)', () => {
  let skills: SkillDirectory;
  beforeAll(async () => {
    skills = await loadSkillDirectory(path.join(PROJECT_ROOT, 'skills'));
  });
  const manifest = (uri: string) => skills.get(uri)!;

  it('calls the only tool of a skill, filling a required webhook_url from the run context (scenario 3)', () => {
    expect(skillToolCall(manifest(ASSEMBLY), { recording_uri: 's3://calls/1.mp3' }, CONTEXT)).toMatchObject({
      tool: { toolName: 'transcribe_audio_async' },
      args: { recording_uri: 's3://calls/1.mp3', webhook_url: CONTEXT.webhook_url },
    });
    // A context argument fills only what the tool requires and the state does not give.
    expect(skillToolCall(manifest(WHISPER), { recording_uri: 's3://calls/1.mp3' }, CONTEXT)!.args).toEqual({
      recording_uri: 's3://calls/1.mp3',
    });
    expect(skillToolCall(manifest(ASSEMBLY), { recording_uri: 'a', webhook_url: 'https://hooks.example/x' }, CONTEXT)!.args).toEqual({
      recording_uri: 'a',
      webhook_url: 'https://hooks.example/x',
    });
    // No run context (an agent that is not a run's worker): the arguments go as given.
    expect(skillToolCall(manifest(ASSEMBLY), { recording_uri: 'a' })!.args).toEqual({ recording_uri: 'a' });
  });

  it('computes the run context only for a skill whose tools take it: the same call as with it for any other', () => {
    expect(needsRunContext(manifest(ASSEMBLY))).toBe(true);
    expect(needsRunContext(manifest(WHISPER))).toBe(false);
    for (const uri of [WHISPER, POCKETSPHINX]) {
      const args = { recording_uri: 's3://calls/1.mp3' };
      expect(needsRunContext(manifest(uri))).toBe(false);
      expect(skillToolCall(manifest(uri), args)).toEqual(skillToolCall(manifest(uri), args, CONTEXT));
    }
  });

  it('calls a named tool, and none when the skill has no tool of that name', () => {
    expect(skillToolCall(manifest(WHISPER), { recording_uri: 'a' }, {}, 'transcribe_audio')!.tool.toolName).toBe('transcribe_audio');
    expect(skillToolCall(manifest(WHISPER), { recording_uri: 'a' }, {}, 'transcribe_video')).toBeNull();
  });

  it('chooses among several tools the first whose required parameters are given (the context counts), else none', () => {
    const m = {
      requiredTools: [
        tool('by_id', { type: 'object', required: ['id'] }),
        tool('by_url', { type: 'object', required: ['url', 'webhook_url'] }),
      ],
    } as unknown as SkillManifest;
    expect(chooseTool(m, { id: 1 })!.toolName).toBe('by_id');
    expect(chooseTool(m, { url: 'u' })).toBeNull();
    expect(skillToolCall(m, { url: 'u' }, CONTEXT)).toMatchObject({
      tool: { toolName: 'by_url' },
      args: { url: 'u', webhook_url: CONTEXT.webhook_url },
    });
    expect(skillToolCall(m, { name: 'x' }, CONTEXT)).toBeNull();
  });

  it('drops the fields a tool forbids (additionalProperties: false) and keeps them otherwise', () => {
    const strict = tool('t', {
      type: 'object',
      properties: { a: {}, webhook_url: {} },
      required: ['a', 'webhook_url'],
      additionalProperties: false,
    });
    expect(argumentsFor(strict, { a: 1, extra: 2 }, CONTEXT)).toEqual({ a: 1, webhook_url: CONTEXT.webhook_url });
    expect(argumentsFor(tool('t', { type: 'object', properties: { a: {} } }), { a: 1, extra: 2 })).toEqual({ a: 1, extra: 2 });
    expect(argumentsFor(strict, 'not an object', CONTEXT)).toBe('not an object');
  });

  it('offers as alternatives the catalog skills of the same capability that take the arguments, not those tried', () => {
    expect(alternativeCandidates(skills, WHISPER, { recording_uri: 'a' }, [WHISPER], CONTEXT)).toEqual([ASSEMBLY, POCKETSPHINX]);
    // AssemblyAI requires webhook_url: without a run context it cannot take the state's arguments.
    expect(alternativeCandidates(skills, WHISPER, { recording_uri: 'a' }, [WHISPER])).toEqual([POCKETSPHINX]);
    expect(alternativeCandidates(skills, ASSEMBLY, { recording_uri: 'a' }, [WHISPER, ASSEMBLY, POCKETSPHINX], CONTEXT)).toEqual([]);
    expect(alternativeCandidates(skills, ASSEMBLY, { recording_uri: 'a' }, [ASSEMBLY], CONTEXT)).toEqual([POCKETSPHINX, WHISPER]);
    expect(alternativeCandidates(skills, 'skill://builtin.fail@1.0.0', {}, [], CONTEXT)).toEqual([]); // nothing else does `fault`
    expect(alternativeCandidates(skills, 'skill://nowhere@1.0.0', {}, [], CONTEXT)).toEqual([]);
  });

  it('ranks alternatives by the policy over their counts, the rest by posterior mean, with the rationale', () => {
    const stats = new Map([
      ['skill://a@1.0.0', { successes: 2, failures: 8, latency_ms: null }],
      ['skill://b@1.0.0', { successes: 99, failures: 1, latency_ms: 900 }],
      ['skill://c@1.0.0', { successes: 40, failures: 10, latency_ms: null }],
    ]);
    const ranked = rankAlternatives(['skill://a@1.0.0', 'skill://b@1.0.0', 'skill://c@1.0.0'], stats, 'Greedy');
    expect(ranked.ordered).toEqual(['skill://b@1.0.0', 'skill://c@1.0.0', 'skill://a@1.0.0']);
    expect(ranked.choice).toMatchObject({
      arm: 'skill://b@1.0.0',
      strategy: 'Greedy',
      explored: false,
      rationale: expect.stringContaining('skill://b@1.0.0'),
    });
    // A skill the graph has not seen counts as 0 of 0.
    expect(rankAlternatives(['skill://new@1.0.0'], new Map(), 'ThompsonSampling').ordered).toEqual(['skill://new@1.0.0']);
    expect(rankAlternatives([], stats, 'Greedy')).toEqual({ ordered: [], choice: null, unmeasured: [] });
  });

  it('never swaps to a skill measured below the accuracy floor, however untried; weighs the rest by accuracy', () => {
    const stats = new Map<string, SkillStats>([
      [ASSEMBLY, { successes: 30, failures: 3, latency_ms: 4000, accuracy: 1 }],
      [POCKETSPHINX, { successes: 0, failures: 0, latency_ms: null, accuracy: 0.55 }],
    ]);
    for (const strategy of ['Greedy', 'EpsilonGreedy', 'UCB', 'ThompsonSampling'] as const)
      for (let seed = 1; seed <= 10; seed++) {
        // UCB tries an untried arm first: the floor, not the counts, keeps the recogniser out.
        const ranked = rankAlternatives([POCKETSPHINX, ASSEMBLY], stats, strategy, seededRandom(seed));
        expect(ranked.ordered).toEqual([ASSEMBLY]);
      }
    // Left with only the low-accuracy skill, there is no swap (the state's Retry/Catch apply).
    expect(rankAlternatives([POCKETSPHINX], stats, 'UCB')).toEqual({ ordered: [], choice: null, unmeasured: [] });
    // Unmeasured, the same untried skill is explored first, as before accuracy was measured.
    const unmeasured = new Map([...stats, [POCKETSPHINX, { successes: 0, failures: 0, latency_ms: null, accuracy: null }]]);
    expect(rankAlternatives([POCKETSPHINX, ASSEMBLY], unmeasured, 'UCB').ordered).toEqual([POCKETSPHINX, ASSEMBLY]);
    // Above the floor, accuracy weighs the fallback order too: 0.9 × 31/35 < 1 × 29/35.
    const ranked = rankAlternatives(
      ['skill://a@1.0.0', 'skill://b@1.0.0', 'skill://c@1.0.0'],
      new Map([
        ['skill://a@1.0.0', { successes: 0, failures: 40, latency_ms: null, accuracy: 1 }],
        ['skill://b@1.0.0', { successes: 30, failures: 3, latency_ms: null, accuracy: 0.9 }],
        ['skill://c@1.0.0', { successes: 28, failures: 5, latency_ms: null, accuracy: 1 }],
      ]),
      'Greedy',
    );
    expect(ranked.ordered).toEqual(['skill://c@1.0.0', 'skill://b@1.0.0', 'skill://a@1.0.0']);
  });

  it('never explores a skill whose capability needs accuracy while it is unmeasured, and says so in the rationale', () => {
    const CRM = 'skill://crm-directory@1.0.0';
    // Pocketsphinx is a transcription alternative now; the capability registry says it needs accuracy.
    expect(manifest(POCKETSPHINX).tags[0]).toBe('transcription');
    expect(alternativeCandidates(skills, WHISPER, { recording_uri: 'a' }, [], CONTEXT)).toContain(POCKETSPHINX);
    const needs = (uri: string) => skills.get(uri) !== undefined && needsAccuracy(manifest(uri));
    expect([WHISPER, POCKETSPHINX].map(needs)).toEqual([true, true]);
    expect(needs(CRM)).toBe(false);
    // Untried and unmeasured: UCB and Thompson would try it first; the registry keeps it out.
    const stats = new Map<string, SkillStats>([[ASSEMBLY, { successes: 3, failures: 9, latency_ms: 4000, accuracy: 0.95 }]]);
    for (const strategy of ['Greedy', 'EpsilonGreedy', 'UCB', 'ThompsonSampling'] as const)
      for (let seed = 1; seed <= 10; seed++) {
        const ranked = rankAlternatives([POCKETSPHINX, ASSEMBLY], stats, strategy, seededRandom(seed), 0.8, needs);
        expect(ranked.ordered).toEqual([ASSEMBLY]);
        expect(ranked.unmeasured).toEqual([POCKETSPHINX]);
        expect(ranked.choice!.rationale).toContain(`Not considered: ${POCKETSPHINX} (word accuracy not measured yet`);
      }
    // Alone and unmeasured: no swap at all.
    expect(rankAlternatives([POCKETSPHINX], stats, 'UCB', undefined, 0.8, needs)).toEqual({
      ordered: [],
      choice: null,
      unmeasured: [POCKETSPHINX],
    });
    // Once measured above the floor it is an arm like any other (untried: UCB tries it first).
    const measured = new Map([...stats, [POCKETSPHINX, { successes: 0, failures: 0, latency_ms: null, accuracy: 0.85 }]]);
    const ucb = rankAlternatives([POCKETSPHINX, ASSEMBLY], measured, 'UCB', undefined, 0.8, needs);
    expect(ucb).toMatchObject({ ordered: [POCKETSPHINX, ASSEMBLY], unmeasured: [] });
    expect(ucb.choice!.rationale).not.toContain('not measured');
    // Measured below the floor it stays out, for good reason now.
    const low = new Map([...stats, [POCKETSPHINX, { successes: 0, failures: 0, latency_ms: null, accuracy: 0.476 }]]);
    expect(rankAlternatives([POCKETSPHINX, ASSEMBLY], low, 'UCB', undefined, 0.8, needs)).toMatchObject({
      ordered: [ASSEMBLY],
      unmeasured: [],
    });
    // A capability that needs no accuracy keeps exploring its untried skills.
    const other = rankAlternatives(
      ['skill://x@1.0.0', CRM],
      new Map([[CRM, { successes: 5, failures: 5, latency_ms: 20 }]]),
      'UCB',
      undefined,
      0.8,
      needs,
    );
    expect(other.ordered[0]).toBe('skill://x@1.0.0');
  });

  it("swaps for the skill's own faults only: never for the state's timeout or the caller's input", () => {
    expect(swapCanFix({ error: 'TimeoutError', cause: 'Tool call to whisper-transcribe timed out after 120s' })).toBe(true);
    expect(swapCanFix({ error: 'SkillError', cause: 'injected demo fault' })).toBe(true);
    expect(swapCanFix({ error: 'SkillUnavailable', cause: 'connection refused' })).toBe(true);
    expect(swapCanFix({ error: 'States.Timeout', cause: 'Transcribe exceeded TimeoutSeconds (5 s)' })).toBe(false);
    expect(swapCanFix({ error: 'RecordingNotFound', cause: 'no recording at s3://calls/none.mp3' })).toBe(false);
    expect(swapCanFix({ error: 'InvalidArguments', cause: 'recording_uri must be a non-empty string' })).toBe(false);
    expect(
      swapCanFix({ error: 'States.TaskFailed', cause: 'MCP error -32602: Input validation error: Invalid arguments for tool t: x' }),
    ).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { call, finding, plan, view } from './test-fixtures';
import { findingAnchors, planTimeline } from './timeline';

const ok = (seq: number, tool: string, intent: number | null, over = {}) => call({ seq, tool_name: tool, intent_index: intent, ...over });

describe('planTimeline', () => {
  it('puts each call beside the intent it carried out, and marks what the plan did not declare', () => {
    const t = planTimeline(
      view({
        calls: [
          ok(0, 'get_skillset', 0),
          ok(1, 'list_workflows', null),
          ok(2, 'invoke_skill_tool', 1, { skill: 'skill://whisper-transcribe' }),
        ],
      }),
    );
    expect(t.rows.map((r) => (r.kind === 'intent' ? `intent ${r.step.index}` : `unplanned ${r.call.tool}`))).toEqual([
      'intent 0',
      'unplanned list_workflows',
      'intent 1',
      'intent 2',
    ]);
    expect(t.intents.map((i) => i.state)).toEqual(['done', 'done', 'waiting']);
    expect(t.counts).toEqual({ calls: 3, unplanned: 1, skipped: 0, refused: 0 });
    expect(t.intents[1]!.fallbacks).toEqual([{ tool: 'invoke_skill_tool', rationale: 'the other transcriber', skill: 'skill://deepgram' }]);
  });

  it("marks the fallback taken after the intent failed, and the calls' outcomes in words", () => {
    const t = planTimeline(
      view({
        calls: [
          ok(0, 'invoke_skill_tool', 1, { skill: 'skill://whisper-transcribe', status: 'error', error_code: 'timeout' }),
          ok(1, 'invoke_skill_tool', 1, { skill: 'skill://deepgram' }),
        ],
      }),
    );
    const calls = t.intents[1]!.calls;
    expect(calls.map((c) => [c.fallbackLevel, c.outcome])).toEqual([
      [0, 'Failed (timeout)'],
      [1, 'Succeeded'],
    ]);
    expect(t.intents[1]!.state).toBe('done');
  });

  it("calls an intent never called in a finished plan skipped, with the agent's reason when it gave one", () => {
    const t = planTimeline(
      view({
        plan: plan({
          executionState: 'Complete',
          deviations: [{ toolName: 'start_workflow_run', kind: 'skipped_intent', rationale: 'no calls to analyse' }],
        }),
        calls: [ok(0, 'get_skillset', 0), ok(1, 'invoke_skill_tool', 1, { skill: 'skill://whisper-transcribe' })],
      }),
    );
    expect(t.intents[2]).toMatchObject({ state: 'skipped', skipRationale: 'no calls to analyse' });
    expect(t.counts.skipped).toBe(1);
  });

  it("tells a failed plan's unreached intents from the skipped ones, and a replaced plan's from both", () => {
    const failed = planTimeline(
      view({
        plan: plan({ executionState: 'Failed' }),
        calls: [ok(0, 'invoke_skill_tool', 1)],
      }),
    );
    expect(failed.intents.map((i) => i.state)).toEqual(['skipped', 'done', 'not_reached']);
    const replaced = planTimeline(view({ plan: plan({ executionState: 'Replaced' }) }));
    expect(replaced.intents.map((i) => i.state)).toEqual(['moved', 'moved', 'moved']);
  });

  it('counts refused calls and keeps model steps out of the calls', () => {
    const t = planTimeline(
      view({
        calls: [ok(0, 'model', null, { cost_units: 120, cost_source: 'model_tokens' }), ok(1, 'get_skillset', 0, { status: 'refused' })],
      }),
    );
    expect(t.model).toEqual({ steps: 1, units: 120 });
    expect(t.counts).toMatchObject({ calls: 1, refused: 1, unplanned: 0 });
    expect(t.intents[0]!.state).toBe('refused');
  });
});

describe('findingAnchors', () => {
  it('points at the calls a finding names as evidence', () => {
    const t = planTimeline(view());
    expect(findingAnchors(finding(), t)).toEqual({ records: ['rec-3'], intents: [] });
  });

  it('points a skipped-intent deviation at the intent no call carried out', () => {
    const p = plan({ executionState: 'Complete' });
    const t = planTimeline(view({ plan: p, calls: [ok(0, 'get_skillset', 0), ok(1, 'invoke_skill_tool', 1)] }));
    const f = finding({
      type: 'PlanDeviation',
      evidence: [],
      detail: { type: 'PlanDeviation', deviation: 'skipped_intent', expected: p.plannedSequence[2]!, actual: null },
    });
    expect(findingAnchors(f, t)).toEqual({ records: [], intents: [2] });
  });
});

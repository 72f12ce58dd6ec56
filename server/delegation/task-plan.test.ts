import { describe, expect, it } from 'vitest';
import { callReviewTask, REVIEW_ROLES, type ReviewRole } from '../agents/brains/conductor/call-review-plan.ts';
import { focusIn, verdictsFilter } from '../agents/brains/conductor/focus.ts';
import { topicRuleIds } from '../agents/brains/conductor/focus-rules.ts';
import { loadRuleSet } from '../skills/demo/skills/compliance-rules.ts';
import { skillsetOf, type SkillSummary } from '../agents/brains/planner/skills.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { callDemoTool, demoSkills } from '../skills/demo/skills/catalog.ts';
import { testConfig } from '../testing/test-config.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import { planOutput, walkPlan, type CallRecord } from './task-plan.ts';
import { DEFAULT_REVIEW_SKILLS } from './testing/review-skills.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

/** The verdict filter of `text`'s focus over the demo rule set, found as the Conductor finds it (focus-rules.ts). */
const demoFocusVerdicts = (text: string) => {
  const rules = loadRuleSet(DEMO_WORLD.ruleSetId).map((r) => ({ ...r, applies_to_labels: r.labels }));
  const focus = focusIn(text);
  return verdictsFilter(focus.topic === 'overall' ? null : topicRuleIds(focus, rules));
};

/** The catalog as get_skillset describes it (the real tool; it needs no services). */
async function skillset() {
  const r = await invokeTool(findTool('get_skillset')!, {}, { actor: systemActor('test'), services: { config: testConfig() } });
  return skillsetOf(r as Record<string, unknown>)!;
}

async function reviewTask(advisor: string) {
  const set = await skillset();
  const skills = Object.fromEntries(REVIEW_ROLES.map((r) => [r, set.skills.find((s) => s.uri === DEFAULT_REVIEW_SKILLS[r])!])) as Record<
    ReviewRole,
    SkillSummary
  >;
  const made = callReviewTask(
    skills,
    { advisor_name: advisor, start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId },
    demoFocusVerdicts('coaching on vulnerable customers'),
  );
  if (!made.ok) throw new Error(made.error);
  return made.task;
}

/** Runs a due call on the demo skill itself (the code the demo MCP server serves). */
function call(c: { skill: string; tool: string; args: Record<string, unknown> }): CallRecord {
  const skill = demoSkills().find((s) => s.manifest.manifestId === c.skill && s.requirement.toolName === c.tool)!;
  const envelope = callDemoTool(`${skill.manifest.manifestId}#${c.tool}`, c.args);
  return { skill: c.skill, tool: c.tool, args: c.args, ok: true, result: envelope, error: null };
}

describe('a call review plan walked against the demo skills', () => {
  it('asks for each step in turn (the calls of all items together), then gives the output the Conductor merges', async () => {
    const task = await reviewTask('Alex Wong');
    const made: CallRecord[] = [];
    const rounds: string[][] = [];
    for (let i = 0; i < 20; i++) {
      const s = walkPlan(task.plan, task.inputs, made, 't-1');
      if (s.kind === 'failed') throw new Error(s.error);
      if (s.kind === 'done') {
        const out = planOutput(task.output, s.data, 't-1') as { advisor: string; calls: Array<Record<string, unknown>> };
        expect(out.advisor).toBe('Alex Wong');
        expect(out.calls.length).toBeGreaterThan(1);
        for (const c of out.calls) {
          expect(typeof c.score).toBe('number');
          expect(Array.isArray(c.focus_verdicts)).toBe(true);
          for (const v of c.focus_verdicts as Array<{ category: string }>) expect(v.category).toBe('vulnerability');
          expect(Array.isArray(c.failed_rules)).toBe(true);
        }
        expect(rounds.map((r) => [...new Set(r)])).toEqual([
          ['applications'],
          ['recordings'],
          ['transcription'],
          ['sentiment'],
          ['compliance'],
          ['scoring'],
        ]);
        expect(rounds[2]).toHaveLength(out.calls.length);
        expect(s.summaries[0]).toMatch(/^applications: Found \d+ applications? for Alex Wong/);
        return;
      }
      rounds.push(s.calls.map((c) => c.step));
      made.push(...s.calls.map(call));
    }
    throw new Error('the plan never finished');
  });

  it('stops at the first failed call, naming the step, the skill and its error', async () => {
    const task = await reviewTask('Alex Wong');
    const made: CallRecord[] = [];
    let s = walkPlan(task.plan, task.inputs, made, 't-2');
    while (s.kind === 'calls' && s.step !== 'calls') {
      made.push(...s.calls.map(call));
      s = walkPlan(task.plan, task.inputs, made, 't-2');
    }
    if (s.kind !== 'calls') throw new Error('expected the per-call step');
    made.push({ ...call(s.calls[0]!), ok: false, result: null, error: 'TimeoutError: Tool call to whisper-transcribe timed out after 1s' });
    s = walkPlan(task.plan, task.inputs, made, 't-2');
    expect(s).toMatchObject({ kind: 'failed', step: 'calls', skill: 'skill://whisper-transcribe@1.0.0', stepsDone: 2 });
    expect(s.kind === 'failed' && s.error).toMatch(
      /item 1 of \d+: step transcription \(skill:\/\/whisper-transcribe@1\.0\.0 transcribe_audio\): TimeoutError/,
    );
  });

  it('fails a step whose arguments name nothing instead of calling the skill', () => {
    const s = walkPlan(
      [{ step: 'lookup', skill: 'skill://x@1.0.0', tool: 't', args: { 'ids.$': '$.nothing.here' }, result: 'r' }],
      {},
      [],
      't-3',
    );
    expect(s).toMatchObject({ kind: 'failed', step: 'lookup' });
    expect(s.kind === 'failed' && s.error).toMatch(/arguments could not be built/);
  });
});

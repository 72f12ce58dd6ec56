import { describe, expect, it } from 'vitest';
import { fallbackChain, skillFits } from '../../contracts/planning/intent-fit.ts';
import { assignIntents, isBookkeeping, matchIntent } from './match.ts';
import { calls, intent, plan, record } from './testing/fixtures.ts';

const SKILL_A = 'skill://whisper-transcribe@1.2.0';
const SKILL_B = 'skill://assemblyai-transcribe@2.0.0';
const capabilityOf = { [SKILL_A]: 'transcription', [SKILL_B]: 'transcription', 'skill://crm@1.0.0': 'crm' };

describe('matchIntent: tool names', () => {
  const p = plan({ plannedSequence: [intent('get_skillset'), intent('invoke_skill_tool')] });

  it('matches an intent of the same tool and reports its index', () => {
    expect(matchIntent(p, [], { tool_name: 'get_skillset', skill: null })).toBe(0);
    expect(matchIntent(p, [], { tool_name: 'invoke_skill_tool', skill: null })).toBe(1);
  });

  it('matches no intent for a tool the plan does not name', () => {
    expect(matchIntent(p, [], { tool_name: 'delete_workflow', skill: null })).toBeNull();
  });

  it('lets an intent match repeated calls of its tool (a loop over advisors)', () => {
    const records = calls('get_skillset', 'invoke_skill_tool', 'invoke_skill_tool');
    expect(matchIntent(p, records, { tool_name: 'invoke_skill_tool', skill: null, seq: 3 })).toBe(1);
    expect([...assignIntents(p, records, {}).values()]).toEqual([0, 1, 1]);
  });

  it('gives a second intent of the same tool the second call, then repeats go to the first', () => {
    const twice = plan({ plannedSequence: [intent('search'), intent('search')] });
    expect([...assignIntents(twice, calls('search', 'search', 'search'), {}).values()]).toEqual([0, 1, 0]);
  });

  it('never matches the planning tools or the model pseudo-record, even when an intent names them', () => {
    const odd = plan({
      plannedSequence: [intent('model'), intent('update_tool_call_plan'), intent('get_tool_call_plan')],
    });
    for (const tool of ['model', 'update_tool_call_plan', 'get_tool_call_plan', 'declare_tool_call_plan']) {
      expect(isBookkeeping(tool)).toBe(true);
      expect(matchIntent(odd, [], { tool_name: tool, skill: null })).toBeNull();
    }
    expect(isBookkeeping('invoke_skill_tool')).toBe(false);
  });
});

describe('matchIntent: skills', () => {
  const p = plan({
    plannedSequence: [
      intent('invoke_skill_tool', { skill: SKILL_A }),
      intent('invoke_skill_tool', { skill: 'crm' }),
      intent('load_skill', { skill: 'skill://whisper-transcribe' }),
    ],
  });
  const call = (tool_name: string, skill: string | null) => ({ tool_name, skill });

  it('matches a call naming the skill the intent names', () => {
    expect(matchIntent(p, [], call('invoke_skill_tool', SKILL_A), capabilityOf)).toBe(0);
  });

  it('matches a call naming a skill of the capability the intent names', () => {
    expect(matchIntent(p, [], call('invoke_skill_tool', 'skill://crm@1.0.0'), capabilityOf)).toBe(1);
  });

  it('matches any version when the intent names a skill without one', () => {
    expect(matchIntent(p, [], call('load_skill', 'skill://whisper-transcribe@9.0.0'), capabilityOf)).toBe(2);
    expect(matchIntent(p, [], call('load_skill', 'skill://whisper-transcribe-pro@1.0.0'), capabilityOf)).toBeNull();
  });

  it('does not match another skill, a skill of another capability, or a call naming no skill', () => {
    expect(matchIntent(p, [], call('invoke_skill_tool', SKILL_B), capabilityOf)).toBeNull();
    expect(matchIntent(p, [], call('invoke_skill_tool', null), capabilityOf)).toBeNull();
    expect(matchIntent(p, [], call('load_skill', SKILL_B), capabilityOf)).toBeNull();
  });

  it('needs the capability map for capability intents (no lookup of its own)', () => {
    expect(matchIntent(p, [], call('invoke_skill_tool', 'skill://crm@1.0.0'))).toBeNull();
    expect(skillFits('crm', 'toString', {})).toBe(false);
  });

  it('lets an intent without a skill take a call with any skill', () => {
    expect(skillFits(undefined, SKILL_B, {})).toBe(true);
    expect(skillFits(undefined, null, {})).toBe(true);
  });
});

describe('matchIntent: fallbackOnFailure', () => {
  const p = plan({
    plannedSequence: [
      intent('fetch_transcript', { fallbackOnFailure: intent('transcribe', { fallbackOnFailure: intent('ask_user') }) }),
      intent('summarise'),
    ],
  });
  const transcribe = { tool_name: 'transcribe', skill: null };

  it('reads a fallback chain root first', () => {
    expect(fallbackChain(p.plannedSequence[0]!).map((i) => i.toolName)).toEqual(['fetch_transcript', 'transcribe', 'ask_user']);
  });

  it('does not match a fallback before the intent it backs was tried', () => {
    expect(matchIntent(p, [], transcribe)).toBeNull();
  });

  it('does not match a fallback when the intent it backs succeeded or was refused', () => {
    expect(matchIntent(p, [record(0, 'fetch_transcript')], { ...transcribe, seq: 1 })).toBeNull();
    const refused = record(0, 'fetch_transcript', { status: 'refused', error_code: 'budget_exceeded' });
    expect(matchIntent(p, [refused], { ...transcribe, seq: 1 })).toBeNull();
  });

  it('matches a fallback after the intent it backs failed, reporting the root index', () => {
    const failed = record(0, 'fetch_transcript', { status: 'error', error_code: 'not_found' });
    expect(matchIntent(p, [failed], { ...transcribe, seq: 1 })).toBe(0);
  });

  it('matches the second fallback only after the first failed', () => {
    const failed = record(0, 'fetch_transcript', { status: 'error' });
    const ask = { tool_name: 'ask_user', skill: null };
    expect(matchIntent(p, [failed], { ...ask, seq: 1 })).toBeNull();
    expect(matchIntent(p, [failed, record(1, 'transcribe')], { ...ask, seq: 2 })).toBeNull();
    expect(matchIntent(p, [failed, record(1, 'transcribe', { status: 'error' })], { ...ask, seq: 2 })).toBe(0);
  });

  it('only counts calls before the one matched (by seq, or all others by id)', () => {
    const later = record(5, 'fetch_transcript', { status: 'error' });
    expect(matchIntent(p, [later], { ...transcribe, seq: 2 })).toBeNull();
    expect(matchIntent(p, [later], { ...transcribe, id: 'rec-9' })).toBe(0);
    const self = record(0, 'fetch_transcript', { status: 'error' });
    expect(matchIntent(p, [self], { tool_name: 'fetch_transcript', skill: null, id: 'rec-0' })).toBe(0);
  });

  it('does not open a fallback for a failure of another root', () => {
    const q = plan({ plannedSequence: [intent('search'), intent('fetch', { fallbackOnFailure: intent('scrape') })] });
    const failed = [record(0, 'search', { status: 'error' })];
    expect(matchIntent(q, failed, { tool_name: 'scrape', skill: null, seq: 1 })).toBeNull();
  });

  it('walks down a chain that retries the same tool', () => {
    const retry = plan({
      plannedSequence: [
        intent('fetch', {
          fallbackOnFailure: intent('fetch', {
            fallbackOnFailure: intent('scrape'),
          }),
        }),
      ],
    });
    const one = [record(0, 'fetch', { status: 'error' })];
    expect(matchIntent(retry, one, { tool_name: 'scrape', skill: null, seq: 1 })).toBeNull();
    const two = [...one, record(1, 'fetch', { status: 'error' })];
    expect(matchIntent(retry, two, { tool_name: 'scrape', skill: null, seq: 2 })).toBe(0);
  });

  it('takes the deepest level open to a call, so a repeated fallback walks on down the chain', () => {
    const twice = plan({
      plannedSequence: [
        intent('fetch', {
          fallbackOnFailure: intent('scrape', {
            fallbackOnFailure: intent('scrape', { fallbackOnFailure: intent('ask_user') }),
          }),
        }),
      ],
    });
    const failures = ['fetch', 'scrape', 'scrape'].map((t, i) => record(i, t, { status: 'error' }));
    const ask = { tool_name: 'ask_user', skill: null };
    expect(matchIntent(twice, failures.slice(0, 2), { ...ask, seq: 2 })).toBeNull();
    expect(matchIntent(twice, failures, { ...ask, seq: 3 })).toBe(0);
  });

  it('ignores the intent_index stored on records: it replays the rules', () => {
    const failed = record(0, 'fetch_transcript', { status: 'error', intent_index: 1 });
    expect(matchIntent(p, [failed], { ...transcribe, seq: 1 })).toBe(0);
  });
});

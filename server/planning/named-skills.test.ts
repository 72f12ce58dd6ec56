import { describe, expect, it } from 'vitest';
import { namedSkills, usedSkills } from './named-skills.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';

describe('the skills a call names and the skills it uses', () => {
  it('reads skill, skill_uri, skills_required and skills_required_json, each once', () => {
    expect(namedSkills({ skill: WHISPER, skill_uri: WHISPER })).toEqual([WHISPER]);
    expect(namedSkills({ skills_required: [WHISPER, ASSEMBLY, 7] })).toEqual([WHISPER, ASSEMBLY]);
    expect(namedSkills({ skills_required_json: JSON.stringify([ASSEMBLY]) })).toEqual([ASSEMBLY]);
    expect(namedSkills({ skills_required_json: '[not json' })).toEqual([]);
    expect(namedSkills({ q: 'x' })).toEqual([]);
    expect(namedSkills(null)).toEqual([]);
  });

  it('counts a skill as used only by the tools that load, invoke, hand over or swap to it', () => {
    for (const tool of ['load_skill', 'invoke_skill_tool', 'update_workflow_control_plane']) {
      expect(usedSkills(tool, { skill: WHISPER })).toEqual([WHISPER]);
    }
    expect(usedSkills('delegate_task', { skills_required_json: JSON.stringify([WHISPER]) })).toEqual([WHISPER]);
    // Reading about a skill or letting go of it chooses nothing and costs no skill units.
    expect(usedSkills('get_skill_reliability', { skill: WHISPER })).toEqual([]);
    expect(usedSkills('unload_skill', { skill: WHISPER })).toEqual([]);
  });
});

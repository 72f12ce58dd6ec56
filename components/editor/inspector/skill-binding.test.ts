import { describe, expect, it } from 'vitest';
import { getAt } from '../model/pointer-access';
import { bindSkill, importUriOf, setBindingField, unbindSkill, withSkillImport } from './skill-binding';

const T = '/asl/States/T';
const doc = {
  skill_imports: [{ uri: 'file://skills/whisper-transcribe.json' }],
  asl: {
    StartAt: 'T',
    States: {
      T: {
        Type: 'Task',
        AgentBinding: {
          agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' },
          skills: ['skill://whisper-transcribe@1.0.0'],
        },
        End: true,
      },
      P: { Type: 'Pass', End: true },
    },
  },
};

describe('importUriOf', () => {
  it('names the manifest file under the catalog directory as a file:// URI', () => {
    expect(importUriOf('skills', 'scoring.json')).toBe('file://skills/scoring.json');
    expect(importUriOf('skills/', 'scoring.json')).toBe('file://skills/scoring.json');
    expect(importUriOf('.', 'scoring.json')).toBe('file://scoring.json');
  });
  it('gives null for a catalog outside the workspace', () => {
    expect(importUriOf('/srv/skills', 'scoring.json')).toBeNull();
  });
});

describe('withSkillImport', () => {
  it('appends a new import and leaves an imported file alone, however it is written', () => {
    expect(withSkillImport(doc, 'file://skills/scoring.json').skill_imports).toEqual([
      { uri: 'file://skills/whisper-transcribe.json' },
      { uri: 'file://skills/scoring.json' },
    ]);
    expect(withSkillImport(doc, 'skills/whisper-transcribe.json')).toBe(doc);
    expect(withSkillImport(doc, 'file://./skills/whisper-transcribe.json')).toBe(doc);
  });
  it('starts the list when the document has none', () => {
    expect(withSkillImport({ asl: {} }, 'file://skills/a.json')).toEqual({ asl: {}, skill_imports: [{ uri: 'file://skills/a.json' }] });
  });
});

describe('bindSkill', () => {
  it('binds a skill and imports its manifest', () => {
    const r = bindSkill(doc, T, 'skill://scoring@1.0.0', 'file://skills/scoring.json');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(getAt(r.doc, `${T}/AgentBinding/skills`)).toEqual(['skill://whisper-transcribe@1.0.0', 'skill://scoring@1.0.0']);
    expect(r.doc.skill_imports).toEqual([{ uri: 'file://skills/whisper-transcribe.json' }, { uri: 'file://skills/scoring.json' }]);
    expect(getAt(r.doc, `${T}/AgentBinding/agent_template_ref`)).toEqual({ name: 'agent_template_worker', version: '1.0.0' });
  });
  it('swaps an alternative in place of a bound skill', () => {
    const r = bindSkill(
      doc,
      T,
      'skill://assemblyai-transcribe@1.2.0',
      'file://skills/assemblyai-transcribe.json',
      'skill://whisper-transcribe@1.0.0',
    );
    expect(r.ok && getAt(r.doc, `${T}/AgentBinding/skills`)).toEqual(['skill://assemblyai-transcribe@1.2.0']);
  });
  it('binds without importing when there is no import URI, and refuses a skill already bound', () => {
    const r = bindSkill(doc, T, 'skill://x@1.0.0', null);
    expect(r.ok && r.doc.skill_imports).toBe(doc.skill_imports);
    expect(bindSkill(doc, T, 'skill://whisper-transcribe@1.0.0', null)).toMatchObject({ ok: false, error: { code: 'invalid_value' } });
  });
  it('creates the binding of a Task without one, and refuses other types', () => {
    const bare = { asl: { StartAt: 'T', States: { T: { Type: 'Task', End: true } } } };
    const r = bindSkill(bare, T, 'skill://a@1.0.0', null);
    expect(r.ok && getAt(r.doc, `${T}/AgentBinding`)).toEqual({ skills: ['skill://a@1.0.0'] });
    expect(bindSkill(doc, '/asl/States/P', 'skill://a@1.0.0', null)).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
  });
});

describe('unbindSkill and setBindingField', () => {
  it('unbinds a skill and keeps the imports', () => {
    const r = unbindSkill(doc, T, 'skill://whisper-transcribe@1.0.0');
    expect(r.ok && getAt(r.doc, `${T}/AgentBinding/skills`)).toEqual([]);
    expect(r.ok && r.doc.skill_imports).toBe(doc.skill_imports);
  });
  it('sets and removes binding members', () => {
    const set = setBindingField(doc, T, 'tool_name', 'transcribe_audio');
    expect(set.ok && getAt(set.doc, `${T}/AgentBinding/tool_name`)).toBe('transcribe_audio');
    if (!set.ok) return;
    const removed = setBindingField(set.doc, T, 'tool_name', undefined);
    expect(removed.ok && getAt(removed.doc, `${T}/AgentBinding`)).toEqual(getAt(doc, `${T}/AgentBinding`));
  });
});

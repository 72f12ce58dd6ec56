import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { invokeTool } from '../invoke.ts';
import { getSkillsetTool } from './get-skillset.ts';
import { systemActor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { workspaceScratchDir } from '../../testing/workspace-dir.ts';
import { SHIPPED_URIS } from '../../skills/testing/shipped-uris.ts';

const ctx = { actor: systemActor('test'), services: { config: testConfig() } };
const run = (input: unknown) => invokeTool(getSkillsetTool, input, ctx);

describe('get_skillset', () => {
  it('summarises the fifteen catalog skills: the twelve domain skills and the three built-ins', async () => {
    const r = await run({});
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(r.count).toBe(15);
    expect(r.invalid).toEqual([]);
    expect(r.unreadable).toEqual([]);
    expect(r.skills.map((s) => s.uri).sort()).toEqual(SHIPPED_URIS);
    const whisper = r.skills.find((s) => s.skillName === 'whisper-transcribe')!;
    expect(whisper.tools).toEqual([
      expect.objectContaining({ name: 'transcribe_audio', parameters: ['recording_uri'], required: ['recording_uri'] }),
    ]);
    expect(whisper.manifest).toBeUndefined();
    // Only the built-ins warn, once each: their `registered` tool must exist on the agent platform.
    expect(r.skills.filter((s) => s.warnings.length > 0).map((s) => [s.skillName, s.warnings.map((w) => w.code)])).toEqual([
      ['builtin.echo', ['skill.platform_tool_required']],
      ['builtin.fail', ['skill.platform_tool_required']],
      ['builtin.sleep', ['skill.platform_tool_required']],
    ]);
  });

  it('filters by query words and by tag, and returns whole manifests on request', async () => {
    const q = await run({ query: 'transcription audio' });
    expect(q.status === 'ok' && q.skills.map((s) => s.skillName).sort()).toEqual([
      'assemblyai-transcribe',
      'pocketsphinx-transcribe',
      'whisper-transcribe',
    ]);
    const t = await run({ tag: 'RAG', detail: 'full' });
    expect(t.status === 'ok' && t.skills.map((s) => s.skillName).sort()).toEqual(['compliance-analysis', 'scoring']);
    expect(t.status === 'ok' && t.skills[0]!.manifest?.skillDirectives.length).toBeGreaterThan(10);
    const none = await run({ query: 'no-such-capability-xyz' });
    expect(none.status === 'ok' && none.count).toBe(0);
  });

  describe('on a directory with broken files', () => {
    let dir: Awaited<ReturnType<typeof workspaceScratchDir>>;
    beforeAll(async () => {
      dir = await workspaceScratchDir('skillset');
      await copyFile(path.join(PROJECT_ROOT, 'skills/scoring.json'), path.join(dir.absolute, 'scoring.json'));
      await writeFile(path.join(dir.absolute, 'broken.json'), '{ "skillName": ');
      await writeFile(path.join(dir.absolute, 'bad.json'), JSON.stringify({ manifestApiVersion: 'v2.0.0', skillName: 'bad' }));
      await writeFile(path.join(dir.absolute, 'notes.json'), JSON.stringify({ hello: 'world' }));
    });
    afterAll(() => dir.dispose());

    it('lists the good skill and reports the others without losing any', async () => {
      const r = await run({ skills_dir: dir.relative });
      expect(r.status).toBe('ok');
      if (r.status !== 'ok') return;
      expect(r.skills.map((s) => s.skillName)).toEqual(['scoring']);
      expect(r.invalid).toHaveLength(1);
      expect(r.invalid[0]!.file).toBe('bad.json');
      expect(r.invalid[0]!.errors.length).toBeGreaterThan(0);
      expect(r.unreadable.map((u) => u.file).sort()).toEqual(['broken.json', 'notes.json']);
    });
  });

  it('refuses directories outside the skills and workflows folders and reports missing ones', async () => {
    expect(await run({ skills_dir: '/etc' })).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect(await run({ skills_dir: 'server' })).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect(await run({ skills_dir: 'skills/no/such/dir' })).toMatchObject({ status: 'error', error_code: 'not_found' });
  });
});

describe('get_skillset directory reporting', () => {
  it('names the configured catalog as it really is, inside or outside the workspace', async () => {
    const inside = await invokeTool(getSkillsetTool, {}, { ...ctx, services: { config: testConfig({ DCF_SKILLS_DIR: 'skills' }) } });
    expect(inside).toMatchObject({ status: 'ok', directory: 'skills' });
    const dir = await workspaceScratchDir('catalog-elsewhere');
    try {
      const moved = await invokeTool(getSkillsetTool, {}, { ...ctx, services: { config: testConfig({ DCF_SKILLS_DIR: dir.absolute }) } });
      expect(moved).toMatchObject({ status: 'ok', directory: dir.relative, count: 0 });
      const outside = await invokeTool(
        getSkillsetTool,
        {},
        { ...ctx, services: { config: testConfig({ DCF_SKILLS_DIR: '/nonexistent-dcf-catalog' }) } },
      );
      expect(outside).toMatchObject({ status: 'error', error_code: 'not_found' });
    } finally {
      await dir.dispose();
    }
  });
});

import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSkillInfos, loadSkillCatalog, skillCatalogSchema } from './catalog.ts';
import type { SkillCatalog } from './catalog.ts';
import { SHIPPED_URIS } from './testing/shipped-uris.ts';

const skillsDir = fileURLToPath(new URL('../../skills/', import.meta.url));

describe('loadSkillCatalog on the shipped skills/', () => {
  it('loads all fifteen manifests, valid and typed, keyed by their skill:// URI', async () => {
    const catalog = await loadSkillCatalog(skillsDir);
    expect(catalog.failures).toEqual([]);
    expect(catalog.skipped).toEqual([]);
    expect(catalog.entries.map((e) => e.uri)).toEqual(SHIPPED_URIS);
    for (const e of catalog.entries) {
      expect(e.report.valid, e.file).toBe(true);
      expect(e.report.errors, e.file).toEqual([]);
      // The built-in skills are `registered` tools: the one warning says the platform must provide them.
      const builtin = /^builtin\.(echo|fail|sleep)\.json$/.exec(e.file);
      expect(
        e.report.warnings.map((w) => [w.code, w.path]),
        e.file,
      ).toEqual(builtin ? [['skill.platform_tool_required', '/requiredTools/0/definition/platformToolId']] : []);
      expect(e.manifest?.manifestId).toBe(e.uri);
    }
    expect(catalogSkillInfos(catalog).map((s) => s.uri)).toEqual(SHIPPED_URIS);
    expect(() => skillCatalogSchema.parse(catalog)).not.toThrow();
  });
});

describe('loadSkillCatalog on a directory with broken files', () => {
  let dir: string;
  let catalog: SkillCatalog;
  const scoring = () => readFile(join(skillsDir, 'scoring.json'), 'utf8');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dcf-skill-catalog-'));
    await cp(skillsDir, dir, { recursive: true });
    await writeFile(join(dir, 'broken.json'), '{ "manifestApiVersion": "v2.0.0", ');
    await writeFile(join(dir, 'notes.json'), JSON.stringify({ title: 'not a manifest' }));
    await writeFile(join(dir, 'list.json'), '[1, 2, 3]');
    await writeFile(join(dir, 'README.md'), '# not JSON, not looked at');
    const invalid = JSON.parse(await readFile(join(skillsDir, 'sentiment-analysis.json'), 'utf8'));
    delete invalid.skillDirectives;
    invalid.manifestId = 'skill://sentiment-analysis@9.9.9';
    await writeFile(join(dir, 'invalid-sentiment.json'), JSON.stringify(invalid));
    await writeFile(join(dir, 'zz-scoring-copy.json'), await scoring());
    await mkdir(join(dir, 'nested'));
    await writeFile(join(dir, 'nested', 'scoring.json'), await scoring());
    catalog = await loadSkillCatalog(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports the file that is not JSON and keeps loading the others', () => {
    expect(catalog.failures.map((f) => f.file)).toEqual(['broken.json']);
    expect(catalog.failures[0]!.message).toMatch(/JSON/);
    expect(catalog.entries.filter((e) => e.report.valid).map((e) => e.uri)).toEqual(SHIPPED_URIS);
  });

  it('skips JSON that is not a skill manifest, saying so', () => {
    expect(catalog.skipped.map((s) => s.file)).toEqual(['list.json', 'notes.json']);
    expect(catalog.skipped[0]!.message).toMatch(/not a skill manifest/);
  });

  it('lists an invalid manifest with its report and without a typed manifest', () => {
    const e = catalog.entries.find((x) => x.file === 'invalid-sentiment.json')!;
    expect(e.manifest).toBeUndefined();
    expect(e.uri).toBe('skill://sentiment-analysis@9.9.9');
    expect(e.report.errors.map((i) => i.code)).toEqual(['schema.required', 'skill.manifest_id_mismatch']);
  });

  it('lets the first file keep a URI and flags every later claimant', () => {
    const first = catalog.entries.find((x) => x.file === 'scoring.json')!;
    const copy = catalog.entries.find((x) => x.file === 'zz-scoring-copy.json')!;
    expect(first.report.valid).toBe(true);
    expect(copy.report.valid).toBe(false);
    expect(copy.report.errors).toEqual([
      {
        path: '/manifestId',
        code: 'catalog.duplicate_uri',
        message: '/manifestId: skill://scoring@1.1.0 is already declared by scoring.json',
      },
    ]);
    expect(copy.manifest).toBeDefined();
  });

  it('does not descend into subdirectories, and reads files in name order', () => {
    expect(catalog.entries.some((e) => e.path.includes('nested'))).toBe(false);
    const names = catalog.entries.map((e) => e.file);
    expect(names).toEqual([...names].sort());
  });

  it('gives the workflow validator only the valid skills', () => {
    const uris = catalogSkillInfos(catalog).map((s) => s.uri);
    expect(uris).toEqual(SHIPPED_URIS);
    expect(new Set(uris).size).toBe(15);
    expect(uris).not.toContain('skill://sentiment-analysis@9.9.9');
  });

  it('reads each load as the files are now: an edit is parsed again, a duplicate mark does not outlive its load', async () => {
    const again = await loadSkillCatalog(dir);
    expect(again).toEqual(catalog);
    const copy = JSON.parse(await scoring());
    copy.skillVersion = '1.9.0';
    copy.manifestId = 'skill://scoring@1.9.0';
    await writeFile(join(dir, 'zz-scoring-copy.json'), JSON.stringify(copy));
    await writeFile(join(dir, 'broken.json'), JSON.stringify({ title: 'fixed, and not a manifest' }));
    const edited = await loadSkillCatalog(dir);
    const entry = edited.entries.find((x) => x.file === 'zz-scoring-copy.json')!;
    expect([entry.uri, entry.report.valid]).toEqual(['skill://scoring@1.9.0', true]);
    expect(edited.failures).toEqual([]);
    expect(edited.skipped.map((f) => f.file)).toContain('broken.json');
    // The first load's entries are untouched by the later ones.
    expect(catalog.entries.find((x) => x.file === 'zz-scoring-copy.json')!.report.valid).toBe(false);
  });

  it('rejects a directory that does not exist', async () => {
    await expect(loadSkillCatalog(join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});

import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { invokeTool } from '../invoke.ts';
import { validateSkillManifestTool } from './validate-skill-manifest.ts';
import { systemActor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';

const ctx = { actor: systemActor('test'), services: { config: testConfig() } };
const run = (input: unknown) => invokeTool(validateSkillManifestTool, input, ctx);

describe('validate_skill_manifest', () => {
  it('accepts a manifest inline, as JSON text, or by path — with the same verdict', async () => {
    const text = await readFile(path.join(PROJECT_ROOT, 'skills/whisper-transcribe.json'), 'utf8');
    const byPath = await run({ path: 'skills/whisper-transcribe.json' });
    const inline = await run({ manifest: JSON.parse(text) });
    const asText = await run({ manifest: text });
    expect(byPath).toMatchObject({
      status: 'ok',
      valid: true,
      errors: [],
      uri: 'skill://whisper-transcribe@1.0.0',
      file: 'skills/whisper-transcribe.json',
    });
    expect({ ...inline, file: null }).toEqual({ ...byPath, file: null });
    expect(asText).toEqual(inline);
  });

  it('reports static-check errors with pointers', async () => {
    const manifest = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'skills/scoring.json'), 'utf8'));
    manifest.requiredTools[0].json_schema.name = 'other_name';
    manifest.permissions.secrets = ['not an env var'];
    const r = await run({ manifest });
    expect(r.status === 'ok' && r.valid).toBe(false);
    if (r.status !== 'ok') return;
    expect(r.uri).toBeNull();
    expect(r.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/requiredTools/0/json_schema/name', '/permissions/secrets/0']));
  });

  it('fails cleanly on unparseable text, missing files and ambiguous input', async () => {
    expect(await run({ manifest: '{nope' })).toMatchObject({ status: 'error', error_code: 'parse_error' });
    expect(await run({ path: 'skills/none.json' })).toMatchObject({ status: 'error', error_code: 'not_found' });
    expect(await run({ path: '../../etc/hosts' })).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect(await run({ manifest: {}, path: 'skills/scoring.json' })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await run({})).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });
});

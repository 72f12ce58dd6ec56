import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { invokeTool } from '../invoke.ts';
import { validateWorkflowTool } from './validate-workflow.ts';
import { systemActor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { workspaceScratchDir } from '../../testing/workspace-dir.ts';

const ctx = { actor: systemActor('test'), services: { config: testConfig() } };
const run = (input: unknown) => invokeTool(validateWorkflowTool, input, ctx);
const standardText = () => readFile(path.join(PROJECT_ROOT, 'workflows/standard-advice-call-analysis.json'), 'utf8');

describe('validate_workflow', () => {
  it('passes every shipped example workflow with no errors and no warnings', async () => {
    // catalog.json is the seed list of the saved-workflow catalog, not a workflow.
    const files = (await readdir(path.join(PROJECT_ROOT, 'workflows'))).filter((f) => f.endsWith('.json') && f !== 'catalog.json');
    expect(files).toEqual([
      'product-explanation-compliance.json',
      'standard-advice-call-analysis-1.0.1.json',
      'standard-advice-call-analysis-all-calls.json',
      'standard-advice-call-analysis.json',
    ]);
    for (const file of files) {
      const r = await run({ path: `workflows/${file}` });
      expect(r, file).toMatchObject({ status: 'ok', valid: true, errors: [], warnings: [] });
    }
  });

  it('gives the same verdict inline, as text and by path, and names the workflow', async () => {
    const text = await standardText();
    const byPath = await run({ path: 'file://workflows/standard-advice-call-analysis.json' });
    expect(byPath).toMatchObject({
      workflow_id: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21',
      workflow_name: 'Standard Advice Call Analysis',
      version: '1.0.0',
      file: 'workflows/standard-advice-call-analysis.json',
    });
    expect(await run({ workflow: text })).toEqual({ ...byPath, file: null });
    expect(await run({ workflow: JSON.parse(text) })).toEqual({ ...byPath, file: null });
  });

  it('reports the spec §2.3 original: valid, with Parameters warnings pinned to their keys', async () => {
    const text = await readFile(path.join(PROJECT_ROOT, 'schemas/examples/spec/2.3-workflow-standard-advice-call-analysis.json'), 'utf8');
    const r = await run({ workflow: text });
    expect(r.status === 'ok' && r.valid).toBe(true);
    if (r.status !== 'ok') return;
    expect(r.warnings.map((w) => w.path)).toContain(
      '/asl/States/ParallelAnalysis/Branches/0/States/SentimentAnalysis/Parameters/transcript.$',
    );
    expect(new Set(r.warnings.map((w) => w.code))).toEqual(new Set(['params.unknown_key', 'params.missing_required']));
  });

  describe('skill_imports', () => {
    let dir: Awaited<ReturnType<typeof workspaceScratchDir>>;
    beforeAll(async () => {
      dir = await workspaceScratchDir('imports');
      const scoring = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'skills/scoring.json'), 'utf8'));
      const custom = { ...scoring, manifestId: 'skill://custom-scoring@9.0.0', skillName: 'custom-scoring', skillVersion: '9.0.0' };
      await writeFile(path.join(dir.absolute, 'bundle.json'), JSON.stringify({ skills: [custom] }));
      await writeFile(path.join(dir.absolute, 'not-a-manifest.json'), JSON.stringify({ manifestApiVersion: 'v2.0.0' }));
    });
    afterAll(() => dir.dispose());

    const workflowWith = async (imports: string[], skill: string) => {
      const doc = JSON.parse(await standardText());
      doc.skill_imports = imports.map((uri) => ({ uri }));
      doc.asl.States.CalculateScore.AgentBinding.skills = [skill];
      return doc;
    };

    it('resolves a skill that only an imported bundle declares', async () => {
      const doc = await workflowWith([`file://${dir.relative}/bundle.json`], 'skill://custom-scoring@9.0.0');
      expect(await run({ workflow: doc })).toMatchObject({ valid: true, errors: [] });
    });

    it('reports a missing import, an import outside the skills folder, an invalid one, and an unknown skill', async () => {
      const doc = await workflowWith(
        ['file://skills/no-such-skill.json', 'file:///etc/hostname', `${dir.relative}/not-a-manifest.json`],
        'skill://custom-scoring@9.0.0',
      );
      const r = await run({ workflow: doc });
      expect(r.status === 'ok' && r.valid).toBe(false);
      if (r.status !== 'ok') return;
      const byPath = Object.fromEntries(r.errors.map((e) => [e.path, e.code]));
      expect(byPath['/skill_imports/0/uri']).toBe('import.unresolved');
      expect(byPath['/skill_imports/1/uri']).toBe('import.unresolved');
      expect(byPath['/skill_imports/2/uri']).toBe('import.invalid');
      expect(r.errors.find((e) => e.path === '/skill_imports/1/uri')!.message).toMatch(/outside the folders tools may read \(skills\/\)/);
      expect(r.errors.some((e) => e.path.startsWith('/asl/States/CalculateScore/AgentBinding/skills/0'))).toBe(true);
    });
  });

  it('fails on unparseable text and returns a schema report for a non-object document', async () => {
    expect(await run({ workflow: '{"asl": ' })).toMatchObject({ status: 'error', error_code: 'parse_error' });
    const r = await run({ workflow: [1, 2] });
    expect(r).toMatchObject({ status: 'ok', valid: false, workflow_id: null });
  });
});

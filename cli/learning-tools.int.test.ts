import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDcf } from '../server/testing/run-dcf.ts';
import { isolatedRedisUrl } from '../server/testing/test-database.ts';

/**
 * The learning tools through `npx dcf tool` on the embedded default: no console runs here, so
 * the CLI opens the PGlite data directory itself (migrating it) and answers from it.
 */
describe('learning tools through the dcf CLI', { timeout: 120_000 }, () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-cli-learning-'));
    env = { DCF_DATA_DIR: dir, REDIS_URL: await isolatedRedisUrl() };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('get_skill_reliability answers for a capability (no runs yet: zero counts, pocketsphinx not measured yet)', async () => {
    const r = await runDcf(['tool', 'get_skill_reliability', '{"capability":"transcription"}'], undefined, env);
    expect(r.code).toBe(0);
    type Row = { skill: string; all_time: { n_success: number; n_failures: number }; accuracy: unknown; accuracy_required: boolean };
    const skills = (r.json as { skills: Row[] }).skills;
    expect(skills.map((s) => s.skill).sort()).toEqual([
      'skill://assemblyai-transcribe@1.2.0',
      'skill://pocketsphinx-transcribe@1.0.0',
      'skill://whisper-transcribe@1.0.0',
    ]);
    // Nothing calibrated in this CLI's Redis: every one needs accuracy and is not measured yet.
    expect(skills.every((s) => s.accuracy_required && s.accuracy === null)).toBe(true);
    expect(skills.every((s) => s.all_time.n_success === 0 && s.all_time.n_failures === 0)).toBe(true);
  });

  it('store_memory then search_embeddings finds it', async () => {
    const stored = await runDcf(
      [
        'tool',
        'store_memory',
        JSON.stringify({ kind: 'capability_gap', text: 'Advice Call Analysis capability missing; need transcription and scoring' }),
      ],
      undefined,
      env,
    );
    expect(stored).toMatchObject({ code: 0, json: { status: 'ok' } });
    const found = await runDcf(['tool', 'search_embeddings', '{"query":"advice call analysis","kinds":["memory"]}'], undefined, env);
    expect(found.code).toBe(0);
    expect((found.json as { hits: Array<{ title: string }> }).hits[0]?.title).toBe('capability_gap');
  });

  it('a mutating tool call from the CLI is in the audit log', async () => {
    await runDcf(['tool', 'store_memory', JSON.stringify({ kind: 'insight', text: 'audited from the CLI' })], undefined, env);
    const { openDatabase } = await import('../server/db/client.ts');
    const { listAudit } = await import('../server/audit/log.ts');
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      const rows = await listAudit(h.db, { limit: 10, action: 'store_memory' });
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows[0]).toMatchObject({ actorKind: 'system', resultStatus: 'ok' });
    } finally {
      await h.close();
    }
  });

  it('check_workflow_health on an unknown workflow: exit 1, not_found', async () => {
    const r = await runDcf(['tool', 'check_workflow_health', '{"workflow_id":"nope"}'], undefined, env);
    expect(r).toMatchObject({ code: 1, json: { status: 'error', error_code: 'not_found' } });
  });
});

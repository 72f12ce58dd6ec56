import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, PROJECT_ROOT, testDbKind } from '../testing/test-database.ts';
import type { Episode, KnowledgeGraph } from './port.ts';
import { createPostgresGraph } from './postgres/index.ts';

/**
 * Migration 0011's hand-written last statement gives the workflow executions recorded before it
 * their `:Episodic` rows. Run here on an execution whose row was removed, it must give back the
 * row recordEpisode writes (episode-facts.ts), content aside from JSON formatting.
 */
const MIGRATION = readFileSync(path.join(PROJECT_ROOT, 'db/migrations/0011_graph_task_and_pattern_episodes.sql'), 'utf8');
const BACKFILL = MIGRATION.split('--> statement-breakpoint').at(-1)!;

const run: Episode = {
  run_id: '3f7c1c52-1d0e-4d7b-9a55-6a3c1f0b9e11',
  workflow_id: 'std',
  workflow_version: '1.0.0',
  workflow_name: 'Standard',
  status: 'SUCCEEDED',
  started_at: '2030-01-01T00:00:00.000Z',
  finished_at: '2030-01-01T00:01:00.000Z',
  states: [
    { state: 'Transcribe', skill: 'skill://whisper-transcribe@1.0.0', outcome: 'success', latency_ms: 900, error: null, attempts: 1 },
  ],
};

describe(`migration 0011 backfills run episodes (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let graph: KnowledgeGraph;
  beforeAll(async () => {
    h = await createTestDatabase();
    graph = createPostgresGraph(h.db, { now: () => new Date('2030-01-01T00:05:00.000Z') });
  });
  afterAll(() => h.dispose());

  it('gives a run recorded before it the Episodic row recordEpisode writes', async () => {
    expect(BACKFILL).toMatch(/^\s*-- Hand-written[\s\S]*INSERT INTO "graph_episodes"/);
    await graph.recordEpisode(run);
    const [written] = await graph.episodes(['dcf'], 1);
    await h.db.execute(sql`delete from graph_episodes`);
    expect(await graph.episodes(null, 10)).toEqual([]);

    await h.db.execute(sql.raw(BACKFILL));
    await h.db.execute(sql.raw(BACKFILL)); // a second pass adds nothing
    const backfilled = await graph.episodes(null, 10);
    expect(backfilled).toHaveLength(1);
    const { content, ...fields } = backfilled[0]!;
    const { content: writtenContent, ...writtenFields } = written!;
    expect(writtenFields).toMatchObject({ name: `workflow_execution ${run.run_id}`, group_id: 'dcf', valid_at: run.finished_at });
    expect(fields).toEqual(writtenFields);
    expect(JSON.parse(content)).toEqual(JSON.parse(writtenContent));
  });
});

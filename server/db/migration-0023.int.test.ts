import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client.ts';
import { createPostgresDatabase, PROJECT_ROOT, testDbKind } from '../testing/test-database.ts';

const rows = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * Migration 0023 (issue 28) on a catalog saved before it: the newest version of each workflow (by
 * semantic version, not text) becomes published, older ones retired and superseded by it; each
 * version's saved_at is its created_at and saved_by its author, or the system.
 */
describe(`migration 0023 on existing workflow versions (${testDbKind()})`, () => {
  let h: DatabaseHandle & { dispose?: () => Promise<void> };
  let before: string;
  beforeAll(async () => {
    // The migrations as they were before 0023: the same files, the journal cut just before it.
    before = mkdtempSync(path.join(tmpdir(), 'dcf-mig-'));
    cpSync(path.join(PROJECT_ROOT, 'db'), path.join(before, 'db'), { recursive: true });
    const journalPath = path.join(before, 'db/migrations/meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    const cut = journal.entries.findIndex((e) => e.tag === '0023_workflow_versions');
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    h =
      testDbKind() === 'pglite'
        ? await openDatabase({ kind: 'pglite', dataDir: null })
        : await createPostgresDatabase(process.env.TEST_POSTGRES_URL!, `dcf_mig_${randomBytes(6).toString('hex')}`);
    await migrateDatabase(h, before);
  });
  afterAll(async () => {
    await (h.dispose ? h.dispose() : h.close());
    rmSync(before, { recursive: true, force: true });
  });

  it('publishes the newest version of each workflow and retires the rest', async () => {
    const insert = (id: string, version: string, createdAt: string, author: string | null) =>
      h.db.execute(sql`
      insert into workflow_documents (workflow_id, version, name, document, author, created_at)
      values (${id}, ${version}, ${'wf ' + id}, ${JSON.stringify({ workflow_id: id, version })}::jsonb, ${author}, ${createdAt}::timestamptz)`);
    await insert('a', '1.2.0', '2024-07-01T09:00:00Z', 'ann@bank.test');
    await insert('a', '1.10.0', '2024-07-02T09:00:00Z', null); // 1.10.0 > 1.2.0, though "1.10.0" < "1.2.0" as text
    await insert('a', '1.10.0-rc.1', '2024-07-03T09:00:00Z', 'ann@bank.test');
    await insert('b', '1.0.0', '2024-07-08T10:15:00Z', 'planner@dcf-console');
    await migrateDatabase(h, PROJECT_ROOT);
    const got = rows<Record<string, unknown>>(
      await h.db.execute(sql`
      select workflow_id, version, status, saved_by, superseded_by, published_at is not null as has_published_at,
             retired_at is not null as has_retired_at, saved_at = created_at as saved_at_is_created_at
      from workflow_documents order by workflow_id, version`),
    );
    expect(got).toEqual([
      {
        workflow_id: 'a',
        version: '1.10.0',
        status: 'published',
        saved_by: 'system',
        superseded_by: null,
        has_published_at: true,
        has_retired_at: false,
        saved_at_is_created_at: true,
      },
      {
        workflow_id: 'a',
        version: '1.10.0-rc.1',
        status: 'retired',
        saved_by: 'ann@bank.test',
        superseded_by: '1.10.0',
        has_published_at: false,
        has_retired_at: true,
        saved_at_is_created_at: true,
      },
      {
        workflow_id: 'a',
        version: '1.2.0',
        status: 'retired',
        saved_by: 'ann@bank.test',
        superseded_by: '1.10.0',
        has_published_at: false,
        has_retired_at: true,
        saved_at_is_created_at: true,
      },
      {
        workflow_id: 'b',
        version: '1.0.0',
        status: 'published',
        saved_by: 'planner@dcf-console',
        superseded_by: null,
        has_published_at: true,
        has_retired_at: false,
        saved_at_is_created_at: true,
      },
    ]);
  });

  it('lets the database hold at most one published version per workflow', async () => {
    await expect(h.db.execute(sql`update workflow_documents set status = 'published' where workflow_id = 'a'`)).rejects.toThrow();
    await expect(h.db.execute(sql`update workflow_documents set status = 'in use' where workflow_id = 'b'`)).rejects.toThrow();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client.ts';
import { sharedPgliteUrl } from './pglite-share.ts';
import { PROJECT_ROOT } from '../testing/test-database.ts';

describe('sharing the embedded PGlite with other processes (pglite-socket)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('the owner serves its database; another client reads and writes the same data; closing withdraws it', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'dcf-share-')), 'pglite');
    dirs.push(path.dirname(dir));
    const owner = await openDatabase({ kind: 'pglite', dataDir: dir, share: true });
    await migrateDatabase(owner, PROJECT_ROOT);
    const url = await sharedPgliteUrl(dir);
    expect(url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    const other = await openDatabase({ kind: 'postgres', url: url!, max: 1 });
    await other.db.execute(sql`create table shared_probe (n int)`);
    await other.db.execute(sql`insert into shared_probe values (41), (1)`);
    const seen = await owner.db.execute<{ total: number }>(sql`select sum(n)::int as total from shared_probe`);
    expect((seen as unknown as { rows: Array<{ total: number }> }).rows[0]!.total).toBe(42);
    await other.close();
    await owner.close();
    expect(await sharedPgliteUrl(dir)).toBeNull();
  });
});

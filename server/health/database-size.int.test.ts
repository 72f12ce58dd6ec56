import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { readDatabaseHealth } from './database-size.ts';

/** The database's size on both adapters; its connections on PostgreSQL, and on PGlite a note instead of a 0. */
describe(`database health (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.dispose());

  it('reads the size the database reports for itself', async () => {
    const read = await readDatabaseHealth(h.db, testDbKind());
    const [own] = rowsOf<{ bytes: string }>(await h.db.execute(sql`select pg_database_size(current_database()) as bytes`));
    // The migrated schema alone takes megabytes; the figure is the database's own, within what a write between the reads adds.
    expect(read.sizeBytes).toBeGreaterThan(1_000_000);
    expect(Math.abs(read.sizeBytes - Number(own!.bytes))).toBeLessThan(1_000_000);
  });

  it('counts connections on PostgreSQL, and says why there are none to count on PGlite', async () => {
    const read = await readDatabaseHealth(h.db, testDbKind());
    if (testDbKind() === 'pglite') {
      expect(read).toMatchObject({ kind: 'pglite', connections: null });
      expect(read.note).toMatch(/embedded/);
    } else {
      expect(read.note).toBeNull();
      // This test's own connection is one of them.
      expect(read.connections!.total).toBeGreaterThanOrEqual(1);
      expect(read.connections!.active).toBeGreaterThanOrEqual(1);
      expect(read.connections!.max).toBeGreaterThan(read.connections!.total);
    }
  });
});

import { mkdtemp, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client.ts';
import { shareFile, sharedPgliteUrl } from './pglite-share.ts';
import { PROJECT_ROOT } from '../testing/test-database.ts';

/** A startup packet for `user`, then a simple query: what a client that skips authentication would send. */
function startupThenQuery(user: string): Buffer {
  const params = Buffer.from(`user\0${user}\0database\0postgres\0\0`);
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196608, 4);
  const text = Buffer.from('select email, password_hash from users\0');
  const query = Buffer.alloc(5);
  query.write('Q', 0, 'latin1');
  query.writeInt32BE(4 + text.length, 1);
  return Buffer.concat([startup, params, query, text]);
}

describe('sharing the embedded PGlite with other processes (its wire server behind a password)', { timeout: 120_000 }, () => {
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
    expect(url).toMatch(/^postgres:\/\/postgres:[\w-]{32}@127\.0\.0\.1:\d+\/postgres$/);
    expect((await stat(shareFile(dir))).mode & 0o777).toBe(0o600);
    const other = await openDatabase({ kind: 'postgres', url: url!, max: 1 });
    await other.db.execute(sql`create table shared_probe (n int)`);
    await other.db.execute(sql`insert into shared_probe values (41), (1)`);
    const seen = await owner.db.execute<{ total: number }>(sql`select sum(n)::int as total from shared_probe`);
    expect((seen as unknown as { rows: Array<{ total: number }> }).rows[0]!.total).toBe(42);
    await other.close();
    await owner.close();
    expect(await sharedPgliteUrl(dir)).toBeNull();
  });

  it('refuses a connection without the password, or with a wrong one (issue 14 item 9)', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'dcf-share-')), 'pglite');
    dirs.push(path.dirname(dir));
    const owner = await openDatabase({ kind: 'pglite', dataDir: dir, share: true });
    try {
      await migrateDatabase(owner, PROJECT_ROOT);
      const url = new URL((await sharedPgliteUrl(dir))!);
      // Before: this query over a bare connection read every user's password hash.
      const reply = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = net.connect(Number(url.port), '127.0.0.1', () => socket.write(startupThenQuery('postgres')));
        socket.on('data', (c) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(chunks)));
      });
      expect(reply.toString('latin1', 0, 1)).toBe('R'); // AuthenticationSASL, not AuthenticationOk
      expect(reply.readInt32BE(5)).toBe(10);
      expect(reply.toString('latin1')).toContain('28P01');
      expect(reply.toString('latin1')).not.toMatch(/password_hash|scrypt/);

      const wrong = new URL(url);
      wrong.password = 'not-the-password';
      const client = new pg.Client({ connectionString: wrong.toString() });
      await expect(client.connect()).rejects.toMatchObject({ code: '28P01' });
      await client.end().catch(() => undefined);
    } finally {
      await owner.close();
    }
  });
});

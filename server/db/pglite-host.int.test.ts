import { execFile } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/verify.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { recordAudit } from '../audit/log.ts';
import { PROJECT_ROOT } from '../testing/test-database.ts';
import { migrateDatabase, openDatabase } from './client.ts';
import { sharedPgliteUrl } from './pglite-share.ts';
import { rowsOf } from './rows.ts';

const run = promisify(execFile);

/** Runs server/db/testing/second-opener.ts as another process: its exit code, stdout and stderr. */
async function secondProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = path.join(PROJECT_ROOT, 'server/db/testing/second-opener.ts');
  try {
    const r = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: PROJECT_ROOT, timeout: 120_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Paths under `root` (itself included) that any group or other user may read, write or enter. */
async function notPrivate(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (p: string): Promise<void> => {
    const s = await lstat(p);
    if (s.mode & 0o077) out.push(`${path.relative(root, p) || '.'} ${(s.mode & 0o777).toString(8)}`);
    if (s.isDirectory()) for (const name of await readdir(p)) await walk(path.join(p, name));
  };
  await walk(root);
  return out;
}

describe('the embedded database on a data directory: one owner, its own thread (issue 29)', { timeout: 180_000 }, () => {
  const roots: string[] = [];
  const dataRoot = async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dcf-host-'));
    roots.push(root);
    return root;
  };
  afterAll(async () => {
    for (const r of roots) await rm(r, { recursive: true, force: true });
  });

  it('a second process cannot open a directory the first holds; the refusal names the owner', async () => {
    const root = await dataRoot();
    const owner = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'pglite'), role: 'the console' });
    try {
      const second = await secondProcess('open', root);
      expect(second.stdout).not.toContain('opened');
      expect(second.code).toBe(3);
      expect(second.stderr).toContain(
        `the embedded database at ${path.join(root, 'pglite')} is in use by the console (pid ${process.pid}, since `,
      );
      await owner.ping(); // the owner is unharmed
    } finally {
      await owner.close();
    }
    const after = await secondProcess('open', root); // released on close
    expect(after.stdout, after.stderr).toContain('opened');
  });

  it("the CLI during setup goes through the owner's socket: both append to one audit chain; unshared, it is refused", async () => {
    const root = await dataRoot();
    const setup = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'pglite'), share: true, role: 'setup' });
    try {
      await migrateDatabase(setup, PROJECT_ROOT);
      const ownWrites = Array.from({ length: 30 }, (_, i) =>
        recordAudit(setup.db, { actor: systemActor('setup'), action: 'test.setup', args: { i }, status: 'ok' }),
      );
      const [cli] = await Promise.all([secondProcess('cli', root, '30'), ...ownWrites]);
      expect(cli.stdout, cli.stderr).toContain('appended 30');
      expect(await verifyAuditChain(setup.db)).toMatchObject({ intact: true, checked: 60 });
    } finally {
      await setup.close();
    }
    // An owner that does not share (setup as it was): the CLI refuses, naming it, and never opens the directory.
    const unshared = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'pglite'), role: 'setup' });
    try {
      const cli = await secondProcess('cli', root, '1');
      expect(cli.code).toBe(3);
      expect(cli.stderr).toContain(`is in use by setup (pid ${process.pid}`);
      expect(await verifyAuditChain(unshared.db)).toMatchObject({ intact: true, checked: 60 });
    } finally {
      await unshared.close();
    }
  });

  it('a long statement runs off this thread: timers keep firing while it runs', async () => {
    const root = await dataRoot();
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'pglite') });
    try {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      // Counted by rows, not by time: a statement that takes a while on any machine.
      await h.db.execute(sql`select count(*) from generate_series(1, 4000000) a, generate_series(1, 2) b`);
      clearInterval(timer);
      expect(ticks).toBeGreaterThan(3); // in this thread (PGlite in process, synchronous WASM) no timer fired at all
    } finally {
      await h.close();
    }
  });

  it('connections take turns by transaction: another connection never lands inside an open one', async () => {
    const root = await dataRoot();
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'pglite'), share: true });
    const a = new pg.Client({ connectionString: (await sharedPgliteUrl(path.join(root, 'pglite')))! });
    const b = new pg.Client({ connectionString: (await sharedPgliteUrl(path.join(root, 'pglite')))! });
    try {
      await a.connect();
      await b.connect();
      await a.query('create table turns (who text)');
      await a.query('begin');
      await a.query(`insert into turns values ('a')`);
      const fromB = b.query(`insert into turns values ('b')`); // waits for a's transaction to end
      await new Promise((resolve) => setTimeout(resolve, 50));
      await a.query('rollback');
      await fromB;
      expect((await a.query('select who from turns')).rows).toEqual([{ who: 'b' }]);

      // Extended-protocol exchanges (parse, bind, execute, sync) from two connections at once stay whole.
      const asks = async (c: pg.Client, from: number) => {
        const seen: number[] = [];
        for (let i = from; i < from + 50; i++) seen.push((await c.query('select $1::int + 0 as n', [i])).rows[0].n);
        return seen;
      };
      const [fromA, fromB2] = await Promise.all([asks(a, 0), asks(b, 1000)]);
      expect(fromA).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(fromB2).toEqual(Array.from({ length: 50 }, (_, i) => 1000 + i));

      // A connection that ends inside a transaction is rolled back, and the others go on.
      await b.query('begin');
      await b.query(`insert into turns values ('lost')`);
      await b.end();
      expect((await a.query('select who from turns order by who')).rows).toEqual([{ who: 'b' }]);
    } finally {
      await a.end().catch(() => undefined);
      await b.end().catch(() => undefined);
      await h.close();
    }
  });

  it('everything under the data directory is private (0600 files, 0700 folders), old readable files included', async () => {
    const root = await dataRoot();
    const dir = path.join(root, 'pglite');
    await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(dir, 0o755);
    await writeFile(path.join(dir, 'left-by-an-older-version'), 'x', { mode: 0o666 });
    await chmod(path.join(dir, 'left-by-an-older-version'), 0o666);
    const h = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await migrateDatabase(h, PROJECT_ROOT);
      await h.db.execute(sql`create table private_probe as select generate_series(1, 1000) n`);
      expect(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from private_probe`))[0]!.n).toBe(1000);
    } finally {
      await h.close();
    }
    expect(await notPrivate(dir)).toEqual([]);
  });
});

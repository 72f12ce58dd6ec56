import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, migrationsFolder, openDatabase, pgliteImage } from '../db/client.ts';

/**
 * Migrated template databases for the integration tiers (issue 31): migrating a database per test
 * file is paid once per migration set instead. The set is named by a digest of the migration files
 * (names and contents) and the PGlite version, so a new or edited migration builds a new template.
 *
 * - PGlite: the image of a migrated in-memory cluster (`pgliteImage`), kept in the worker's memory
 *   and in a file under the system's temp folder shared by every worker and run (written to a
 *   temporary name and renamed, so a reader never sees half of one).
 * - PostgreSQL: a database `dcf_tpl_<digest>` marked as a template, built under an advisory lock so
 *   that workers starting together build it once; test databases are `CREATE DATABASE … TEMPLATE`.
 */
let digestOf: Promise<string> | null = null;
let image: Promise<Blob> | null = null;
const templates = new Map<string, Promise<string>>();

/** The digest of the migration set (and the PGlite that runs it). */
export function migrationDigest(root: string): Promise<string> {
  digestOf ??= (async () => {
    const folder = migrationsFolder(root);
    const hash = createHash('sha256');
    const pgliteVersion = JSON.parse(await readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
    hash.update(`pglite ${pgliteVersion}\n`);
    for (const dir of [folder, path.join(folder, 'meta')]) {
      for (const name of (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort()) {
        hash.update(`${dir === folder ? '' : 'meta/'}${name}\n`).update(await readFile(path.join(dir, name)));
      }
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return digestOf;
}

/** The migrated PGlite image for the project at `root`. */
export function pgliteTemplate(root: string): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(os.tmpdir(), 'dcf-test-templates', `pglite-${await migrationDigest(root)}.tar`);
    const stored = await readFile(file).catch(() => null);
    if (stored) return new Blob([stored]);
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateDatabase(handle, root);
      const made = await pgliteImage(handle);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}`;
      await writeFile(partial, Buffer.from(await made.arrayBuffer()));
      await rename(partial, file);
      return made;
    } finally {
      await handle.close();
    }
  })();
  image.catch(() => {
    image = null;
  });
  return image;
}

/** The name of the migrated template database on the PostgreSQL server at `adminUrl`. */
export function postgresTemplate(adminUrl: string, root: string): Promise<string> {
  let made = templates.get(adminUrl);
  if (!made) {
    made = buildPostgresTemplate(adminUrl, root);
    made.catch(() => templates.delete(adminUrl));
    templates.set(adminUrl, made);
  }
  return made;
}

async function buildPostgresTemplate(adminUrl: string, root: string): Promise<string> {
  const name = `dcf_tpl_${await migrationDigest(root)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext('dcf test template'))");
    const found = await admin.query('SELECT datistemplate FROM pg_database WHERE datname = $1', [name]);
    if (found.rows[0]?.datistemplate) return name;
    // A template left half-built (a run killed while migrating) is not marked: build it again.
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 });
    try {
      await migrateDatabase(handle, root);
    } finally {
      await handle.close();
    }
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock(hashtext('dcf test template'))").catch(() => {});
    await admin.end();
  }
}

/**
 * Prepares the configured database before the console starts: applies migrations, creates the
 * first admin from DCF_ADMIN_EMAIL/DCF_ADMIN_PASSWORD on a fresh database, and, when
 * DCF_DEMO_USERS is on, seeds one demo user per role and prints their credentials; then, when
 * DCF_DEMO_HISTORY is on and the QA store is empty, fills the demo history (`dcf backfill`'s code
 * path: real runs over the demo dataset's calls up to today, their results stored before the
 * console opens). Run by scripts/start.sh (and safe to run again: everything here is idempotent,
 * and the history is filled only into an empty QA store).
 */
import { config } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { DataDirInUseError } from '../server/db/data-dir-lock.ts';
import { usePrivateUmask } from '../server/db/private-files.ts';
import { DEMO_USERS, seedDemoUsers } from '../server/auth/demo-users.ts';
import { bootstrapAdmin } from '../server/auth/bootstrap-admin.ts';
import { ROLE_LABELS } from '../lib/roles.ts';
import { seedWorkflowCatalog } from '../server/learning/workflow-catalog.ts';
import { indexSkills } from '../server/learning/search.ts';
import { loadSkillDirectory } from '../server/skills/skill-directory.ts';

const cfg = config();
usePrivateUmask(); // files under the data directory: 0600, folders 0700
// Setup owns the embedded data directory while it runs (a second `npm start` is refused, naming it)
// and shares it as the console does, so `npx dcf …` meanwhile goes through its socket.
const handle = await openDatabase(
  cfg.database.kind === 'pglite'
    ? { kind: 'pglite', dataDir: cfg.database.dataDir, share: true, role: "the console's setup (npm start)" }
    : cfg.database,
).catch((err: unknown) => {
  // A second `npm start` on one data directory: say who holds it, without a stack trace.
  if (err instanceof DataDirInUseError) {
    console.error(`error: ${err.message}`);
    process.exit(1);
  }
  throw err;
});
try {
  await migrateDatabase(handle, cfg.rootDir);
  console.log(`database ready (${cfg.database.kind === 'pglite' ? `PGlite at ${cfg.database.dataDir}` : 'PostgreSQL'})`);
  if (cfg.bootstrapAdmin) {
    const outcome = await bootstrapAdmin(handle.db, cfg.bootstrapAdmin);
    console.log(
      outcome === 'created' ? `created the first admin: ${cfg.bootstrapAdmin.email}` : 'an admin exists; DCF_ADMIN_EMAIL ignored',
    );
  }
  // The saved-workflow catalog (workflows/catalog.json, unless DCF_SEED_WORKFLOWS=false) and the skill search index.
  const indexed = await indexSkills(handle.db, await loadSkillDirectory(cfg.skillsDir));
  if (cfg.seedWorkflows) {
    const seeded = await seedWorkflowCatalog(handle.db, cfg.workflowsDir);
    console.log(`workflow catalog: ${seeded.saved} saved, ${seeded.kept} already there; ${indexed} skills indexed for search`);
  } else {
    console.log(`workflow catalog: not seeded (DCF_SEED_WORKFLOWS=false); ${indexed} skills indexed for search`);
  }
  if (cfg.demoUsers) {
    await seedDemoUsers(handle.db);
    console.log('\nDemo users (one per role):');
    for (const u of DEMO_USERS) console.log(`  ${ROLE_LABELS[u.role].padEnd(20)} ${u.email.padEnd(24)} password: ${u.password}`);
    console.log('');
  }
  // The backfill reaches the database through this process's share (cli/database.ts), so the
  // directory keeps one owner throughout. A history that could not be filled completely does not
  // keep the console from starting.
  if (cfg.demoHistory && (await (await import('../cli/commands/backfill.ts')).demoHistoryOnStart()) !== 0) {
    console.log('demo history: incomplete (see above); the console starts anyway — `npx dcf backfill` analyses again');
  }
} finally {
  await handle.close();
}

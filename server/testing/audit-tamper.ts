import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Tampers with the audit log as someone with the table owner's rights would: in one transaction,
 * disables the append-only trigger (migration 0001), runs `statements`, enables it again. For the
 * tests that show a verification names what was done (server/audit/*.int.test.ts, the CLI's).
 */
export const tamperAuditLog = (db: Db, ...statements: SQL[]) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  });

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationText } from '../../components/settings/audit-format.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { anchorAuditHead, setProcessAnchorStore } from '../audit/anchor-store.ts';
import { recordAudit } from '../audit/log.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { tamperAuditLog } from '../testing/audit-tamper.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

/**
 * Settings → Audit log → "Verify integrity" (tRPC `audit.verify`, admins) checks the log against
 * the process's anchors too (issue 28), and the panel's words name a truncation.
 */
describe(`audit.verify with the chain's anchors (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  let file: string;
  let admin: PublicUser;

  beforeAll(async () => {
    h = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-trpc-anchor-'));
    file = path.join(dir, 'audit-anchors.jsonl');
    setProcessAnchorStore({ file });
    const r = await createUser(h.db, { email: 'admin@audit.test', displayName: 'Admin', role: 'admin', password: 'a-long-password-1' });
    if (!r.ok) throw new Error(r.reason);
    admin = r.user;
    const actor = systemActor('trpc-anchor-test');
    for (let i = 1; i <= 3; i++) await recordAudit(h.db, { actor, action: 'test.append', args: { i }, status: 'ok' });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await h?.dispose();
  });

  it('no anchor yet, then intact up to the anchor, then the truncation named', async () => {
    const { caller } = callerFor(h.db, admin);
    const fresh = await caller.audit.verify();
    expect(fresh).toMatchObject({ intact: true, anchors: { status: 'none', sources: { file, fileFound: false } } });

    const anchor = (await anchorAuditHead(h.db, 'periodic', { file }, new Date('2026-07-01T08:00:00Z')))!;
    const anchored = await caller.audit.verify();
    expect(anchored).toMatchObject({ intact: true, anchors: { status: 'intact', newest: anchor } });
    expect(verificationText(anchored).lines).toContain(
      `Anchors: intact up to the newest anchor, entry #${anchor.entryId} of 1 Jul 2026, 09:00:00 BST (periodic); 1 anchor checked.`,
    );

    await tamperAuditLog(h.db, sql`delete from audit_log where id = ${anchor.entryId}`);
    const cut = await caller.audit.verify();
    expect(cut).toMatchObject({ intact: false, anchors: { status: 'broken', problem: { kind: 'truncated' } } });
    expect(verificationText(cut).headline).toMatch(
      new RegExp(
        `^Not intact: truncated: the anchor of 1 Jul 2026, 09:00:00 BST names entry #${anchor.entryId} \\(hash ` +
          `sha256:[0-9a-f]{16}…\\) which the log no longer holds; the log ends at #${cut.head!.id}\\.$`,
      ),
    );
  });
});

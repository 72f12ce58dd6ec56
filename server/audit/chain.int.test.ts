import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { recordAudit } from './log.ts';
import { auditChainHead, verifyAuditChain } from './verify.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

/** Appends from many writers at once (a pool of connections on PostgreSQL) still form one line. */
describe(`audit hash chain: concurrent appends (${testDbKind()})`, () => {
  let h: Handle;
  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.dispose());

  it('links 40 concurrent appends into one unbroken chain', async () => {
    const writers = Array.from({ length: 40 }, (_, i) =>
      recordAudit(h.db, { actor: systemActor(`writer-${i}`), action: 'test.concurrent', args: { i }, status: 'ok', detail: { i } }),
    );
    await Promise.all(writers);
    const links = { id: auditLog.id, hash: auditLog.hash, prevHash: auditLog.prevHash };
    const rows = await h.db.select(links).from(auditLog).orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(40);
    expect(rows[0]!.prevHash).toBeNull();
    rows.slice(1).forEach((r, i) => expect(r.prevHash, `entry #${r.id}`).toBe(rows[i]!.hash));
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(40);

    const result = await verifyAuditChain(h.db);
    expect(result).toEqual({ intact: true, checked: 40, unchained: 0, head: { id: rows[39]!.id, hash: rows[39]!.hash } });
    expect(await auditChainHead(h.db)).toEqual(result.head);
  });

  it('stores content with secrets redacted, and the entry still verifies after the round trip', async () => {
    const review = { score: 72, note: 'caller was rushed', at: new Date('2024-07-08T09:00:00Z') };
    const content = { review, reviewer_token: 'tok-secret', skip: undefined };
    await recordAudit(h.db, { actor: systemActor('reviewer'), action: 'test.content', args: {}, status: 'ok', content });
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'test.content'));
    const stored = { review: { at: '2024-07-08T09:00:00.000Z', note: 'caller was rushed', score: 72 }, reviewer_token: '[redacted]' };
    expect(row!.content).toEqual(stored);
    expect(JSON.stringify(row)).not.toContain('tok-secret');
    expect(await verifyAuditChain(h.db)).toMatchObject({ intact: true, checked: 41 });
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnchorLine } from '../audit/anchor-record.ts';
import { processAnchorStore, setProcessAnchorStore } from '../audit/anchor-store.ts';
import { verifyAuditLog } from '../audit/verify-anchored.ts';
import { auditChainHead } from '../audit/verify.ts';
import { auditLog, qaResults } from '../db/schema/index.ts';
import { tamperAuditLog } from '../testing/audit-tamper.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { exportEvidencePack } from './exports.ts';
import { upsertQaRecords } from './store.ts';
import { qaRecordFixture } from './testing/fixtures.ts';

/**
 * Issue 28: every evidence-pack export anchors the audit chain's head (its own entry included)
 * outside the database, through the process's anchor store; so removing the export's entry from
 * the log afterwards is named by the verification.
 */
describe(`evidence-pack export anchors the audit chain head (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  let file: string;
  const actor = { kind: 'user', id: 'u-1', label: 'cm1@lender.test', role: 'compliance_manager' } as const;

  beforeAll(async () => {
    h = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-export-anchor-'));
    file = path.join(dir, 'audit-anchors.jsonl');
    setProcessAnchorStore({ file });
    const runId = '0b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a09';
    await upsertQaRecords(h.db, [qaRecordFixture({ runId, callId: 'REC-9001' })]);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await h?.dispose();
  });

  it('anchors the export entry; deleting it afterwards is named a truncation', async () => {
    const [{ id }] = (await h.db.select({ id: qaResults.id }).from(qaResults).limit(1)) as [{ id: string }];
    const before = (await auditChainHead(h.db))?.id ?? null;
    expect((await exportEvidencePack(h.db, actor, id)).ok).toBe(true);
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'qa.export_evidence_pack'));
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n').map(parseAnchorLine);
    const anchored = { entryId: entry!.id, entryHash: entry!.hash, anchoredAt: expect.any(String), reason: 'export' };
    expect(lines).toEqual([anchored]);
    expect(processAnchorStore()).toEqual({ file });
    const intact = await verifyAuditLog(h.db, { file });
    expect(intact).toMatchObject({ intact: true, anchors: { status: 'intact', checked: 1 } });

    await tamperAuditLog(h.db, sql`delete from audit_log where id = ${entry!.id}`);
    const r = await verifyAuditLog(h.db, { file });
    expect(r.firstProblem).toBeUndefined();
    const problem = { kind: 'truncated', anchor: { entryId: entry!.id } };
    expect(r).toMatchObject({ intact: false, anchors: { status: 'broken', problem } });
    const end = before === null ? 'the log holds no chained entry' : `the log ends at #${before}`;
    expect(r.anchors.problem!.detail).toMatch(
      new RegExp(`^truncated: the anchor of .* names entry #${entry!.id} \\(hash .*\\) ` + `which the log no longer holds; ${end}$`),
    );
  });
});

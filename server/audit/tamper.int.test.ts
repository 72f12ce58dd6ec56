import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type AuditRow } from '../db/schema/index.ts';
import { tamperAuditLog } from '../testing/audit-tamper.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { atText, entryHash } from './chain-hash.ts';
import { recordAudit } from './log.ts';
import { auditChainHead, verifyAuditChain, type ChainVerification } from './verify.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Someone with the table owner's rights disables the append-only trigger and rewrites the log;
 * the verifier names the entry and what was done. The log: entries #1–#2 from before the chain
 * began, chained entries #3–#7, id 8 never used (an append that rolled back), chained #9–#13.
 * Each test undoes its tampering, and the chain must verify as before afterwards.
 */
describe(`audit hash chain: tampering is detected (${testDbKind()})`, () => {
  let h: Handle;
  let clean: ChainVerification;
  /** Small batches, so problems are found across batch boundaries too. */
  const verify = () => verifyAuditChain(h.db, { batchSize: 4 });
  const tamper = (...statements: SQL[]) => tamperAuditLog(h.db, ...statements);
  const entry = async (id: number): Promise<AuditRow> => (await h.db.select().from(auditLog).where(eq(auditLog.id, id)))[0]!;
  const removeForged = (id: number) => tamper(sql`delete from audit_log where id = ${id}`);
  const problem = async () => (await verify()).firstProblem;

  beforeAll(async () => {
    h = await createTestDatabase();
    const old = 'before-the-chain';
    const unchained = {
      actorKind: 'system',
      actorId: old,
      actorLabel: old,
      action: 'old.entry',
      argsDigest: 'sha256:0',
      resultStatus: 'ok',
    };
    await h.db.insert(auditLog).values([unchained, unchained]);
    const actor = systemActor('tamper-test');
    const append = (i: number) => recordAudit(h.db, { actor, action: 'test.append', args: { i }, status: 'ok', detail: { i } });
    for (let i = 3; i <= 7; i++) await append(i);
    await h.db.execute(sql`select nextval('audit_log_id_seq')`);
    for (let i = 9; i <= 13; i++) await append(i);
    clean = await verify();
  });
  afterEach(async () => expect(await verify()).toEqual(clean));
  afterAll(() => h.dispose());

  it('verifies the untouched log: chained entries checked across batches, older ones counted, the unused id no break', async () => {
    const ids = (await h.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13]);
    expect(clean).toEqual({ intact: true, checked: 10, unchained: 2, head: { id: 13, hash: (await entry(13)).hash } });
    expect(await auditChainHead(h.db)).toEqual(clean.head);
    expect(await verifyAuditChain(h.db, { batchSize: 1 })).toEqual(clean);
    expect(await verifyAuditChain(h.db)).toEqual(clean);
  });

  it("UPDATE of an entry's detail: changed, naming it", async () => {
    const { detail } = await entry(5);
    await tamper(sql`update audit_log set detail = '{"i": 99}' where id = 5`);
    try {
      const result = await verify();
      expect(result).toMatchObject({ intact: false, checked: 2, unchained: 2, head: clean.head, firstProblem: { id: 5, kind: 'changed' } });
    } finally {
      await tamper(sql`update audit_log set detail = ${JSON.stringify(detail)}::jsonb where id = 5`);
    }
  });

  it('UPDATE of a time by one microsecond: changed', async () => {
    await tamper(sql`update audit_log set at = at + interval '1 microsecond' where id = 10`);
    try {
      expect(await verify()).toMatchObject({ intact: false, checked: 6, firstProblem: { id: 10, kind: 'changed' } });
    } finally {
      await tamper(sql`update audit_log set at = at - interval '1 microsecond' where id = 10`);
    }
  });

  it("UPDATE of an entry's prev_hash: changed", async () => {
    const { prevHash } = await entry(12);
    await tamper(sql`update audit_log set prev_hash = 'sha256:feed' where id = 12`);
    try {
      expect(await problem()).toMatchObject({ id: 12, kind: 'changed' });
    } finally {
      await tamper(sql`update audit_log set prev_hash = ${prevHash} where id = 12`);
    }
  });

  it('UPDATE with the hash recomputed to match: changed, naming the rewritten entry', async () => {
    const row = await entry(6);
    const forgedHash = entryHash({ ...row, at: atText(row.at), detail: { i: 66 } });
    await tamper(sql`update audit_log set detail = '{"i": 66}', hash = ${forgedHash} where id = 6`);
    try {
      expect(await verify()).toMatchObject({ intact: false, checked: 3, firstProblem: { id: 6, kind: 'changed' } });
    } finally {
      await tamper(sql`update audit_log set detail = ${JSON.stringify(row.detail)}::jsonb, hash = ${row.hash} where id = 6`);
    }
  });

  it('DELETE of an entry in the middle: removed, naming it', async () => {
    const row = await entry(11);
    await tamper(sql`delete from audit_log where id = 11`);
    try {
      expect(await verify()).toMatchObject({ intact: false, checked: 7, firstProblem: { id: 11, kind: 'removed' } });
    } finally {
      await h.db.insert(auditLog).values(row);
    }
  });

  it("DELETE of the chain's first entry: removed", async () => {
    const row = await entry(3);
    await tamper(sql`delete from audit_log where id = 3`);
    try {
      expect(await verify()).toMatchObject({ intact: false, checked: 0, unchained: 2, firstProblem: { id: 3, kind: 'removed' } });
    } finally {
      await h.db.insert(auditLog).values(row);
    }
  });

  it('INSERT of a forged entry without a hash into the unused id: inserted, naming it', async () => {
    const row = await entry(7);
    await h.db.insert(auditLog).values({ ...row, id: 8, detail: { forged: true }, prevHash: null, hash: null });
    try {
      expect(await verify()).toMatchObject({ intact: false, checked: 5, firstProblem: { id: 8, kind: 'inserted' } });
    } finally {
      await removeForged(8);
    }
  });

  it('INSERT of a forged entry with a made-up hash and link: inserted', async () => {
    const row = await entry(7);
    await h.db.insert(auditLog).values({ ...row, id: 8, prevHash: 'sha256:abc', hash: 'sha256:def' });
    try {
      expect(await problem()).toMatchObject({ id: 8, kind: 'inserted' });
    } finally {
      await removeForged(8);
    }
  });

  it('INSERT of a well-forged entry (right link, matching hash; unique index dropped): inserted, naming it', async () => {
    const row = await entry(7);
    const forged = { ...row, id: 8, detail: { forged: true }, prevHash: row.hash };
    await tamper(sql`drop index audit_log_prev_hash_key`);
    await h.db.insert(auditLog).values({ ...forged, hash: entryHash({ ...forged, at: atText(forged.at) }) });
    try {
      expect(await verify()).toMatchObject({ intact: false, checked: 5, firstProblem: { id: 8, kind: 'inserted' } });
    } finally {
      await removeForged(8);
      await h.db.execute(sql`create unique index audit_log_prev_hash_key on audit_log using btree (prev_hash)`);
    }
  });

  it('INSERT with an id the sequence never issued: inserted', async () => {
    const row = await entry(13);
    await h.db.insert(auditLog).values({ ...row, id: 1000, prevHash: row.hash, hash: 'sha256:0' });
    try {
      expect(await problem()).toMatchObject({ id: 1000, kind: 'inserted' });
    } finally {
      await removeForged(1000);
    }
  });

  it('INSERT of an unhashed row at the end, after the chain began: inserted', async () => {
    const [row] = await h.db
      .insert(auditLog)
      .values({ actorKind: 'system', actorId: 'x', actorLabel: 'x', action: 'sneaked.in', argsDigest: 'sha256:0', resultStatus: 'ok' })
      .returning({ id: auditLog.id });
    try {
      expect(await verify()).toMatchObject({ intact: false, checked: 10, firstProblem: { id: row!.id, kind: 'inserted' } });
    } finally {
      await removeForged(row!.id);
    }
  });
});

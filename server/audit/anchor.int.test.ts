import { singleRedis } from '../config-redis.ts';
import { mkdtemp, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type AuditRow } from '../db/schema/index.ts';
import { createRedis } from '../redis/client.ts';
import type { RedisClient } from '../redis/connection.ts';
import { tamperAuditLog } from '../testing/audit-tamper.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { anchorAuditHead, type AnchorStore } from './anchor-store.ts';
import { atText, entryHash } from './chain-hash.ts';
import { recordAudit } from './log.ts';
import { verifyAuditLog } from './verify-anchored.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
const ACTOR = systemActor('anchor-test');

/**
 * The log against its external anchors (issue 28): the newest entries deleted, or the chain
 * rewritten after an anchored entry, leave a chain that verifies on its own; the anchors in the
 * file and in Redis (a real redis-server) name what happened. Tampering as in tamper.int.test.ts:
 * the table owner disables the append-only trigger. The log: chained entries #1–#5.
 */
describe(`audit anchors: truncation and rewrites are named (${testDbKind()})`, () => {
  let h: Handle;
  let dir: string;
  let redis: RedisClient;
  let store: AnchorStore;
  const tamper = (...statements: SQL[]) => tamperAuditLog(h.db, ...statements);
  const entry = async (id: number): Promise<AuditRow> => (await h.db.select().from(auditLog).where(eq(auditLog.id, id)))[0]!;
  const append = (i: number) => recordAudit(h.db, { actor: ACTOR, action: 'test.append', args: { i }, status: 'ok', detail: { i } });
  const verify = () => verifyAuditLog(h.db, store, { batchSize: 2 });
  /** Deletes entries from `from` on, runs `check`, puts them back. */
  const withoutFrom = async (from: number, check: () => Promise<void>) => {
    const rows = (await h.db.select().from(auditLog)).filter((r) => r.id >= from);
    await tamper(sql`delete from audit_log where id >= ${from}`);
    try {
      await check();
    } finally {
      await h.db.insert(auditLog).values(rows);
    }
  };

  beforeAll(async () => {
    h = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-anchor-int-'));
    redis = createRedis(singleRedis(await isolatedRedisUrl()));
    store = { file: path.join(dir, 'audit-anchors.jsonl'), redis };
    for (let i = 1; i <= 5; i++) await append(i);
  });
  afterAll(async () => {
    redis.disconnect();
    await rm(dir, { recursive: true, force: true });
    await h.dispose();
  });

  it('a fresh install has no anchor: intact, and it says the log has no external anchor yet', async () => {
    const r = await verify();
    expect(r).toMatchObject({ intact: true, checked: 5, head: { id: 5 } });
    expect(r.anchors).toEqual({
      status: 'none',
      sources: { file: store.file, fileFound: false, redis: true },
      checked: 0,
      newest: null,
      unreadable: 0,
    });
  });

  it('anchors the head in the file and in Redis; the log verifies intact up to it', async () => {
    const head = await entry(5);
    const anchor = await anchorAuditHead(h.db, 'export', store, new Date('2026-11-28T09:15:00Z'));
    const at = '2026-11-28T09:15:00.000Z';
    expect(anchor).toEqual({ entryId: 5, entryHash: head.hash, anchoredAt: at, reason: 'export' });
    const r = await verify();
    expect(r.intact).toBe(true);
    expect(r.anchors).toMatchObject({ status: 'intact', checked: 2, newest: anchor, sources: { fileFound: true } });
    expect(r.anchors.problem).toBeUndefined();
  });

  it('DELETE of the newest entries: truncated, naming the anchor (London time), its entry, the log end', async () => {
    await withoutFrom(4, async () => {
      const r = await verify();
      expect(r).toMatchObject({ intact: false, checked: 3, head: { id: 3 }, anchors: { status: 'broken' } });
      expect(r.firstProblem).toBeUndefined(); // the chain alone cannot see it
      expect(r.anchors.problem).toMatchObject({ kind: 'truncated', logEnd: 3, anchor: { entryId: 5 } });
      expect(r.anchors.problem!.detail).toBe(
        `truncated: the anchor of 28 Nov 2026, 09:15:00 GMT names entry #5 (hash ${(await anchoredHash()).slice(0, 23)}…) ` +
          'which the log no longer holds; the log ends at #3',
      );
    });
    expect((await verify()).intact).toBe(true);
  });

  it('the anchor file gone (or copied back from before the anchor): Redis still names the truncation', async () => {
    const moved = path.join(dir, 'moved.jsonl');
    await rename(store.file, moved);
    try {
      await withoutFrom(5, async () => {
        const r = await verify();
        const fromRedis = { status: 'broken', sources: { fileFound: false }, checked: 1 };
        expect(r).toMatchObject({ intact: false, anchors: fromRedis });
        expect(r.anchors.problem).toMatchObject({ kind: 'truncated', logEnd: 4, anchor: { entryId: 5 } });
      });
    } finally {
      await rename(moved, store.file);
    }
  });

  it('the chain rewritten after the anchored entry (hash recomputed): the chain verifies, the anchor names it', async () => {
    const row = await entry(5);
    const forgedHash = entryHash({ ...row, at: atText(row.at), detail: { i: 55 } });
    await tamper(sql`update audit_log set detail = '{"i": 55}', hash = ${forgedHash} where id = 5`);
    try {
      const r = await verify();
      expect(r.firstProblem).toBeUndefined();
      const problem = { kind: 'rewritten', heldHash: forgedHash };
      expect(r).toMatchObject({ intact: false, anchors: { status: 'broken', problem } });
      expect(r.anchors.problem!.detail).toMatch(/^rewritten: the anchor of 28 Nov 2026, 09:15:00 GMT names entry #5 .* or before$/);
    } finally {
      const detail = JSON.stringify(row.detail);
      await tamper(sql`update audit_log set detail = ${detail}::jsonb, hash = ${row.hash} where id = 5`);
    }
    expect((await verify()).intact).toBe(true);
  });

  it('anchors that cannot be read (a symbolic link as the file, Redis down): the log is not vouched for', async () => {
    const link = path.join(dir, 'link.jsonl');
    await symlink(store.file, link);
    const viaLink = await verifyAuditLog(h.db, { file: link });
    const linkRefused = { status: 'unavailable', error: expect.stringContaining('symbolic link') };
    expect(viaLink).toMatchObject({ intact: false, anchors: linkRefused });
    const down = createRedis(singleRedis('redis://127.0.0.1:1'));
    try {
      const r = await verifyAuditLog(h.db, { file: store.file, redis: down });
      const redisDown = { status: 'unavailable', error: expect.stringContaining('Redis') };
      expect(r).toMatchObject({ intact: false, anchors: redisDown });
    } finally {
      down.disconnect();
    }
  });

  it('the newest entry removed, another appended after it: the chain verifies, the anchor names the removal', async () => {
    // Last: this rewrites the log for good (entry #6 links to #4).
    await tamper(sql`delete from audit_log where id = 5`);
    await append(6);
    const r = await verify();
    expect(r.firstProblem).toBeUndefined();
    expect(r.head?.id).toBe(6);
    const problem = { kind: 'removed', logEnd: 6, anchor: { entryId: 5 } };
    expect(r).toMatchObject({ intact: false, anchors: { status: 'broken', problem } });
    expect(r.anchors.problem!.detail).toContain('which the log no longer holds, though it goes on to #6');
  });

  const anchoredHash = async () => (await verifyAuditLog(h.db, { file: store.file })).anchors.newest!.entryHash;
});

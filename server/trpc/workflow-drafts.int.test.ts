import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { desc, eq, like } from 'drizzle-orm';
import { createUser, type PublicUser } from '../auth/users.ts';
import { auditLog } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

describe(`workflow drafts through tRPC (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let ann: PublicUser;
  let bob: PublicUser;
  beforeAll(async () => {
    h = await createTestDatabase();
    const make = async (email: string) => {
      const r = await createUser(h.db, { email, displayName: email, role: 'workflow_designer', password: 'drafts password 1' });
      if (!r.ok) throw new Error('setup');
      return r.user;
    };
    ann = await make('ann@drafts.test');
    bob = await make('bob@drafts.test');
  });
  afterAll(() => h.dispose());

  it('keeps any text (even one that does not parse), upserts by id and lists newest first without the text', async () => {
    const { caller } = callerFor(h.db, ann);
    const first = await caller.workflows.drafts.save({ title: 'broken', text: '{"asl": {' });
    expect(first).toMatchObject({ id: expect.any(String), title: 'broken', text: '{"asl": {', base: null, updatedAt: expect.any(String) });
    const mine = randomUUID();
    const second = await caller.workflows.drafts.save({
      id: mine,
      title: 'from 1.0.0',
      text: '{}',
      base: { workflow_id: 'wf-1', version: '1.0.0' },
    });
    expect(second).toMatchObject({ id: mine, base: { workflow_id: 'wf-1', version: '1.0.0' } });
    const again = await caller.workflows.drafts.save({ id: first.id, title: 'fixed', text: '{"asl": {}}' });
    expect(again).toMatchObject({ id: first.id, title: 'fixed', text: '{"asl": {}}' });
    expect(Date.parse(again.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    const list = await caller.workflows.drafts.list();
    expect(list.map((d) => d.title)).toEqual(['fixed', 'from 1.0.0']);
    expect(list[0]).not.toHaveProperty('text');
    expect(await caller.workflows.drafts.get({ id: first.id })).toMatchObject({ title: 'fixed', text: '{"asl": {}}' });
  });

  it("a draft is its owner's only: others can neither read, overwrite nor delete it", async () => {
    const own = await callerFor(h.db, ann).caller.workflows.drafts.save({ title: 'private', text: 'x' });
    const other = callerFor(h.db, bob).caller;
    expect(await other.workflows.drafts.list()).toEqual([]);
    await expect(other.workflows.drafts.get({ id: own.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.workflows.drafts.save({ id: own.id, title: 'stolen', text: 'y' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await other.workflows.drafts.delete({ id: own.id })).toEqual({ deleted: false });
    expect(await callerFor(h.db, ann).caller.workflows.drafts.get({ id: own.id })).toMatchObject({ title: 'private', text: 'x' });
  });

  it('deletes, and audits every draft mutation', async () => {
    const { caller } = callerFor(h.db, ann);
    const d = await caller.workflows.drafts.save({ title: 'gone soon', text: '' });
    expect(await caller.workflows.drafts.delete({ id: d.id })).toEqual({ deleted: true });
    await expect(caller.workflows.drafts.get({ id: d.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const rows = await h.db.select().from(auditLog).where(like(auditLog.action, 'workflows.drafts.%')).orderBy(desc(auditLog.id));
    expect(rows[0]).toMatchObject({ action: 'workflows.drafts.delete', actorLabel: 'ann@drafts.test', resultStatus: 'ok' });
    expect(rows.filter((r) => r.action === 'workflows.drafts.save' && r.resultStatus === 'error')).toHaveLength(1); // bob's refused overwrite
  });

  it('workflows.save saves a valid version through save_workflow and refuses an invalid one', async () => {
    const { caller } = callerFor(h.db, ann);
    const bad = await caller.workflows.save({ workflow: { workflow_id: 'x' } });
    expect(bad).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    const saved = await caller.workflows.save({ path: 'workflows/standard-advice-call-analysis.json', note: 'from the editor' });
    expect(saved).toMatchObject({ status: 'ok', version: '1.0.0', parent: null });
    expect(await caller.workflows.save({ path: 'workflows/standard-advice-call-analysis.json' })).toMatchObject({
      status: 'error',
      error_code: 'conflict',
    });
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.action, 'workflows.save'));
    expect(rows.map((r) => r.resultStatus).sort()).toEqual(['error', 'error', 'ok']);
  });
});

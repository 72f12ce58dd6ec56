import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser, type PublicUser } from '../auth/users.ts';
import { auditLog } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

describe(`saved run filters through tRPC (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let reader: PublicUser;
  let other: PublicUser;
  beforeAll(async () => {
    h = await createTestDatabase();
    const make = async (email: string, role: 'stakeholder' | 'admin') => {
      const r = await createUser(h.db, { email, displayName: email, role, password: 'filters password 1' });
      if (!r.ok) throw new Error('setup');
      return r.user;
    };
    reader = await make('reader@filters.test', 'stakeholder');
    other = await make('other@filters.test', 'admin');
  });
  afterAll(() => h.dispose());

  it('saves named filters per user (a stakeholder too), replaces by name, lists by name', async () => {
    const { caller } = callerFor(h.db, reader);
    const failed = await caller.runs.savedFilters.save({
      name: 'Failed this week',
      filter: { status: ['FAILED', 'TIMED_OUT'], started_after: '2024-07-01T00:00:00Z' },
    });
    expect(failed).toMatchObject({
      id: expect.any(String),
      name: 'Failed this week',
      filter: { status: ['FAILED', 'TIMED_OUT'], started_after: '2024-07-01T00:00:00Z' },
      createdAt: expect.any(String),
    });
    await caller.runs.savedFilters.save({ name: 'Alex', filter: { advisor: 'alex' } });
    const replaced = await caller.runs.savedFilters.save({ name: 'Failed this week', filter: { status: ['FAILED'] } });
    expect(replaced).toMatchObject({ id: failed.id, filter: { status: ['FAILED'] } });
    expect((await caller.runs.savedFilters.list()).map((f) => [f.name, f.filter])).toEqual([
      ['Alex', { advisor: 'alex' }],
      ['Failed this week', { status: ['FAILED'] }],
    ]);
    // the same name is free for another user, and nobody sees anyone else's
    const theirs = await callerFor(h.db, other).caller.runs.savedFilters.save({ name: 'Alex', filter: { workflow_id: 'wf' } });
    expect(theirs.id).not.toBe(failed.id);
    expect((await callerFor(h.db, other).caller.runs.savedFilters.list()).map((f) => f.name)).toEqual(['Alex']);
    expect(await callerFor(h.db, other).caller.runs.savedFilters.delete({ id: failed.id })).toEqual({ deleted: false });
    expect(await caller.runs.savedFilters.delete({ id: failed.id })).toEqual({ deleted: true });
    expect((await caller.runs.savedFilters.list()).map((f) => f.name)).toEqual(['Alex']);
  });

  it("validates the filter with the run list's schema and audits every save", async () => {
    const { caller } = callerFor(h.db, reader);
    await expect(caller.runs.savedFilters.save({ name: 'bad', filter: { status: ['DONE'] } as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.runs.savedFilters.save({ name: 'bad', filter: { started_after: 'yesterday' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.runs.savedFilters.save({ name: ' ', filter: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.action, 'runs.savedFilters.save'));
    expect(
      rows
        .filter((r) => r.actorLabel === 'reader@filters.test')
        .map((r) => r.resultStatus)
        .sort(),
    ).toEqual(['error', 'error', 'error', 'ok', 'ok', 'ok']);
  });
});

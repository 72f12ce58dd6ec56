import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authenticate, createUser, findUserByEmail, setUserDisabled, setUserPassword } from './users.ts';
import { createSession, deleteSession, deleteUserSessions, resolveSession } from './sessions.ts';
import { DEMO_USERS, seedDemoUsers } from './demo-users.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { sessions } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

describe(`users and sessions on ${testDbKind()}`, () => {
  let h: Handle;
  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.dispose());

  it('creates a user, refuses a duplicate email, and authenticates case-insensitively', async () => {
    const created = await createUser(h.db, {
      email: 'Ann@Example.com',
      displayName: 'Ann',
      role: 'workflow_designer',
      password: 'a long password 1',
    });
    expect(created.ok).toBe(true);
    expect(await createUser(h.db, { email: 'ann@example.com', displayName: 'Ann 2', role: 'admin', password: 'whatever 12345' })).toEqual({
      ok: false,
      reason: 'email_taken',
    });
    const user = await authenticate(h.db, 'ANN@example.com', 'a long password 1');
    expect(user).toMatchObject({ email: 'ann@example.com', role: 'workflow_designer' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(await authenticate(h.db, 'ann@example.com', 'wrong')).toBeNull();
    expect(await authenticate(h.db, 'nobody@example.com', 'a long password 1')).toBeNull();
  });

  it('resolves live sessions only: not expired, not deleted, user not disabled', async () => {
    const ann = (await findUserByEmail(h.db, 'ann@example.com'))!;
    const s = await createSession(h.db, ann.id, 1, 'ua');
    expect(await resolveSession(h.db, s.id)).toMatchObject({ id: ann.id });
    expect(await resolveSession(h.db, 'not-a-session')).toBeNull();

    await setUserDisabled(h.db, ann.id, true);
    expect(await resolveSession(h.db, s.id)).toBeNull();
    expect(await authenticate(h.db, 'ann@example.com', 'a long password 1')).toBeNull();
    await setUserDisabled(h.db, ann.id, false);
    expect(await resolveSession(h.db, s.id)).not.toBeNull();

    await h.db.execute(sql`update ${sessions} set expires_at = now() - interval '1 minute' where id = ${s.id}`);
    expect(await resolveSession(h.db, s.id)).toBeNull();

    const s2 = await createSession(h.db, ann.id, 1);
    await deleteSession(h.db, s2.id);
    expect(await resolveSession(h.db, s2.id)).toBeNull();

    const s3 = await createSession(h.db, ann.id, 1);
    await deleteUserSessions(h.db, ann.id);
    expect(await resolveSession(h.db, s3.id)).toBeNull();
  });

  it('changes a password', async () => {
    const ann = (await findUserByEmail(h.db, 'ann@example.com'))!;
    await setUserPassword(h.db, ann.id, 'new password 123');
    expect(await authenticate(h.db, 'ann@example.com', 'a long password 1')).toBeNull();
    expect(await authenticate(h.db, 'ann@example.com', 'new password 123')).not.toBeNull();
  });

  it('seeds one demo user per role, idempotently restoring role, password and enabled state', async () => {
    await seedDemoUsers(h.db);
    const admin = (await findUserByEmail(h.db, 'admin@demo.dcf'))!;
    await h.db.execute(sql`update users set role = 'stakeholder', disabled_at = now() where id = ${admin.id}`);
    await setUserPassword(h.db, admin.id, 'changed password');
    await seedDemoUsers(h.db);
    for (const demo of DEMO_USERS) {
      expect(await authenticate(h.db, demo.email, demo.password), demo.email).toMatchObject({ role: demo.role, disabledAt: null });
    }
    const count = (await h.db.execute(sql`select count(*)::int as n from users where email like '%@demo.dcf'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(count.rows[0]!.n).toBe(4);
  });
});

describe(`bootstrap admin on ${testDbKind()}`, () => {
  let h: Handle;
  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.dispose());

  it('creates the first admin once, then leaves everything alone', async () => {
    expect(await bootstrapAdmin(h.db, { email: 'Boss@Corp.example', password: 'first admin password' })).toBe('created');
    expect(await authenticate(h.db, 'boss@corp.example', 'first admin password')).toMatchObject({ role: 'admin' });
    expect(await bootstrapAdmin(h.db, { email: 'boss@corp.example', password: 'a different password' })).toBe('exists');
    expect(await authenticate(h.db, 'boss@corp.example', 'first admin password')).not.toBeNull();
  });

  it('refuses to promote an existing non-admin account', async () => {
    const fresh = await createTestDatabase();
    try {
      await createUser(fresh.db, { email: 'eve@corp.example', displayName: 'Eve', role: 'stakeholder', password: 'eve password 12' });
      await expect(bootstrapAdmin(fresh.db, { email: 'eve@corp.example', password: 'takeover password' })).rejects.toThrow(/non-admin/);
      expect(await authenticate(fresh.db, 'eve@corp.example', 'eve password 12')).toMatchObject({ role: 'stakeholder' });
    } finally {
      await fresh.dispose();
    }
  });
});

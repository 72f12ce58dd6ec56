import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { createUser, type PublicUser } from '../auth/users.ts';
import { resolveSession } from '../auth/sessions.ts';
import { sessionFromCookies } from '../auth/session-cookie.ts';
import { auditLog } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

const SECRET = 'test-secret-0123456789-0123456789-abcdef';

describe(`sign-in, sessions and user administration (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: PublicUser;
  beforeAll(async () => {
    h = await createTestDatabase();
    const r = await createUser(h.db, { email: 'root@flow.test', displayName: 'Root', role: 'admin', password: 'admin password 1' });
    if (!r.ok) throw new Error('setup');
    admin = r.user;
    await createUser(h.db, { email: 'dee@flow.test', displayName: 'Dee', role: 'workflow_designer', password: 'designer password' });
  });
  afterAll(() => h.dispose());

  async function signIn(email: string, password: string, secure = false) {
    const { caller, ctx } = callerFor(h.db, null, { secure });
    const user = await caller.auth.signIn({ email, password });
    const setCookie = ctx.resHeaders.get('set-cookie')!;
    return { user, setCookie, cookieHeader: setCookie.split(';')[0]! };
  }

  it('sets a signed, HttpOnly, SameSite=Lax session cookie that resolves to the user', async () => {
    const { user, setCookie, cookieHeader } = await signIn('DEE@flow.test', 'designer password');
    expect(user.email).toBe('dee@flow.test');
    expect(setCookie).toMatch(/^dcf_session=[^;]+\.[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);
    const session = await sessionFromCookies(h.db, cookieHeader, SECRET);
    expect(session.user?.id).toBe(user.id);
    expect(
      await sessionFromCookies(
        h.db,
        cookieHeader.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        SECRET,
      ),
    ).toEqual({ user: null, sessionId: null });
    expect(await sessionFromCookies(h.db, cookieHeader, SECRET + 'other')).toEqual({ user: null, sessionId: null });
  });

  it('marks the cookie Secure on HTTPS', async () => {
    const { setCookie } = await signIn('dee@flow.test', 'designer password', true);
    expect(setCookie).toMatch(/; Secure$/);
  });

  it('refuses a wrong password with one message and audits the attempt without the password', async () => {
    const { caller } = callerFor(h.db, null);
    await expect(caller.auth.signIn({ email: 'dee@flow.test', password: 'nope' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Email or password is incorrect.',
    });
    await expect(caller.auth.signIn({ email: 'ghost@flow.test', password: 'nope' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Email or password is incorrect.',
    });
    const [last] = await h.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ action: 'auth.signIn', actorKind: 'anonymous', resultStatus: 'forbidden' });
    expect(JSON.stringify(last)).not.toContain('nope');
  });

  it('signs out: deletes the session and clears the cookie', async () => {
    const { cookieHeader } = await signIn('dee@flow.test', 'designer password');
    const { user, sessionId } = await sessionFromCookies(h.db, cookieHeader, SECRET);
    const { caller, ctx } = callerFor(h.db, user, { sessionId });
    await caller.auth.signOut();
    expect(ctx.resHeaders.get('set-cookie')).toContain('Max-Age=0');
    expect(await resolveSession(h.db, sessionId!)).toBeNull();
  });

  it('lets an admin manage users; a role change or disabling ends that user’s sessions', async () => {
    const { caller } = callerFor(h.db, admin);
    const created = await caller.users.create({
      email: 'sam@flow.test',
      displayName: 'Sam',
      role: 'stakeholder',
      password: 'stakeholder pw1',
    });
    await expect(
      caller.users.create({ email: 'SAM@flow.test', displayName: 'Sam', role: 'stakeholder', password: 'stakeholder pw1' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      caller.users.create({ email: 'x@flow.test', displayName: 'X', role: 'stakeholder', password: 'short' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const first = await signIn('sam@flow.test', 'stakeholder pw1');
    const s1 = await sessionFromCookies(h.db, first.cookieHeader, SECRET);
    await caller.users.setRole({ userId: created.id, role: 'compliance_manager' });
    expect(await resolveSession(h.db, s1.sessionId!)).toBeNull();

    const second = await signIn('sam@flow.test', 'stakeholder pw1');
    expect(second.user.role).toBe('compliance_manager');
    const s2 = await sessionFromCookies(h.db, second.cookieHeader, SECRET);
    await caller.users.setDisabled({ userId: created.id, disabled: true });
    expect(await resolveSession(h.db, s2.sessionId!)).toBeNull();
    await expect(signIn('sam@flow.test', 'stakeholder pw1')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    expect((await caller.users.list()).map((u) => u.email)).toContain('sam@flow.test');
  });

  it('stops an admin from locking themselves out', async () => {
    const { caller } = callerFor(h.db, admin);
    await expect(caller.users.setRole({ userId: admin.id, role: 'stakeholder' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.users.setDisabled({ userId: admin.id, disabled: true })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('pages the audit log newest first', async () => {
    const { caller } = callerFor(h.db, admin);
    const page1 = await caller.audit.list({ limit: 3 });
    expect(page1.rows).toHaveLength(3);
    expect(page1.rows[0]!.id).toBeGreaterThan(page1.rows[2]!.id);
    const page2 = await caller.audit.list({ limit: 3, beforeId: page1.nextBeforeId! });
    expect(page2.rows[0]!.id).toBeLessThan(page1.rows[2]!.id);
    const creates = await caller.audit.list({ limit: 50, action: 'users.create' });
    expect(creates.rows.map((r) => r.resultStatus).sort()).toEqual(['error', 'error', 'ok']);
    const actions = await caller.audit.actions();
    expect(actions).toEqual([...actions].sort());
    expect(actions).toEqual(expect.arrayContaining(['auth.signIn', 'users.create', 'users.setRole', 'users.setDisabled']));
    expect(new Set(actions).size).toBe(actions.length);
  });
});

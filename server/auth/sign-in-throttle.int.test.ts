import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { createUser } from './users.ts';
import { DEFAULT_SIGN_IN_LIMITS, redisSignInThrottle } from './sign-in-throttle.ts';
import type { SignInLimits, SignInThrottle } from './sign-in-throttle.ts';
import { auditLog } from '../db/schema/index.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

const BOSS = { email: 'boss@flow.test', password: 'the right password' };
const WHEN = String.raw`\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UK time, in 1[45] minutes`;
const LOCKED = new RegExp(String.raw`^Too many failed sign-ins for this email\. Try again after ${WHEN}\.$`);

/**
 * The probe's findings, through the real sign-in procedure, with the throttle's counters in a
 * real Redis: 20 wrong admin passwords in a row used to be followed by a successful sign-in.
 */
describe(`sign-in throttling on Redis (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;
  const clients: Redis[] = [];
  /** A connected client: until it is, the limiters count in-process (their insurance), not in Redis. */
  const redis = async () => {
    const client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    clients.push(client);
    await client.connect();
    return client;
  };
  /** A throttle with counters of its own (a fresh key prefix), or sharing a prefix as another process would. */
  const throttle = async (limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS, prefix = newPrefix()) =>
    redisSignInThrottle(await redis(), limits, prefix);
  const newPrefix = () => `dcf:test:signin:${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    h = await createTestDatabase();
    url = await isolatedRedisUrl();
    await createUser(h.db, { ...BOSS, displayName: 'Boss', role: 'admin' });
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await h.dispose();
  });

  function signIn(t: SignInThrottle, email: string, password: string, address = '192.0.2.10') {
    const source = { address, userAgent: 'probe/1.0', claimedForwardedFor: '6.6.6.6' };
    const { caller, ctx } = callerFor(h.db, null, { signInThrottle: t, source });
    return { result: caller.auth.signIn({ email, password }), ctx };
  }
  const wrong = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  const throttled = (p: Promise<unknown>, message?: RegExp) =>
    expect(p).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      ...(message && { message: expect.stringMatching(message) }),
    });

  it('locks an account after 5 wrong passwords: the right one is refused too, with when to try again', async () => {
    const prefix = newPrefix();
    const t = await throttle(DEFAULT_SIGN_IN_LIMITS, prefix);
    for (let i = 1; i <= 5; i++) await wrong(signIn(t, BOSS.email, `guess ${i}`).result);
    for (let i = 6; i <= 20; i++) await throttled(signIn(t, 'Boss@Flow.test', `guess ${i}`).result);
    const right = signIn(t, BOSS.email, BOSS.password, '198.51.100.1');
    await throttled(right.result, LOCKED);
    expect(Number(right.ctx.resHeaders.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(right.ctx.resHeaders.get('retry-after'))).toBeLessThanOrEqual(15 * 60);

    // The counters live in Redis: another process sees the lock-out; the keys name no email.
    const other = await throttle(DEFAULT_SIGN_IN_LIMITS, prefix);
    await throttled(signIn(other, BOSS.email, BOSS.password).result, LOCKED);
    const admin = await redis();
    const keys = await admin.keys(`${prefix}:*`);
    expect(keys.filter((k) => k.includes(':account:'))).toEqual([expect.stringMatching(/:account:[0-9a-f]{32}$/)]);
    expect(keys).toContain(`${prefix}:source:192.0.2.10`);
    expect(keys.join()).not.toContain('boss');
    expect(await admin.pttl(keys.find((k) => k.includes(':account:'))!)).toBeGreaterThan(14 * 60_000);
  });

  it('records where failed and refused attempts came from in the audit log', async () => {
    const signIns = eq(auditLog.action, 'auth.signIn');
    const rows = await h.db.select().from(auditLog).where(signIns).orderBy(desc(auditLog.id)).limit(22);
    const source = { address: '192.0.2.10', user_agent: 'probe/1.0', claimed_forwarded_for: '6.6.6.6' };
    // Newest first: the other process's refusal, the right password's refusal, 15 refusals, 5 failures.
    const [, right, ...earlier] = rows;
    expect(right).toMatchObject({ actorKind: 'anonymous', resultStatus: 'forbidden' });
    expect(right!.detail).toMatchObject({ source: { address: '198.51.100.1' }, throttled: { scope: 'account' } });
    expect(earlier[0]!.detail).toEqual({ source, throttled: { scope: 'account', until: expect.any(String) } });
    expect(earlier[15]!.detail).toEqual({ source, locked_out: { scope: 'account', until: expect.any(String) } });
    expect(earlier[19]!.detail).toEqual({ source });
    expect(JSON.stringify(rows)).not.toContain('guess');
  });

  it('audits a failed sign-in of a missing email exactly as a wrong password', async () => {
    const t = await throttle();
    await wrong(signIn(t, BOSS.email, 'wrong', '203.0.113.1').result);
    await wrong(signIn(t, 'ghost@flow.test', 'wrong', '203.0.113.1').result);
    const [ghost, boss] = await h.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(2);
    type Row = typeof ghost;
    const shape = (r: Row) => ({
      actor: [r!.actorKind, r!.actorId, r!.actorLabel],
      status: r!.resultStatus,
      detail: r!.detail,
    });
    expect(shape(ghost)).toEqual(shape(boss));
  });

  it('refuses a source after its failures across emails, while other sources sign in', async () => {
    const t = await throttle({ ...DEFAULT_SIGN_IN_LIMITS, accountFailures: 5, sourceFailures: 3, windowSeconds: 60 });
    for (const email of ['a@flow.test', 'b@flow.test', 'c@flow.test']) {
      await wrong(signIn(t, email, 'wrong', '198.51.100.20').result);
    }
    const network = new RegExp(
      String.raw`^Too many failed sign-ins from your network: until ${WHEN.replace('1[45] minutes', '1 minute')}, ` +
        'only accounts that have signed in from it before may sign in from it\\.$',
    );
    await throttled(signIn(t, BOSS.email, BOSS.password, '198.51.100.20').result, network);
    const elsewhere = signIn(t, BOSS.email, BOSS.password, '198.51.100.21');
    await expect(elsewhere.result).resolves.toMatchObject({ email: BOSS.email });
  });

  it('issue 29: behind one address, spraying guesses never refuses the right password of an account that signed in there', async () => {
    const prefix = newPrefix();
    const limits = { ...DEFAULT_SIGN_IN_LIMITS, sourceFailures: 5 };
    const t = await throttle(limits, prefix);
    const office = '203.0.113.44';
    await expect(signIn(t, BOSS.email, BOSS.password, office).result).resolves.toMatchObject({ email: BOSS.email });
    // One wrong guess at each of 15 emails from the same address: 5 are checked, the rest refused.
    for (let i = 0; i < 5; i++) await wrong(signIn(t, `victim${i}@flow.test`, 'Summer2024!', office).result);
    for (let i = 5; i < 15; i++) await throttled(signIn(t, `victim${i}@flow.test`, 'Summer2024!', office).result);
    // The admin who signed in from here before still signs in, from another process too (the pair is in Redis).
    await expect(signIn(t, BOSS.email, BOSS.password, office).result).resolves.toMatchObject({ email: BOSS.email });
    const other = await throttle(limits, prefix);
    await expect(signIn(other, BOSS.email, BOSS.password, office).result).resolves.toMatchObject({ email: BOSS.email });
    const keys = await (await redis()).keys(`${prefix}:known:*`);
    expect(keys).toEqual([expect.stringMatching(new RegExp(`:known:${office.replaceAll('.', '\\.')}:[0-9a-f]{32}$`))]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memorySignInThrottle, type SignInThrottle } from './sign-in-throttle.ts';

const START = new Date('2024-07-08T09:00:00Z');
const MINUTE = 60_000;
const WINDOW_END = new Date(START.getTime() + 15 * MINUTE);

describe('sign-in throttle decisions (in-process counters, fake clock)', () => {
  let throttle: SignInThrottle;
  /** One attempt that gets as far as the password check, with that check's outcome. */
  async function attempt(email: string, source: string, outcome: 'success' | 'failure') {
    const decision = await throttle.begin(email, source);
    if (!decision.ok) return { refused: decision.refused };
    return { lockout: await decision.attempt.settle(outcome) };
  }
  const succeed = async (email: string, source: string) => expect(await attempt(email, source, 'success')).toEqual({ lockout: null });
  const refusedBy = (scope: string) => ({ ok: false, refused: { scope } });
  const failures = async (n: number, email: (i: number) => string, source: string) => {
    for (let i = 0; i < n; i++) expect(await attempt(email(i), source, 'failure')).toEqual({ lockout: null });
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    throttle = memorySignInThrottle({ accountFailures: 5, sourceFailures: 20, windowSeconds: 15 * 60, knownSeconds: 30 * 86_400 });
  });
  afterEach(() => vi.useRealTimers());

  it('locks an email out after 5 failures until the window ends, even for the right password', async () => {
    await failures(4, () => 'ann@example.com', '192.0.2.1');
    vi.advanceTimersByTime(MINUTE);
    // The fifth failure uses the last point and says until when: 15 minutes after the first.
    const locked = { scope: 'account', until: WINDOW_END };
    expect(await attempt('ANN@example.com ', '192.0.2.1', 'failure')).toEqual({ lockout: locked });
    // From another address, with the right password: refused before any password is checked.
    expect(await throttle.begin('ann@example.com', '198.51.100.4')).toEqual({ ok: false, refused: locked });
    vi.advanceTimersByTime(13 * MINUTE);
    expect(await throttle.begin('ann@example.com', '198.51.100.4')).toMatchObject({ ok: false });
    vi.advanceTimersByTime(MINUTE + 1);
    expect(await attempt('ann@example.com', '198.51.100.4', 'success')).toEqual({ lockout: null });
  });

  it('counts failures only: successes neither lock anyone out nor use up the source', async () => {
    for (let i = 0; i < 100; i++) await succeed('busy@example.com', '192.0.2.1');
    await failures(4, () => 'busy@example.com', '192.0.2.1');
    // A success clears the email's failures: four more may fail without a lock-out.
    await attempt('busy@example.com', '192.0.2.1', 'success');
    await failures(4, () => 'busy@example.com', '192.0.2.1');
  });

  it('refuses a source after 20 failures across emails, whichever email comes next', async () => {
    await failures(19, (i) => `user${i}@example.com`, '203.0.113.5');
    const locked = { scope: 'source', until: WINDOW_END };
    expect(await attempt('user19@example.com', '203.0.113.5', 'failure')).toEqual({ lockout: locked });
    expect(await throttle.begin('fresh@example.com', '203.0.113.5')).toEqual({ ok: false, refused: locked });
    // Other sources are not affected.
    expect(await throttle.begin('fresh@example.com', '203.0.113.6')).toMatchObject({ ok: true });
  });

  it('never refuses the right password of an account that has signed in from the source, however many failures', async () => {
    // The office behind one proxy address: its people have signed in before.
    for (const who of ['ann', 'bob', 'cat']) await succeed(`${who}@office.test`, '203.0.113.80');
    // Someone sprays one guess at each of 100 emails from the same address.
    for (let i = 0; i < 100; i++) {
      const decision = await throttle.begin(`victim${i}@office.test`, '203.0.113.80');
      if (decision.ok) expect(await decision.attempt.settle('failure')).toMatchObject(i === 19 ? { scope: 'source' } : {});
      else expect(decision).toMatchObject(refusedBy('source'));
    }
    // The right password still signs everyone in who has signed in from here before...
    for (const who of ['ann', 'bob', 'cat']) await succeed(`${who}@office.test`, '203.0.113.80');
    // ...each under their own account limit: five wrong guesses lock that email, not the others.
    await failures(4, () => 'bob@office.test', '203.0.113.80');
    expect(await attempt('bob@office.test', '203.0.113.80', 'failure')).toEqual({ lockout: { scope: 'account', until: WINDOW_END } });
    expect(await throttle.begin('bob@office.test', '203.0.113.80')).toMatchObject(refusedBy('account'));
    await succeed('ann@office.test', '203.0.113.80');
  });

  it('past the source budget, checks only 20 guesses at emails never signed in from there (the spray stops)', async () => {
    let checked = 0;
    for (let i = 0; i < 500; i++) {
      const decision = await throttle.begin(`spray${i}@example.com`, '198.51.100.66');
      if (!decision.ok) continue;
      checked++;
      await decision.attempt.settle('failure');
    }
    expect(checked).toBe(20);
    // A first sign-in from that address waits for the window; elsewhere it goes through at once.
    expect(await throttle.begin('newcomer@example.com', '198.51.100.66')).toEqual({
      ok: false,
      refused: { scope: 'source', until: WINDOW_END },
    });
    await succeed('newcomer@example.com', '198.51.100.67');
    vi.advanceTimersByTime(15 * MINUTE + 1);
    await succeed('newcomer@example.com', '198.51.100.66');
  });

  it('forgets a source’s known accounts after knownSeconds', async () => {
    throttle = memorySignInThrottle({ accountFailures: 5, sourceFailures: 2, windowSeconds: 15 * 60, knownSeconds: 60 });
    await succeed('ann@example.com', '192.0.2.30');
    for (const x of ['x1', 'x2']) await attempt(`${x}@example.com`, '192.0.2.30', 'failure');
    expect(await throttle.begin('x3@example.com', '192.0.2.30')).toMatchObject(refusedBy('source'));
    await succeed('ann@example.com', '192.0.2.30');
    vi.advanceTimersByTime(61_000);
    expect(await throttle.begin('ann@example.com', '192.0.2.30')).toMatchObject(refusedBy('source'));
  });

  it('does not charge a source for attempts refused by an email’s lock-out', async () => {
    await failures(4, () => 'locked@example.com', '192.0.2.7');
    expect(await attempt('locked@example.com', '192.0.2.7', 'failure')).toMatchObject({ lockout: { scope: 'account' } });
    for (let i = 0; i < 50; i++) {
      expect(await throttle.begin('locked@example.com', '192.0.2.7')).toMatchObject(refusedBy('account'));
    }
    // Five failures so far from this source: fifteen more attempts are let through, then no more.
    for (let i = 0; i < 15; i++) expect((await throttle.begin(`other${i}@example.com`, '192.0.2.7')).ok).toBe(true);
    expect(await throttle.begin('one-more@example.com', '192.0.2.7')).toMatchObject(refusedBy('source'));
  });

  it('lets no more than 5 concurrent attempts at one email through (a batch of sign-ins)', async () => {
    const batch = Array.from({ length: 12 }, () => throttle.begin('batch@example.com', '192.0.2.8'));
    const decisions = await Promise.all(batch);
    expect(decisions.filter((d) => d.ok)).toHaveLength(5);
    expect(decisions.filter((d) => !d.ok)).toHaveLength(7);
  });

  it('gives the points back for an attempt that never got its answer', async () => {
    for (let i = 0; i < 20; i++) {
      const decision = await throttle.begin('ann@example.com', '192.0.2.9');
      if (!decision.ok) throw new Error(`attempt ${i} refused`);
      expect(await decision.attempt.settle('abandoned')).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';
import { passwordHashGate } from './hash-gate.ts';

describe('scrypt password hashing', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[^$]+\$[^$]+$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats malformed stored hashes as a mismatch, not a crash', async () => {
    for (const bad of ['', 'plain', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'scrypt$0$8$1$c2FsdA==$aGFzaA==']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});

describe('concurrent password hashing', () => {
  it('runs at most two 128 MiB hashes at once; the rest wait their turn and still finish', async () => {
    const hash = await hashPassword('a password');
    const gate = passwordHashGate();
    let most = 0;
    let queued = 0;
    const watch = setInterval(() => {
      most = Math.max(most, gate.load.active);
      queued = Math.max(queued, gate.load.waiting);
    }, 5);
    try {
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => verifyPassword(i % 2 ? 'a password' : 'wrong', hash)));
      expect(results).toEqual([false, true, false, true]);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(2);
    expect(queued).toBe(2);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  }, 30_000);
});

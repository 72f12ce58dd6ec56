import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordHashGate } from './hash-gate.ts';

/** scrypt parameters (OWASP minimum for scrypt: N=2^17, r=8, p=1 needs 128 MiB; we use that). */
const PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLen: 64 } as const;

/** Every hash goes through the process's gate (hash-gate.ts): it may reject with HashBusyError. */
function scrypt(password: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  return passwordHashGate().run(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

const maxmem = (N: number, r: number) => 256 * N * r; // 2× the 128·N·r bytes scrypt needs

/** Hashes a password as `scrypt$N$r$p$saltB64$hashB64` (self-describing, so parameters can change later). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLen } = PARAMS;
  const key = await scrypt(password, salt, keyLen, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the user does not exist, so timing does not reveal which emails exist. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  if (decoy) return decoy;
  const made = hashPassword(randomBytes(16).toString('hex'));
  decoy = made;
  // A busy gate (or any failure) must not leave a rejected promise cached for every later caller.
  made.catch(() => {
    if (decoy === made) decoy = undefined;
  });
  return made;
}

import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AppConfig } from '../config.ts';

/**
 * The session-signing secret: SESSION_SECRET when set; otherwise one generated on first start
 * and kept in `<data dir>/session-secret` (mode 0600), so sessions survive restarts of the
 * embedded default without the operator having to invent a secret.
 */
export async function sessionSecret(cfg: AppConfig): Promise<string> {
  if (cfg.sessionSecret) return cfg.sessionSecret;
  const file = path.join(cfg.dataDir, 'session-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(cfg.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then use theirs.
  try {
    await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return (await readFile(file, 'utf8')).trim();
  }
}

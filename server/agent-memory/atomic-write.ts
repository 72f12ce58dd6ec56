import { randomBytes } from 'node:crypto';
import { constants as C, promises as fs } from 'node:fs';
import path from 'node:path';
import { RESERVED_PREFIX } from './paths.ts';

/** Temp files of writes under way (a crash may leave one; listings skip them, the next walk removes old ones). */
export const TEMP_PREFIX = `${RESERVED_PREFIX}tmp-`;

/**
 * Replaces `dir/name` with `data` atomically: the bytes go to a new temp file in the same folder
 * (O_EXCL|O_NOFOLLOW, 0600), are fsynced, and the temp file is renamed over the target, then the
 * folder is fsynced so the rename itself is durable. A reader (or a crash at any point) sees the
 * old file or the new one, never a part of either; a failed write leaves no temp file behind.
 */
export async function writeAtomically(dir: string, name: string, data: Uint8Array): Promise<void> {
  const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`);
  const handle = await fs.open(temp, C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o600);
  let renamed = false;
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path.join(dir, name));
    renamed = true;
    await syncDir(dir);
  } finally {
    if (!renamed) await fs.rm(temp, { force: true });
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, C.O_RDONLY | C.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

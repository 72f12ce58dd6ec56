import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { anchorLine, MAX_ANCHOR_LINE, parseAnchorLine, type AuditAnchor } from './anchor-record.ts';

/**
 * The anchor file: append-only JSON lines (anchor-record.ts), mode 0600, each append fsync'd
 * before it returns, so an anchor that was reported written survives a crash. Symbolic links are
 * refused (O_NOFOLLOW), so a link planted in the data directory cannot redirect or feed it.
 */

/** Bytes the reader accepts (about three million anchors); a larger file is refused, not read partly. */
export const MAX_ANCHOR_FILE_BYTES = 512 * 1024 * 1024;
const CHUNK = 64 * 1024;

export async function appendAnchorFile(file: string, anchor: AuditAnchor): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
  const fh = await open(file, flags, 0o600);
  try {
    // One write of the whole line: with O_APPEND, concurrent appenders never interleave within it.
    await fh.write(`${anchorLine(anchor)}\n`);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export type AnchorFileRead =
  | { kind: 'missing' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'read'; anchors: AsyncIterable<AuditAnchor>; unreadableLines(): number };

/**
 * Opens the anchor file for reading. The anchors come as a stream, a chunk at a time: a line
 * longer than an anchor can be is skipped without being held, and lines that are not anchors
 * (a torn last line after a crash) are counted, not trusted.
 */
export async function readAnchorFile(file: string): Promise<AnchorFileRead> {
  let fh;
  try {
    fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: e.code === 'ELOOP' ? `${file} is a symbolic link` : `${file}: ${e.message}` };
  }
  const stat = await fh.stat();
  if (!stat.isFile() || stat.size > MAX_ANCHOR_FILE_BYTES) {
    await fh.close();
    const what = stat.isFile() ? 'larger than the 512 MiB an anchor file may be' : 'not a file';
    return { kind: 'unreadable', reason: `${file} is ${what}` };
  }
  let bad = 0;
  async function* lines(): AsyncGenerator<AuditAnchor> {
    const buffer = Buffer.alloc(CHUNK);
    let pending = '';
    let overlong = false;
    try {
      for (let pos = 0; pos < stat.size;) {
        const { bytesRead } = await fh!.read(buffer, 0, Math.min(CHUNK, stat.size - pos), pos);
        if (bytesRead === 0) break;
        pos += bytesRead;
        const parts = (pending + buffer.toString('latin1', 0, bytesRead)).split('\n');
        pending = parts.pop()!;
        for (const part of parts) {
          const anchor = overlong ? null : parseAnchorLine(part);
          if (anchor) yield anchor;
          else if (part.length > 0 || overlong) bad++;
          overlong = false;
        }
        if (pending.length > MAX_ANCHOR_LINE) {
          pending = '';
          overlong = true;
        }
      }
      if (pending.length > 0 || overlong) bad++; // a last line without its newline: torn, not trusted
    } finally {
      await fh!.close();
    }
  }
  return { kind: 'read', anchors: lines(), unreadableLines: () => bad };
}

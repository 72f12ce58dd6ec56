import { MemoryFileError } from './errors.ts';

/** Longest relative path (UTF-8 bytes) and longest single name; 255 is the usual file-system name limit. */
export const MAX_PATH_BYTES = 1024;
export const MAX_NAME_BYTES = 255;
/** Deepest folder nesting a memory file may have. */
export const MAX_DEPTH = 32;
/**
 * Names the store keeps for itself in an agent's directory (temp files of atomic writes, the
 * type-hint index): an agent may not name a file so, and listings leave them out.
 */
export const RESERVED_PREFIX = '.dcf-';

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * Checks a caller's relative `file_path` and returns its names (folders then the file). Pure: it
 * refuses by text what could leave the agent's directory or break on some file system; what the
 * disk holds (symlinks) is checked when the path is opened (confined-dir.ts).
 *
 * Refused as `forbidden` (would escape): absolute paths, `..`, Windows drive letters and UNC
 * paths, backslashes. Refused as `invalid_input` (malformed): empty, NUL or other control
 * characters, `:` (an NTFS stream separator), empty or `.` names, reserved names, over-long
 * paths/names, too deep.
 */
export function memoryPathSegments(filePath: string): string[] {
  const escape = (why: string) => new MemoryFileError('forbidden', `file_path "${shown(filePath)}" ${why}`);
  const malformed = (why: string) => new MemoryFileError('invalid_input', `file_path "${shown(filePath)}" ${why}`);
  if (filePath.length === 0) throw malformed('is empty: give a path relative to your memory directory');
  if (filePath.includes('\0')) throw malformed('contains a NUL byte');
  if (/^[A-Za-z]:/.test(filePath) || filePath.startsWith('\\\\') || filePath.startsWith('//')) {
    throw escape('is a Windows drive or network path: give a path relative to your memory directory');
  }
  if (filePath.includes('\\')) throw escape('contains a backslash: separate folders with "/" only');
  if (filePath.startsWith('/')) throw escape('is absolute: give a path relative to your memory directory');
  if (/[\u0000-\u001f\u007f]/.test(filePath)) throw malformed('contains a control character');
  if (filePath.includes(':')) throw malformed('contains ":", which some file systems treat specially');
  const bytes = utf8(filePath);
  if (bytes > MAX_PATH_BYTES) throw malformed(`is ${bytes} bytes long; the limit is ${MAX_PATH_BYTES}`);
  const segments = filePath.split('/');
  const depth = segments.length;
  if (depth > MAX_DEPTH) throw malformed(`is nested ${depth} levels deep; the limit is ${MAX_DEPTH}`);
  for (const name of segments) {
    if (name === '..') throw escape('contains "..": paths may not leave your memory directory');
    if (name === '' || name === '.') throw malformed('has an empty or "." part (a doubled, leading or trailing "/"?)');
    const size = utf8(name);
    if (size > MAX_NAME_BYTES) throw malformed(`has a name of ${size} bytes; the limit is ${MAX_NAME_BYTES}`);
    if (name.startsWith(RESERVED_PREFIX)) throw malformed(`uses a name starting with "${RESERVED_PREFIX}" (reserved)`);
  }
  return segments;
}

/** A path cut short for messages (the caller's text may be long). */
function shown(p: string): string {
  return p.length > 80 ? `${p.slice(0, 77)}…` : p;
}

/**
 * The directory name of an agent under `agent-memory/`: the agent id itself when it is made of
 * `A–Z a–z 0–9 _ - . @` (every local, Letta and MCP-token agent id is), with anything else — and
 * a leading dot, so "." and ".." cannot name the parent — written as `%XX` per UTF-8 byte. The
 * mapping is one-to-one (`%` is always escaped), so two agents never share a directory.
 */
export function agentDirName(agentId: string): string {
  if (agentId.length === 0) throw new MemoryFileError('invalid_input', 'the agent id is empty');
  let out = '';
  for (const [i, ch] of [...agentId].entries()) {
    const plain = /^[A-Za-z0-9_\-@]$/.test(ch) || (ch === '.' && i > 0);
    const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    out += plain ? ch : [...Buffer.from(ch, 'utf8')].map(hex).join('');
  }
  if (utf8(out) > MAX_NAME_BYTES) {
    throw new MemoryFileError('invalid_input', `the agent id is too long for a directory name (${utf8(out)} bytes)`);
  }
  return out;
}

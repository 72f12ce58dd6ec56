import path from 'node:path';
import { KeyedLock } from '../../lib/keyed-lock.ts';
import { writeAtomically } from './atomic-write.ts';
import { descend, fileState, memoryBase, readRegular } from './confined-dir.ts';
import { MemoryFileError } from './errors.ts';
import { fileTypeHint, typeByExtension, type FileTypeHint, type WritableTypeHint } from './file-type.ts';
import { agentDirName, memoryPathSegments } from './paths.ts';
import { readTypeHints, setTypeHint } from './type-hints.ts';
import { walkAgentDir } from './walk.ts';

/** DCF_AGENT_MEMORY_QUOTA_BYTES and DCF_AGENT_MEMORY_MAX_FILE_BYTES (server/config.ts). */
export type AgentMemoryLimits = { quotaBytes: number; maxFileBytes: number };
/**
 * Agents whose files share one quota (issue 29: a token lineage, the root and every token minted
 * under it, server/auth/token-lineage.ts). `key` names the lineage; its writes are serialised here.
 */
export type QuotaScope = { key: string; agentIds: readonly string[] };

export type MemoryFileRead = {
  exists: boolean;
  content: Buffer;
  typeHint: FileTypeHint;
  sizeBytes: number;
  modifiedAt: string | null;
};
export type MemoryListing = {
  exists: boolean;
  files: MemoryFileEntry[];
  used_bytes: number;
  quota_bytes: number;
  max_file_bytes: number;
};
export type MemoryFileEntry = { path: string; size_bytes: number; modified_at: string; file_type_hint: FileTypeHint };

/**
 * Operations of one agent on its own directory are serialised in this process (a write's quota
 * check and the write are one step); other processes (the CLI) are kept from tearing files by the
 * atomic rename, and can at worst overshoot the quota by one file at the same moment.
 */
const locks = new KeyedLock();
/** How much of a file an admin listing reads to sniff the type of a file whose extension says nothing. */
const SNIFF_BYTES = 8 * 1024;

/**
 * The agents' memory files under `<dataDir>/agent-memory/<agent id>/` (spec §4). The agent id is
 * the caller's identity as the tool layer established it — never an argument of the agent's — and
 * every path is confined to that agent's directory (paths.ts, confined-dir.ts).
 */
export class AgentMemoryStore {
  constructor(
    private readonly dataDir: string,
    private readonly limits: AgentMemoryLimits,
    /** Without a scope the quota is the agent's own; with one it bounds the sum over the scope's agents. */
    private readonly scope?: QuotaScope,
  ) {}

  /** The agent's directory (created when `create`), or null when it has none yet. */
  private async agentRoot(agentId: string, create: boolean): Promise<string | null> {
    const name = agentDirName(agentId);
    const base = await memoryBase(this.dataDir, create);
    if (!base) return null;
    return descend(base, [name], create);
  }

  private run<T>(agentId: string, work: () => Promise<T>): Promise<T> {
    return locks.run(`${this.dataDir}\0${agentDirName(agentId)}`, work);
  }

  /** A write: serialised per agent and, with a scope, per scope too (its quota check and write are one step). */
  private runWrite<T>(agentId: string, work: () => Promise<T>): Promise<T> {
    if (!this.scope) return this.run(agentId, work);
    return locks.run(`${this.dataDir}\0lineage\0${this.scope.key}`, () => this.run(agentId, work));
  }

  /** Bytes the scope's other agents' files take (0 without a scope). */
  private async othersUsedBytes(agentId: string): Promise<number> {
    const own = agentDirName(agentId);
    const others = new Set((this.scope?.agentIds ?? []).map(agentDirName).filter((name) => name !== own));
    const base = await memoryBase(this.dataDir, false);
    if (!base || others.size === 0) return 0;
    let total = 0;
    for (const name of others) {
      const dir = await descend(base, [name], false);
      if (dir) total += (await walkAgentDir(dir)).usedBytes;
    }
    return total;
  }

  /** Reads one of the agent's files; a missing one is `exists: false` with empty content (spec 4.1). */
  async read(agentId: string, filePath: string): Promise<MemoryFileRead> {
    const names = memoryPathSegments(filePath);
    return this.run(agentId, async () => {
      const root = await this.agentRoot(agentId, false);
      const dir = root && (await descend(root, names.slice(0, -1), false));
      const file = dir ? path.join(dir, names.at(-1)!) : null;
      const state = file ? await fileState(file, filePath) : ({ kind: 'absent' } as const);
      if (!file || !root || state.kind === 'absent') {
        const typeHint = fileTypeHint(filePath, new Uint8Array());
        return { exists: false, content: Buffer.alloc(0), typeHint, sizeBytes: 0, modifiedAt: null };
      }
      const content = await readRegular(file, filePath, this.limits.maxFileBytes);
      const stated = (await readTypeHints(root))[names.join('/')];
      return {
        exists: true,
        content,
        typeHint: fileTypeHint(filePath, content, stated),
        sizeBytes: content.length,
        modifiedAt: new Date(state.mtimeMs).toISOString(),
      };
    });
  }

  /** Creates or replaces one of the agent's files, atomically, within the per-file limit and the agent's quota. */
  async write(agentId: string, filePath: string, content: Uint8Array, hint: WritableTypeHint | null): Promise<void> {
    const names = memoryPathSegments(filePath);
    this.checkFileSize(filePath, content.length);
    return this.runWrite(agentId, async () => {
      const root = (await this.agentRoot(agentId, true))!;
      await this.checkQuota(agentId, root, names, content.length);
      const dir = (await descend(root, names.slice(0, -1), true))!;
      await fileState(path.join(dir, names.at(-1)!), filePath);
      await writeAtomically(dir, names.at(-1)!, content);
      await setTypeHint(root, names.join('/'), hint);
    });
  }

  /**
   * Appends to one of the agent's files (created when missing). With `ensureNewline`, a non-empty
   * file that does not already end in a line break gets one before the new content. The whole new
   * file is written atomically, so a crash leaves the old content or the new, never a torn tail.
   */
  async append(agentId: string, filePath: string, addition: Uint8Array, ensureNewline: boolean): Promise<number> {
    const names = memoryPathSegments(filePath);
    return this.runWrite(agentId, async () => {
      const root = (await this.agentRoot(agentId, true))!;
      const dir = (await descend(root, names.slice(0, -1), true))!;
      const file = path.join(dir, names.at(-1)!);
      const state = await fileState(file, filePath);
      const old = state.kind === 'file' ? await readRegular(file, filePath, this.limits.maxFileBytes) : Buffer.alloc(0);
      const needsNewline = ensureNewline && old.length > 0 && old[old.length - 1] !== 0x0a;
      const newline = needsNewline ? Buffer.from('\n') : Buffer.alloc(0);
      const next = Buffer.concat([old, newline, addition]);
      this.checkFileSize(filePath, next.length);
      await this.checkQuota(agentId, root, names, next.length);
      await writeAtomically(dir, names.at(-1)!, next);
      return next.length;
    });
  }

  /** Admin listing: every file with size, modification time and type; `exists: false` when the agent has none. */
  async list(agentId: string): Promise<MemoryListing> {
    return this.run(agentId, async () => {
      const limits = { quota_bytes: this.limits.quotaBytes, max_file_bytes: this.limits.maxFileBytes };
      const root = await this.agentRoot(agentId, false);
      if (!root) return { exists: false, files: [], used_bytes: 0, ...limits };
      const [{ files, usedBytes }, hints] = await Promise.all([walkAgentDir(root), readTypeHints(root)]);
      const entries: MemoryFileEntry[] = [];
      for (const f of files) {
        let head: Uint8Array = new Uint8Array();
        if (!typeByExtension(f.path) && !hints[f.path]) {
          const full = path.join(root, ...f.path.split('/'));
          const content = await readRegular(full, f.path, this.limits.maxFileBytes).catch(() => Buffer.alloc(0));
          head = content.subarray(0, SNIFF_BYTES);
        }
        entries.push({
          path: f.path,
          size_bytes: f.size,
          modified_at: new Date(f.mtimeMs).toISOString(),
          file_type_hint: fileTypeHint(f.path, head, hints[f.path]),
        });
      }
      return { exists: true, files: entries, used_bytes: usedBytes, ...limits };
    });
  }

  /** Admin read of one file: like `read`, but a missing file is `not_found`. */
  async readExisting(agentId: string, filePath: string): Promise<MemoryFileRead> {
    const result = await this.read(agentId, filePath);
    if (!result.exists) throw new MemoryFileError('not_found', `agent ${agentId} has no memory file "${filePath}"`);
    return result;
  }

  private checkFileSize(filePath: string, size: number): void {
    if (size > this.limits.maxFileBytes) {
      const max = this.limits.maxFileBytes;
      const message = `"${filePath}" would be ${size} bytes; one memory file may hold at most ${max} bytes`;
      throw new MemoryFileError('invalid_input', message, { size_bytes: size, max_file_bytes: max });
    }
  }

  /**
   * The agent's files after the change (the target's old size replaced by `newSize`) must fit its
   * quota; with a scope, its files and those of the scope's other agents together.
   */
  private async checkQuota(agentId: string, root: string, names: readonly string[], newSize: number): Promise<void> {
    const { files, usedBytes: own } = await walkAgentDir(root);
    const usedBytes = own + (await this.othersUsedBytes(agentId));
    const old = files.find((f) => f.path === names.join('/'))?.size ?? 0;
    const after = usedBytes - old + newSize;
    if (after > this.limits.quotaBytes) {
      const whose = this.scope ? 'the files of your token lineage (you and the agents minted with you)' : 'your files';
      throw new MemoryFileError(
        'conflict',
        `memory quota exceeded: ${whose} use ${usedBytes} of ${this.limits.quotaBytes} bytes and this would make it ` +
          `${after}; overwrite or shorten files to make room`,
        {
          used_bytes: usedBytes,
          quota_bytes: this.limits.quotaBytes,
          bytes_after: after,
          ...(this.scope ? { lineage_root: this.scope.key, lineage_agents: this.scope.agentIds.length } : {}),
        },
      );
    }
  }
}

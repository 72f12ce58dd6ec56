/**
 * Why a memory-file operation was refused. The codes are the tool layer's (server/tool-result.ts):
 * `forbidden` for a path that would leave the agent's directory (traversal, absolute, drive
 * letters, symlinks), `invalid_input` for a malformed path or content over the per-file limit,
 * `conflict` for a write the agent's quota has no room for, `not_found` for an admin read of a
 * file that is not there. Thrown inside server/agent-memory, turned into tool failures (or tRPC
 * errors) by its callers; anything else thrown is a bug or an I/O failure.
 */
export type MemoryFileErrorCode = 'forbidden' | 'invalid_input' | 'conflict' | 'not_found';

export class MemoryFileError extends Error {
  constructor(
    readonly code: MemoryFileErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'MemoryFileError';
  }
}

export const isMemoryFileError = (e: unknown): e is MemoryFileError => e instanceof MemoryFileError;

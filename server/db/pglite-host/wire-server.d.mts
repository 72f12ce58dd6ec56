import type { PGlite } from '@electric-sql/pglite';

/** The transaction status of the last ReadyForQuery in `out` ('I', 'T' or 'E'), or null when there is none. */
export function lastReadyStatus(out: Uint8Array): string | null;

/** Serves `db` on the unix socket `socketPath`, one connection's exchange or transaction at a time. */
export function serveWire(db: PGlite, socketPath: string): Promise<{ close(): Promise<void> }>;

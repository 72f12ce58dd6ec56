import { z } from 'zod';

/**
 * One external anchor of the audit chain's head: which entry was the newest chained one, its
 * hash, when it was anchored and why. Anchors live outside the database (a file in the data
 * directory, and Redis where configured), so removing the newest entries, or rewriting the chain
 * after an anchored entry, shows as a mismatch the database alone cannot hide.
 */
export const ANCHOR_REASONS = ['periodic', 'export'] as const;
export type AnchorReason = (typeof ANCHOR_REASONS)[number];

export type AuditAnchor = { entryId: number; entryHash: string; anchoredAt: string; reason: AnchorReason };

/** The longest anchor line read back (a real one is about 150 bytes): anything longer is not ours. */
export const MAX_ANCHOR_LINE = 512;

const LINE = z
  .object({
    entry_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    entry_hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    anchored_at: z.string().datetime(),
    reason: z.enum(ANCHOR_REASONS),
  })
  .strict();

/** The anchor as one JSON line (snake_case keys, the file's and Redis's format), without the newline. */
export const anchorLine = (a: AuditAnchor): string =>
  JSON.stringify({ entry_id: a.entryId, entry_hash: a.entryHash, anchored_at: a.anchoredAt, reason: a.reason });

/** Parses one stored line; null for anything that is not exactly an anchor (a torn last line, say). */
export function parseAnchorLine(line: string): AuditAnchor | null {
  if (line.length === 0 || line.length > MAX_ANCHOR_LINE) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const r = LINE.safeParse(value);
  if (!r.success) return null;
  const { entry_id: entryId, entry_hash: entryHash, anchored_at: anchoredAt, reason } = r.data;
  return { entryId, entryHash, anchoredAt, reason };
}

/**
 * The anchor that says the most: the one naming the highest entry (the log only grows, so that is
 * the latest head anyone saw); of two naming the same entry, the later one.
 */
export function newestAnchor(anchors: Iterable<AuditAnchor | null>): AuditAnchor | null {
  let best: AuditAnchor | null = null;
  for (const a of anchors) {
    if (!a) continue;
    if (!best || a.entryId > best.entryId || (a.entryId === best.entryId && a.anchoredAt > best.anchoredAt)) best = a;
  }
  return best;
}

import path from 'node:path';
import { z } from 'zod';

/**
 * The durability settings of server/config.ts (issue 28): where and how often the audit chain's head is anchored
 * outside the database (server/audit/anchor-*.ts), and when the durable streams claim an idle entry or dead-letter
 * a failing one (server/redis/stream-consumer.ts). Part of the one environment schema (spread into it), so a bad
 * value is reported with all the others.
 */
export const DURABILITY_ENV = {
  // External anchors of the audit chain's head (issue 28): server/audit/README.md.
  /** The append-only anchor file; default DCF_DATA_DIR/audit-anchors.jsonl (on PostgreSQL: off the database's disk). */
  DCF_AUDIT_ANCHOR_FILE: z
    .string()
    .max(4096)
    .optional()
    .transform((v) => v?.trim() || undefined),
  /** Seconds between periodic anchors of the audit chain's head (one per period cluster-wide; none while unchanged). */
  DCF_AUDIT_ANCHOR_INTERVAL_S: z.coerce.number().int().min(10).max(86_400).default(900),
  // Durable streams (issue 28): server/redis/stream-consumer.ts.
  /**
   * Seconds an entry may stay read and unacknowledged under one stream consumer before another claims it
   * (XAUTOCLAIM): longer than the slowest write of one entry, short enough that a dead console's entries move on.
   */
  DCF_STREAM_CLAIM_IDLE_S: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Deliveries after which an entry that fails while the database can write goes to its stream's dead letters. */
  DCF_STREAM_MAX_DELIVERIES: z.coerce.number().int().min(1).max(100).default(5),
};

type DurabilityEnv = { [K in keyof typeof DURABILITY_ENV]: z.output<(typeof DURABILITY_ENV)[K]> };

export type AuditAnchorConfig = { anchorFile: string; anchorIntervalS: number };
export type StreamsConfig = { claimIdleMs: number; maxDeliveries: number };

/** The anchor file (DCF_AUDIT_ANCHOR_FILE made absolute, else in the data directory) and the period. */
export function auditAnchorConfig(e: DurabilityEnv, dataDir: string, abs: (p: string) => string): AuditAnchorConfig {
  return {
    anchorFile: e.DCF_AUDIT_ANCHOR_FILE ? abs(e.DCF_AUDIT_ANCHOR_FILE) : path.join(dataDir, 'audit-anchors.jsonl'),
    anchorIntervalS: e.DCF_AUDIT_ANCHOR_INTERVAL_S,
  };
}

export const streamsConfig = (e: DurabilityEnv): StreamsConfig => ({
  claimIdleMs: e.DCF_STREAM_CLAIM_IDLE_S * 1000,
  maxDeliveries: e.DCF_STREAM_MAX_DELIVERIES,
});

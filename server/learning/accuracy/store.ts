import { z } from 'zod';
import type { RedisClient } from '../../redis/connection.ts';

/**
 * Skills' measured accuracy, kept beside their published statistics (skill-stats.ts) for the
 * workers that choose among alternatives: one Redis hash, field = skill URI (a version of a skill
 * is measured on its own: a new version has no measurement until it is calibrated), value = the
 * JSON of a SkillAccuracy. Written by a calibration (calibrate.ts), never by consolidation, so
 * republishing the graph's counts cannot erase it.
 */
export const SKILL_ACCURACY = 'dcf:skills:accuracy';

/** Bounds a stored measurement must keep; anything else is a corrupt entry and reads as unmeasured. */
const measurement = z.object({
  /** 1 − word_error_rate, clamped to [0, 1]: the share of the reference's words the skill got right. */
  accuracy: z.number().min(0).max(1),
  /** (substitutions + deletions + insertions) / reference words over the whole set; may pass 1. */
  word_error_rate: z.number().min(0).max(1000),
  /** Calls of the calibration set the skill transcribed. */
  calls: z.number().int().positive().max(10_000),
  /** Words of their reference transcripts. */
  reference_words: z.number().int().positive().max(100_000_000),
  /** ISO instant the measurement finished. */
  measured_at: z.string().datetime().max(40),
  /** How it was measured, in words (the calibration set and the measure). */
  method: z.string().min(1).max(300),
});

export type SkillAccuracy = z.infer<typeof measurement>;

/** Stores `m` as `skill`'s measured accuracy, replacing an earlier measurement. */
export async function recordSkillAccuracy(redis: RedisClient, skill: string, m: SkillAccuracy): Promise<void> {
  await redis.hset(SKILL_ACCURACY, skill, JSON.stringify(measurement.parse(m)));
}

/** The measured accuracy of each of `uris` that has one (unmeasured and unreadable entries are absent). */
export function readSkillAccuracy(redis: RedisClient, uris: string[]): Promise<Map<string, SkillAccuracy>> {
  return readJsonFields(redis, SKILL_ACCURACY, uris, measurement);
}

/** The fields `uris` of hash `key` that hold JSON `schema` accepts, by field (absent and unreadable ones left out). */
export async function readJsonFields<T>(redis: RedisClient, key: string, uris: string[], schema: z.ZodType<T>): Promise<Map<string, T>> {
  if (!uris.length) return new Map();
  const raw = await redis.hmget(key, ...uris);
  const out = new Map<string, T>();
  uris.forEach((u, i) => {
    const parsed = raw[i] ? schema.safeParse(safeJson(raw[i]!)) : null;
    if (parsed?.success) out.set(u, parsed.data);
  });
  return out;
}

/** The JSON value of `text`, null when it is not JSON (a corrupt entry reads as absent). */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedRedisUrl } from '../../testing/test-database.ts';
import { readSkillStats, SKILL_STATS } from '../skill-stats.ts';
import { readSkillAccuracy, recordSkillAccuracy, SKILL_ACCURACY, type SkillAccuracy } from './store.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const POCKETSPHINX = 'skill://pocketsphinx-transcribe@1.0.0';
const CRM = 'skill://crm-directory@1.0.0';

let redis: Redis;
beforeAll(async () => {
  redis = new Redis(await isolatedRedisUrl());
});
afterAll(() => redis.quit());

const measured = (accuracy: number): SkillAccuracy => ({
  accuracy,
  word_error_rate: 1 - accuracy,
  calls: 1,
  reference_words: 20,
  measured_at: '2026-11-29T13:00:00.000Z',
  method: 'word error rate over 1 demo call',
});

describe('measured accuracy, stored with the skills’ statistics', () => {
  it('is read with the published counts; a skill measured but never used has zero counts; unmeasured has none', async () => {
    await redis.hset(SKILL_STATS, WHISPER, JSON.stringify({ successes: 9, failures: 1, latency_ms: 800 }));
    await redis.hset(SKILL_STATS, CRM, JSON.stringify({ successes: 4, failures: 0, latency_ms: 20 }));
    await recordSkillAccuracy(redis, WHISPER, measured(1));
    await recordSkillAccuracy(redis, POCKETSPHINX, measured(0.43));
    const stats = await readSkillStats(redis, [WHISPER, POCKETSPHINX, CRM, 'skill://unknown@1.0.0']);
    expect(Object.fromEntries(stats)).toEqual({
      [WHISPER]: { successes: 9, failures: 1, latency_ms: 800, accuracy: 1 },
      [POCKETSPHINX]: { successes: 0, failures: 0, latency_ms: null, accuracy: 0.43 },
      [CRM]: { successes: 4, failures: 0, latency_ms: 20, accuracy: null },
    });
  });

  it('survives the counts being republished, and reads a corrupt entry as unmeasured', async () => {
    await redis.hset(SKILL_STATS, WHISPER, JSON.stringify({ successes: 10, failures: 1, latency_ms: 790 }));
    expect((await readSkillStats(redis, [WHISPER])).get(WHISPER)?.accuracy).toBe(1);
    await redis.hset(SKILL_ACCURACY, WHISPER, JSON.stringify({ ...measured(1), accuracy: 7 }));
    await redis.hset(SKILL_ACCURACY, CRM, 'not json');
    expect([...(await readSkillAccuracy(redis, [WHISPER, CRM, POCKETSPHINX])).keys()]).toEqual([POCKETSPHINX]);
    await expect(recordSkillAccuracy(redis, WHISPER, { ...measured(1), calls: 0 })).rejects.toThrow();
  });
});

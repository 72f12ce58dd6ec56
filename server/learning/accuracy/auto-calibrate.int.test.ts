import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import { stopInProcessDemoServer } from '../../skills/invoke/in-process-demo.ts';
import { createSkillInvoker } from '../../skills/invoke/invoker.ts';
import { loadSkillDirectory } from '../../skills/skill-directory.ts';
import { testConfig } from '../../testing/test-config.ts';
import { isolatedRedisUrl } from '../../testing/test-database.ts';
import { SKILL_STATS } from '../skill-stats.ts';
import { CALIBRATION_FAILURES, CALIBRATION_LEASE, calibrateNextUnmeasured, readCalibrationFailures } from './auto-calibrate.ts';
import { calibrateDue } from './background.ts';
import { calibrationDeps } from './calibration-deps.ts';
import { readSkillAccuracy, SKILL_ACCURACY } from './store.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
const POCKETSPHINX = 'skill://pocketsphinx-transcribe@1.0.0';
const T0 = new Date('2026-11-29T15:00:00.000Z');

let redis: Redis;
let skills: SkillDirectory;
beforeAll(async () => {
  redis = new Redis(await isolatedRedisUrl());
  skills = await loadSkillDirectory(testConfig().skillsDir);
});
afterAll(async () => {
  await stopInProcessDemoServer();
  await redis.quit();
});

/** The demo skills through the workers' invoker, with `faults`; one short call; pocketsphinx never (17–50 s). */
function deps(faults: Record<string, unknown> = {}, at: () => Date = () => T0) {
  const config = testConfig({ DCF_DEMO_FAULTS: JSON.stringify(faults) });
  const invoker = createSkillInvoker({ config });
  return { ...calibrationDeps({ redis, invoker, skills, config }, 1, [POCKETSPHINX]), now: at };
}

describe('background calibration of the skills whose capability needs accuracy', () => {
  it('measures each unmeasured one once, one per pass, and only while no other process holds the lease', async () => {
    await redis.del(SKILL_ACCURACY, CALIBRATION_FAILURES, CALIBRATION_LEASE);
    await redis.set(CALIBRATION_LEASE, 'another-console', 'PX', 10_000);
    expect(await calibrateNextUnmeasured(deps())).toEqual({ idle: 'another process is calibrating' });
    expect((await readSkillAccuracy(redis, [WHISPER, ASSEMBLY])).size).toBe(0);
    await redis.del(CALIBRATION_LEASE);

    const passes: unknown[] = [];
    await calibrateDue(deps(), (p) => passes.push(p));
    expect(passes).toEqual([
      { skill: ASSEMBLY, measured: expect.objectContaining({ accuracy: 1, calls: 1 }) },
      { skill: WHISPER, measured: expect.objectContaining({ accuracy: 1, calls: 1 }) },
      { idle: 'nothing to measure' },
    ]);
    // Skipped, pocketsphinx stays unmeasured (a swap leaves it out); the lease was given back.
    expect([...(await readSkillAccuracy(redis, [WHISPER, ASSEMBLY, POCKETSPHINX])).keys()].sort()).toEqual([ASSEMBLY, WHISPER]);
    expect(await redis.exists(CALIBRATION_LEASE)).toBe(0);
  });

  it('measures the fastest first, by the p95 latency the statistics hold, those without one last', async () => {
    await redis.del(SKILL_ACCURACY, CALIBRATION_FAILURES, CALIBRATION_LEASE, SKILL_STATS);
    await redis.hset(SKILL_STATS, WHISPER, JSON.stringify({ successes: 9, failures: 0, latency_ms: 800 }));
    const passes: unknown[] = [];
    await calibrateDue(deps(), (p) => passes.push(p));
    // Assembly AI comes first in the catalog but has no latency yet: Whisper, whose p95 is known, is measured before it.
    expect(passes.map((p) => (p as { skill?: string }).skill ?? 'idle')).toEqual([WHISPER, ASSEMBLY, 'idle']);
    await redis.del(SKILL_STATS);
  });

  it('records a failed calibration, backs off before retrying, and never counts it as the skill failing', async () => {
    await redis.del(SKILL_ACCURACY, CALIBRATION_FAILURES, SKILL_STATS);
    let now = T0;
    // This process's demo skills server takes its faults at start: a new one that fails every call.
    await stopInProcessDemoServer();
    const failing = deps({ 'whisper-transcribe': { failure_rate: 1 }, 'assemblyai-transcribe': { failure_rate: 1 } }, () => now);
    const first = await calibrateNextUnmeasured(failing);
    expect(first).toMatchObject({ skill: ASSEMBLY, failed: expect.any(String) });
    expect((await readCalibrationFailures(redis, [ASSEMBLY])).get(ASSEMBLY)).toEqual({
      failures: 1,
      last_error: (first as { failed: string }).failed,
      failed_at: T0.toISOString(),
      retry_at: '2026-11-29T15:01:00.000Z',
    });
    // The next pass goes on to the next skill; the failed one waits for its back-off.
    expect(await calibrateNextUnmeasured(failing)).toMatchObject({ skill: WHISPER, failed: expect.any(String) });
    expect(await calibrateNextUnmeasured(failing)).toEqual({ idle: 'nothing to measure' });
    now = new Date(T0.getTime() + 61_000);
    await calibrateNextUnmeasured(failing);
    expect((await readCalibrationFailures(redis, [ASSEMBLY])).get(ASSEMBLY)).toMatchObject({
      failures: 2,
      retry_at: '2026-11-29T15:03:01.000Z',
    });
    expect(await redis.hlen(SKILL_STATS)).toBe(0);
    // Once the backend answers, the retry measures it and the failure record goes.
    now = new Date(T0.getTime() + 3_600_000);
    await stopInProcessDemoServer();
    await calibrateDue(deps({}, () => now));
    expect((await readSkillAccuracy(redis, [WHISPER, ASSEMBLY])).size).toBe(2);
    expect(await redis.hlen(CALIBRATION_FAILURES)).toBe(0);
  });
});

import type { AppConfig } from '../../config.ts';
import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import type { RedisClient } from '../../redis/connection.ts';
import { worldData } from '../../skills/demo/dataset/generate.ts';
import { DEMO_WORLD, worldById } from '../../skills/demo/worlds/index.ts';
import type { SkillInvoker } from '../../skills/invoke/types.ts';
import type { AutoCalibrationDeps } from './auto-calibrate.ts';
import { calibrationSet, DEFAULT_CALIBRATION_CALLS } from './calibration-set.ts';

/**
 * What a calibration of this deployment uses: its Redis, its skill catalog and the workers' own
 * invoker, and the `count` shortest calls of the served demo world (DCF_DEMO_WORLD), whose spoken
 * words are known. Shared by `dcf calibrate-accuracy` and the console's background calibration.
 */
export function calibrationDeps(
  x: { redis: RedisClient; invoker: SkillInvoker; skills: SkillDirectory; config: Pick<AppConfig, 'skillTransport'> },
  count: number = DEFAULT_CALIBRATION_CALLS,
  skip: readonly string[] = [],
): AutoCalibrationDeps {
  const world = worldById(x.config.skillTransport.demoWorld ?? DEMO_WORLD.id);
  return { redis: x.redis, invoker: x.invoker, directory: x.skills, skip, ...calibrationSet(worldData(world).dataset.recordings, count) };
}

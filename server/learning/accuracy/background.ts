import type { Logger } from 'pino';
import { calibrateNextUnmeasured, type AutoCalibrationDeps, type CalibrationPass } from './auto-calibrate.ts';

/** How often a process looks for skills to calibrate once nothing is due (a new skill version, a back-off ended). */
export const CALIBRATION_CHECK_MS = 60_000;

/**
 * Passes of calibrateNextUnmeasured until none is left to do now: each result goes to `onPass`.
 * Stops at the first idle pass (nothing due, or another process holds the lease and will do it).
 * A failed calibration is recorded by the pass and the next skill is tried; `stopped` ends it
 * between passes. An error of the pass itself (Redis down) is thrown.
 */
export async function calibrateDue(
  d: AutoCalibrationDeps,
  onPass: (p: CalibrationPass) => void = () => {},
  stopped: () => boolean = () => false,
): Promise<void> {
  // Each skill is measured or backs off in its pass, so this ends within one pass per due skill.
  while (!stopped()) {
    const pass = await calibrateNextUnmeasured(d);
    onPass(pass);
    if ('idle' in pass) return;
  }
}

/**
 * The console's background calibration (process-start.ts): at start and every
 * CALIBRATION_CHECK_MS, calibrateDue — never on a request's path, one skill at a time, and across
 * processes one at a time (the pass's Redis lease). Returns the stop function.
 */
export function startBackgroundCalibration(d: AutoCalibrationDeps, log: Logger, everyMs = CALIBRATION_CHECK_MS): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const report = (p: CalibrationPass) => {
    if ('measured' in p) log.info({ skill: p.skill, accuracy: p.measured.accuracy }, 'skill accuracy measured');
    else if ('failed' in p) log.warn({ skill: p.skill, error: p.failed }, 'skill calibration failed; retried after a back-off');
  };
  const tick = () => {
    calibrateDue(d, report, () => stopped)
      .catch((err: unknown) => log.warn({ err }, 'calibration pass failed; retried later'))
      .finally(() => {
        if (!stopped) (timer = setTimeout(tick, everyMs)).unref();
      });
  };
  tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

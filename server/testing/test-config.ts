import { loadConfig, type AppConfig } from '../config.ts';
import { PROJECT_ROOT } from './test-database.ts';

/**
 * Skills tests do not calibrate unless they ask (DCF_CALIBRATION_SKIP: ''): pocketsphinx recognises
 * about three minutes of audio for its calibration (17–50 s); the hosted backends' demo take ms.
 */
export const SLOW_CALIBRATION = 'skill://pocketsphinx-transcribe@1.0.0';

/** A configuration for tests: the repository's skills and workflows, nothing external. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-0123456789-0123456789-abcdef', DCF_CALIBRATION_SKIP: SLOW_CALIBRATION };
  return loadConfig({ ...base, ...env }, PROJECT_ROOT);
}

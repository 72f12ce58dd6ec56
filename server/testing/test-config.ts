import { loadConfig, type AppConfig } from '../config.ts';
import { PROJECT_ROOT } from './test-database.ts';

/** A configuration for tests: the repository's skills and workflows, nothing external. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-0123456789-0123456789-abcdef', ...env }, PROJECT_ROOT);
}

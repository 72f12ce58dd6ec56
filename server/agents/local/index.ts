import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { brainsFromConfig } from '../brains/select.ts';
import { LocalAgentPlatform, type LocalAgentPlatformOptions } from './local-platform.ts';

export { LocalAgentPlatform, type LocalAgentPlatformOptions } from './local-platform.ts';
export { AgentPlatformError } from './errors.ts';

/**
 * The local agent platform as configuration asks for it: brains from OPENAI_* (or the
 * deterministic ones), templates from `agents/templates/` under the configured root.
 */
export function createLocalAgentPlatform(
  config: AppConfig,
  db: Db,
  toolServices: ToolServices,
  opts: Partial<LocalAgentPlatformOptions> = {},
): LocalAgentPlatform {
  return new LocalAgentPlatform({
    db,
    toolServices,
    brains: brainsFromConfig(config.agentBrain),
    templatesDir: path.join(config.rootDir, 'agents', 'templates'),
    maxSteps: config.agentMaxSteps,
    ...opts,
  });
}

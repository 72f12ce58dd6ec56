import { deterministicBrains } from '../../agents/brains/select.ts';
import { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import { PlatformWorkerRuntime } from '../../agents/platform/platform-workers.ts';
import { executionHarness, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { ToolServices } from '../context.ts';

/**
 * Tools called as agents call them, for integration tests: the execution runtime on real Redis
 * (executionHarness), a fresh database, and the local agent platform (deterministic brains)
 * serving the runs' Task states, all wired into one ToolServices.
 */
export interface PlatformToolHarness {
  h: ExecutionHarness;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  platform: LocalAgentPlatform;
  services: ToolServices;
  close(): Promise<void>;
}

export async function platformToolHarness(): Promise<PlatformToolHarness> {
  const h = await executionHarness({}, 0);
  const db = await createTestDatabase();
  const services: ToolServices = { config: h.config, execution: async () => h.x, db: async () => db.db, agents: async () => platform };
  const platform = new LocalAgentPlatform({ db: db.db, toolServices: services, brains: deterministicBrains(), audit: null });
  h.x.agents = new PlatformWorkerRuntime(platform);
  return {
    h, db, platform, services,
    async close() {
      await platform.close();
      await h.close();
      await db.dispose();
    },
  };
}

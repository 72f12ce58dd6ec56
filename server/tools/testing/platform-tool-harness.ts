import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeterministicBrains } from '../../agents/brains/deterministic.ts';
import { deterministicBrains } from '../../agents/brains/select.ts';
import { testPlatform } from '../../agents/local/testing/platform-harness.ts';
import type { AppConfig } from '../../config.ts';
import { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import { PlatformWorkerRuntime } from '../../agents/platform/platform-workers.ts';
import { executionHarness, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';

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
    h,
    db,
    platform,
    services,
    async close() {
      await platform.close();
      await h.close();
      await db.dispose();
    },
  };
}

/**
 * The tools on the local agent platform without the execution runtime, with a private data
 * directory (agent memory files, delegation state) made for the test and removed by `close`.
 */
export interface DataDirToolHarness {
  handle: Awaited<ReturnType<typeof createTestDatabase>>;
  platform: LocalAgentPlatform;
  services: ToolServices;
  dataDir: string;
  close(): Promise<void>;
}

export async function dataDirToolHarness(prefix: string, configFor: (dataDir: string) => AppConfig): Promise<DataDirToolHarness> {
  const handle = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const services: ToolServices = { config: configFor(dataDir), db: async () => handle.db, agents: async () => platform };
  // The plain rule brains, not the demo's defaults: these tests script what agents say themselves.
  const platform = testPlatform(handle.db, deterministicBrains(new DeterministicBrains()), { audit: null, toolServices: services });
  return {
    handle,
    platform,
    services,
    dataDir,
    async close() {
      await platform.close();
      await handle.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

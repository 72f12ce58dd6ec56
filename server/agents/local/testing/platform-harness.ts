import type { Db } from '../../../db/client.ts';
import { testConfig } from '../../../testing/test-config.ts';
import type { ToolServices } from '../../../contracts/tool-services.ts';
import type { BrainSelection } from '../../brains/select.ts';
import { LocalAgentPlatform, type LocalAgentPlatformOptions } from '../local-platform.ts';

/** TEST SUPPORT: a local agent platform on a test database, with the repository's templates and no Redis. */
export function testPlatform(db: Db, brains: BrainSelection, opts: Partial<LocalAgentPlatformOptions> = {}): LocalAgentPlatform {
  const toolServices: ToolServices = { config: testConfig(), db: async () => db };
  return new LocalAgentPlatform({ db, toolServices, brains, ...opts });
}

/** Collects an event stream. */
export async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** Waits until `check` holds (polling), failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

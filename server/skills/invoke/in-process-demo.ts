import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { startDemoSkillsServer, type DemoSkillsServer } from '../demo/server/http-server.ts';
import { resolveEndpointUrl } from './endpoint.ts';
import { endpointFor } from './skill-endpoints.ts';

/**
 * The demo skills server this process starts for itself when `config.skillTransport.mcpBaseUrl` is
 * unset: once per process (every invoker and the set_demo_faults tool share it, so fault settings
 * changed at run time reach the calls the workers make), on an ephemeral 127.0.0.1 port, with the
 * configured faults and seed, its calls' audio under the data directory (recordings/), unref'd so it never keeps the process alive. It is still reached
 * over real HTTP with the real MCP client.
 */
// On globalThis, not in a module variable: Next.js bundles instrumentation (the embedded workers)
// and route handlers (the set_demo_faults tool) separately, so this module can be loaded twice in
// one process — and both copies must reach the same server, or faults set from the console
// would never reach the workers' calls.
const STARTED = Symbol.for('dcf.inProcessDemoServer');
const holder = globalThis as { [STARTED]?: Promise<DemoSkillsServer> };

export function inProcessDemoServer(config: AppConfig): Promise<DemoSkillsServer> {
  if (!holder[STARTED]) {
    const { demoFaults, demoSeed, demoWorld } = config.skillTransport;
    const started = startDemoSkillsServer({
      port: 0,
      host: '127.0.0.1',
      faults: demoFaults,
      seed: demoSeed,
      world: demoWorld,
      unref: true,
      audioRoot: path.join(config.dataDir, 'recordings'),
    });
    holder[STARTED] = started;
    started.catch(() => {
      if (holder[STARTED] === started) delete holder[STARTED];
    });
  }
  return holder[STARTED];
}

/** Stops the in-process server (tests); the next call starts a new one. */
export async function stopInProcessDemoServer(): Promise<void> {
  const s = holder[STARTED];
  delete holder[STARTED];
  await s?.then((server) => server.close()).catch(() => undefined);
}

/**
 * The MCP URL a manifest endpoint resolves to (endpoint.ts): against the endpoint configured for the
 * skill or its group (DCF_MCP_ENDPOINTS, skill-endpoints.ts), else mcpBaseUrl, else the in-process
 * demo server. Without `skill` (the demo admin tools) only the last two apply.
 */
export async function mcpUrlFor(
  endpointUrl: string,
  config: AppConfig,
  skill?: { skillName: string; tags: readonly string[] },
): Promise<string> {
  const own = skill ? endpointFor(config.skillTransport.endpoints, skill)?.url : undefined;
  const base = own ?? config.skillTransport.mcpBaseUrl ?? (await inProcessDemoServer(config)).url;
  return resolveEndpointUrl(endpointUrl, base);
}

import { loadConfig } from '../../server/config.ts';
import { startDemoSkillsServer } from '../../server/skills/demo/server/http-server.ts';
import { PROJECT_ROOT } from '../context.ts';
import { parseFlags } from '../flags.ts';
import { EXIT, usageError, type ExitCode } from '../io.ts';

export { startDemoSkillsServer, type DemoSkillsServer, type DemoSkillsServerOptions } from '../../server/skills/demo/server/http-server.ts';

const USAGE = "dcf demo-skills [--port <n>] [--host <h>] [--faults '<json>'] [--seed <n>] [--world <id>]";

/**
 * `dcf demo-skills`: the demo skills MCP server (server/skills/demo) on its own, e.g. for
 * DCF_MCP_BASE_URL or as the compose file's `mcp-server`. Listens on --port (default 8765) and
 * --host (default 127.0.0.1), prints one line `{"url": "http://…/mcp"}` on stdout once listening,
 * and serves until SIGINT/SIGTERM (exit 0). Faults and seed default to DCF_DEMO_FAULTS and
 * DCF_DEMO_SEED, the world (the lender whose CRM and calls it serves: demo, second-lender) to
 * DCF_DEMO_WORLD, else the demo world; invalid settings, an unknown world or a port in use are usage
 * errors (exit 2).
 */
export async function demoSkillsCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['port', 'host', 'faults', 'seed', 'world'], switches: [] });
  if (f.error || f.positional.length) return usageError(f.error ?? USAGE);
  const port = Number(f.values.port ?? 8765);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return usageError('--port must be an integer 0…65535 (0 = any free port)');
  const config = loadConfig(process.env, PROJECT_ROOT);
  const seed = f.values.seed === undefined ? config.skillTransport.demoSeed : Number(f.values.seed);
  if (!Number.isInteger(seed)) return usageError('--seed must be an integer');
  let faults: unknown = config.skillTransport.demoFaults;
  if (f.values.faults !== undefined) {
    try {
      faults = JSON.parse(f.values.faults);
    } catch (err) {
      return usageError(`--faults is not JSON: ${(err as Error).message}`);
    }
  }
  let server;
  try {
    const world = f.values.world ?? config.skillTransport.demoWorld;
    server = await startDemoSkillsServer({ port, host: f.values.host ?? '127.0.0.1', faults, seed, world });
  } catch (err) {
    return usageError(`cannot start the demo skills server: ${(err as Error).message}`);
  }
  process.stdout.write(`${JSON.stringify({ url: server.url, world: server.world })}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return EXIT.ok;
}

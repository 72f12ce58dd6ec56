/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance`, server mode)
 * against the console's MCP endpoint: the real handlers of `/api/mcp` (server/mcp/handlers.ts)
 * on an in-memory PGlite, served by a plain Node HTTP server on 127.0.0.1.
 *
 *   CONFORMANCE_NODE=/path/to/node22 node --import tsx scripts/mcp-conformance.ts [--all | scenario…]
 *
 * - The suite needs Node.js >= 22 (it imports `fs.globSync`); this project runs on Node 20, so
 *   CONFORMANCE_NODE names a Node 22+ binary (e.g. `npm install node@22` in a scratch folder gives
 *   one at node_modules/.bin/node). The suite itself is fetched by npx.
 * - The suite's client sends no Authorization header, so the endpoint is served behind a front
 *   that adds a write-scope token to every request; authentication is tested in
 *   server/mcp/mcp-endpoint.int.test.ts instead.
 * - By default only the scenarios that apply to this server run: the others test the suite's
 *   own reference tools, resources and prompts (`test_simple_text`, …), which the console does not
 *   serve. `--all` runs the whole active suite anyway.
 * - scripts/mcp-conformance-baseline.yaml lists the applicable scenarios that do not pass cleanly,
 *   and why; with it, the exit code is 0 when every result is as expected.
 * Results: the suite's output, and its JSON under test-results/mcp-conformance/.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { createApiToken } from '../server/auth/api-tokens.ts';
import { createMcpHandlers } from '../server/mcp/handlers.ts';
import { serveFetchHandlers } from '../server/mcp/testing/serve-fetch.ts';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';

const SUITE = '@modelcontextprotocol/conformance@0.1.16';
/** Scenarios about the protocol itself rather than the suite's reference tools. */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'server-sse-polling', 'dns-rebinding-protection'];
/** Scenarios expected not to pass cleanly, each with its reason. */
const BASELINE = path.join(PROJECT_ROOT, 'scripts/mcp-conformance-baseline.yaml');

const nodeBin = process.env.CONFORMANCE_NODE;
if (!nodeBin) {
  console.error('CONFORMANCE_NODE must name a Node.js >= 22 binary: the conformance suite does not run on Node 20.');
  process.exit(2);
}
const args = process.argv.slice(2);
const scenarios = args.includes('--all') ? [null] : args.length ? args : APPLICABLE;

const config = loadConfig({ ...process.env, NODE_ENV: 'test', SESSION_SECRET: 'conformance-secret-0123456789-0123456789' }, PROJECT_ROOT);
const handle = await openDatabase({ kind: 'pglite', dataDir: null });
await migrateDatabase(handle, PROJECT_ROOT);
const { token } = await createApiToken(handle.db, {
  name: 'conformance',
  agentName: 'conformance-suite',
  scopes: ['read', 'write'],
  createdBy: null,
});
const handlers = createMcpHandlers({
  db: async () => handle.db,
  services: () => ({ config, db: async () => handle.db }),
  log: { error: (obj, msg) => console.error(msg, obj) },
});

/** Adds the token the suite's client cannot send. */
const withToken = (handler: (req: Request) => Promise<Response>) => (req: Request) => {
  const headers = new Headers(req.headers);
  headers.set('authorization', `Bearer ${token}`);
  return handler(new Request(req, { headers }));
};
const served = await serveFetchHandlers({ '/mcp': withToken(handlers.streamable) });
const url = served.origin.replace('127.0.0.1', 'localhost') + '/mcp';
console.log(`MCP endpoint under test: ${url}`);

let exitCode = 0;
try {
  for (const scenario of scenarios) {
    const suiteArgs = [
      '--yes',
      '-p',
      SUITE,
      'conformance',
      'server',
      '--url',
      url,
      '-o',
      path.join(PROJECT_ROOT, 'test-results/mcp-conformance'),
      ...(scenario ? ['--scenario', scenario, '--expected-failures', BASELINE] : []),
    ];
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn('npx', suiteArgs, {
        stdio: 'inherit',
        env: { ...process.env, PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH}` },
      });
      child.on('error', reject);
      child.on('close', (c) => resolve(c ?? 1));
    });
    if (code !== 0) exitCode = code;
  }
} finally {
  await served.close();
  await handle.close();
}
process.exit(exitCode);

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { worldData } from '../dataset/generate.ts';
import type { World } from '../dataset/world.ts';
import { DEMO_WORLD, worldById } from '../worlds/index.ts';
import { FaultInjector, parseFaults } from './faults.ts';
import { RecordingAudioStore } from '../audio/store.ts';
import { createDemoMcpServer } from './mcp-server.ts';
import { handleRecordings, RECORDINGS_PATHS } from './recordings-http.ts';

/**
 * The demo skills MCP server over HTTP: Streamable HTTP in **stateless** mode at `/mcp` — every
 * POST gets a fresh MCP server and transport (no sessions, so a restarted server or a second
 * client needs no session bookkeeping, and a hanging call ties up nothing but its own request),
 * with JSON responses. GET and DELETE (session streams) answer 405. Fault settings live in one
 * FaultInjector shared by all requests. When a request's connection closes, its abort signal
 * fires, which is what ends a call hanging on a timeout fault. Beside it, the call store's read
 * paths (recordings-http.ts): the calls' audio, rendered on first request into `audioDir`.
 */
export interface DemoSkillsServerOptions {
  port?: number;
  host?: string;
  /** Fault settings keyed by skill name (faults.ts); invalid settings reject the start. */
  faults?: unknown;
  seed?: number;
  /** The lender's world the skills serve (a World or its id, worlds/index.ts); the demo world when omitted. */
  world?: World | string;
  /** Do not keep the process alive (the invoker's in-process server). */
  unref?: boolean;
  /** Where the calls' rendered audio is kept, under `<world id>/`; default `$DCF_DATA_DIR/recordings` (DCF_DATA_DIR default `.data`). */
  audioRoot?: string;
}

export interface DemoSkillsServer {
  /** `http://host:port/mcp`; a wildcard host (0.0.0.0, ::) is shown as 127.0.0.1. */
  url: string;
  /** The id of the world served. */
  world: string;
  faults: FaultInjector;
  /** MCP requests still open (a hanging call counts until its client gives up). */
  openRequests(): number;
  close(): Promise<void>;
}

function rpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function startDemoSkillsServer(opts: DemoSkillsServerOptions = {}): Promise<DemoSkillsServer> {
  const faults = new FaultInjector(parseFaults(opts.faults, 'demo faults'), opts.seed ?? 1);
  const open = new Set<AbortController>();
  const served = worldData(typeof opts.world === 'string' ? worldById(opts.world) : (opts.world ?? DEMO_WORLD));
  const audio = new RecordingAudioStore(
    // The data directory is the deployment's, read at run time: not traced into the build (turbopackIgnore).
    path.join(/*turbopackIgnore: true*/ opts.audioRoot ?? path.resolve(process.env.DCF_DATA_DIR || '.data', 'recordings'), served.world.id),
  );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://demo').pathname;
    if (pathname === RECORDINGS_PATHS.audio || pathname === RECORDINGS_PATHS.meta) return handleRecordings(req, res, served, audio);
    if (pathname !== '/mcp') return rpcError(res, 404, 'not found: the MCP endpoint is /mcp');
    if (req.method !== 'POST') return rpcError(res, 405, 'method not allowed: this server is stateless (POST only)', { allow: 'POST' });
    const closed = new AbortController();
    open.add(closed);
    const mcp = createDemoMcpServer(faults, closed.signal, { world: served, audio });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      open.delete(closed);
      closed.abort();
      void transport.close().catch(() => undefined);
      void mcp.close().catch(() => undefined);
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) rpcError(res, 500, `internal error: ${err instanceof Error ? err.message : String(err)}`);
      else res.destroy();
    });
  });
  if (opts.unref) {
    server.unref();
    server.on('connection', (socket) => socket.unref());
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8765, opts.host ?? '127.0.0.1', () => (server.off('error', reject), resolve()));
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/mcp`,
    world: served.world.id,
    faults,
    openRequests: () => open.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of open) c.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * One connected MCP client (SDK Client over Streamable HTTP) per endpoint URL, reused by every
 * call. A transport failure drops the endpoint's client, so the next call connects afresh
 * (reconnect on failure); a failed call is not retried here — the workflow's Retry decides that.
 *
 * Abort reaches the wire: the SDK stops *waiting* when a call's signal aborts, but its HTTP request
 * would stay open. The transport's fetch is therefore wrapped to also abort with the signal of the
 * call it is running for (carried in AsyncLocalStorage), so the server sees the connection close
 * and stops a hung tool.
 */
export const MCP_CLIENT_INFO = { name: 'dcf-skill-invoker', version: '1.0.0' };

const callSignal = new AsyncLocalStorage<AbortSignal>();

const scopedFetch = (url: string | URL, init?: RequestInit): Promise<Response> => {
  const scoped = callSignal.getStore();
  const signal = scoped && init?.signal ? AbortSignal.any([init.signal, scoped]) : (scoped ?? init?.signal ?? undefined);
  return fetch(url, { ...init, signal });
};

/** A failure before the tool answered: connection refused, HTTP error, bad response. */
export class TransportError extends Error {
  override name = 'TransportError';
}

export type RawToolResult = { isError?: boolean; structuredContent?: unknown; content?: unknown };

export class McpClientPool {
  private clients = new Map<string, Promise<Client>>();

  /** Shared by concurrent callers, so it is not tied to any one caller's signal (callers race their own). */
  private connect(url: string, timeoutMs: number): Promise<Client> {
    let pending = this.clients.get(url);
    if (!pending) {
      const client = new Client(MCP_CLIENT_INFO);
      client.onerror = () => undefined; // failures surface as rejected calls; no unhandled noise
      pending = client
        .connect(new StreamableHTTPClientTransport(new URL(url), { fetch: scopedFetch }), { timeout: timeoutMs + 1000 })
        .then(() => client);
      this.clients.set(url, pending);
      pending.catch(() => this.drop(url, pending!));
    }
    return pending;
  }

  private drop(url: string, which: Promise<Client>): void {
    if (this.clients.get(url) !== which) return;
    this.clients.delete(url);
    void which.then((c) => c.close()).catch(() => undefined);
  }

  /**
   * Calls tool `name` at `url`. Resolves with the tool's result (isError results included);
   * rejects with TransportError when the endpoint cannot be reached or answers badly, and with
   * the signal's reason when `signal` aborts. `timeoutMs` only keeps the SDK's own request timer
   * (default 60 s) out of the way; the caller enforces the real deadline through `signal`.
   * `meta` becomes the request's `_meta` (never the tool's arguments, which its schema checks).
   */
  async callTool(
    url: string,
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timeoutMs: number,
    meta?: Record<string, string>,
  ): Promise<RawToolResult> {
    const pending = this.connect(url, timeoutMs);
    const params = { name, arguments: args, ...(meta ? { _meta: meta } : {}) };
    const options = { signal, timeout: timeoutMs + 1000 };
    try {
      const client = await untilAborted(pending, signal);
      return (await callSignal.run(signal, () => client.callTool(params, undefined, options))) as RawToolResult;
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (err instanceof McpError) return { isError: true, content: [{ type: 'text', text: err.message }] };
      this.drop(url, pending);
      throw new TransportError(`MCP endpoint ${url} unavailable: ${describe(err)}`);
    }
  }

  async close(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((p) => p.then((c) => c.close()).catch(() => undefined)));
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail = cause?.code ?? cause?.message;
  return detail === undefined ? err.message : `${err.message} (${String(detail)})`;
}

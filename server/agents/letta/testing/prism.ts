import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { LETTA_OPENAPI_PATH, matchOperation } from './openapi-schemas.ts';

/**
 * Prism (`@stoplight/prism-cli`) mocking the vendored Letta OpenAPI document, with `--errors`: a
 * request that does not conform to the document gets a 422 and an `sl-violations` header. The
 * Letta adapter talks to it through `recordingFetch`, so each test can assert that all its
 * requests were valid and read what Prism answered.
 */

export interface PrismViolation {
  location: Array<string | number>;
  severity: string;
  code: string | number;
  message: string;
}

export interface Exchange {
  method: string;
  /** The URL as the adapter made it, and as it was sent to Prism (see PrismTranslator). */
  url: URL;
  sentUrl: URL;
  requestHeaders: Headers;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
  violations: PrismViolation[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `prism mock --errors` on a free port; resolves once it listens. */
export async function startPrism(timeoutMs = 150_000): Promise<{ url: string; stop: () => Promise<void> }> {
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist/index.js');
  const port = await freePort();
  const child = spawn(process.execPath, [cli, 'mock', '--errors', '-h', '127.0.0.1', '-p', String(port), LETTA_OPENAPI_PATH], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000));
  child.stderr.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within ${timeoutMs} ms:\n${tail}`)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (tail.includes('Prism is listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}) before listening:\n${tail}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Every string inside a JSON value. */
export function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsIn(v, into));
  return into;
}

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PREFIXED_ID = /^(agent|block|tool|passage|message|run|mcp_server|archive|group)-(.+)$/;

/**
 * What the recorder sends Prism in place of what the adapter sent, for two faults that are not the
 * adapter's:
 * 1. Ids that Prism itself handed out (its static examples: `tool-123e4567-e89b-12d3-…`, agent
 *    id `string`) break the document's own uuid4 patterns for ids in paths and bodies. Such an id,
 *    and only one that an earlier mock response contained, is replaced by a conforming id (the same
 *    one each time), so Prism validates the rest of the request.
 * 2. Prism rejects a single value of an array query parameter (`tags=x` for `anyOf: [array, null]`)
 *    although OpenAPI's default form/explode serialisation of a one-element array is exactly that;
 *    the value is sent twice, which Prism reads as an array.
 * Everything else goes to Prism as it is, and Prism runs with `--errors`.
 */
class PrismTranslator {
  readonly produced = new Set<string>();
  readonly #ids = new Map<string, string>();

  #conforming(prefix: string, original: string): string {
    let id = this.#ids.get(original);
    if (!id) this.#ids.set(original, (id = `${prefix}-${randomUUID()}`));
    return id;
  }

  #value(value: string): string {
    const m = PREFIXED_ID.exec(value);
    return m && this.produced.has(value) && !UUID4.test(m[2]!) ? this.#conforming(m[1]!, value) : value;
  }

  #json(value: unknown): unknown {
    if (typeof value === 'string') return this.#value(value);
    if (Array.isArray(value)) return value.map((v) => this.#json(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.#json(v)]));
    return value;
  }

  url(method: string, original: URL): URL {
    const url = new URL(original);
    const match = matchOperation(method, url.pathname);
    if (!match) return url;
    let path = match.template;
    for (const [name, value] of Object.entries(match.params)) {
      const param = match.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
      const prefix = /^\^([a-z_]+)-/.exec(param?.schema?.pattern ?? '')?.[1];
      const conforming =
        prefix && this.produced.has(value) && !new RegExp(param!.schema!.pattern!).test(value) ? this.#conforming(prefix, value) : value;
      path = path.replace(`{${name}}`, encodeURIComponent(conforming));
    }
    url.pathname = path;
    const query = new URLSearchParams();
    for (const name of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(name).map((v) => this.#value(v));
      const schema = match.operation.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema;
      const isArray = schema?.type === 'array' || !!schema?.anyOf?.some((s) => s.type === 'array');
      for (const v of isArray && values.length === 1 ? [values[0]!, values[0]!] : values) query.append(name, v);
    }
    url.search = query.toString();
    return url;
  }

  body(value: unknown): unknown {
    return this.#json(value);
  }
}

/**
 * A fetch to Prism that records every exchange in `log`: the request as the adapter made it, the
 * status, the response body and Prism's `sl-violations` (see PrismTranslator for what is sent).
 */
export function recordingFetch(log: Exchange[]): typeof fetch {
  const translator = new PrismTranslator();
  return async (input, init) => {
    const request = new Request(input, init);
    const requestText = request.body ? await request.clone().text() : '';
    const requestBody = requestText ? (JSON.parse(requestText) as unknown) : undefined;
    const url = new URL(request.url);
    const sent = new Request(translator.url(request.method, url), {
      method: request.method,
      headers: request.headers,
      body: requestBody === undefined ? undefined : JSON.stringify(translator.body(requestBody)),
      signal: request.signal,
    });
    const response = await fetch(sent);
    const text = await response.clone().text();
    const header = response.headers.get('sl-violations');
    const responseBody = text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text;
    stringsIn(responseBody, translator.produced);
    log.push({
      method: request.method,
      url,
      sentUrl: new URL(sent.url),
      requestHeaders: request.headers,
      requestBody,
      status: response.status,
      responseBody,
      violations: header ? (JSON.parse(header) as PrismViolation[]) : [],
    });
    return response;
  };
}

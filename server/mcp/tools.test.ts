import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS } from '../tools/registry.ts';
import { fail, ok } from '../tool-result.ts';
import { generateToken, hashToken, scopeAllows, TOKEN_PREFIX } from '../auth/api-tokens.ts';
import { refuseForeignRequest, type McpHostPolicy } from './host-check.ts';
import { bearerToken } from './http-auth.ts';
import { mcpToolListing, toCallToolResult } from './tools.ts';

describe('the MCP tool listing', () => {
  it('has one valid MCP tool per registry tool, with readOnlyHint from readOnly', () => {
    const listing = mcpToolListing();
    expect(listing.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const [i, tool] of listing.entries()) {
      expect(ToolSchema.safeParse(tool).success, tool.name).toBe(true);
      expect(tool.annotations?.readOnlyHint).toBe(TOOLS[i]!.readOnly);
    }
  });

  it('has output schemas a client validator compiles, accepting both a success and a failure envelope', () => {
    const validator = new AjvJsonSchemaValidator();
    for (const tool of mcpToolListing()) {
      const check = validator.getValidator(tool.outputSchema!);
      expect(check(fail('forbidden', 'no')).valid, tool.name).toBe(true);
      expect(check({ status: 'ok', error: 'not null' }).valid, tool.name).toBe(false);
    }
  });
});

describe('MCP results', () => {
  it('carries the envelope as structuredContent and as JSON text; failures are isError', () => {
    const success = ok({ valid: true });
    expect(toCallToolResult(success)).toEqual({ content: [{ type: 'text', text: JSON.stringify(success) }], structuredContent: success });
    const failure = fail('not_found', 'no such file', { path: 'x' });
    expect(toCallToolResult(failure)).toEqual({
      content: [{ type: 'text', text: JSON.stringify(failure) }],
      structuredContent: failure,
      isError: true,
    });
  });
});

describe('token scopes and headers', () => {
  it('lets read call read-only tools only, and write call every tool', () => {
    expect(scopeAllows(['read'], { readOnly: true })).toBe(true);
    expect(scopeAllows(['read'], { readOnly: false })).toBe(false);
    expect(scopeAllows(['write'], { readOnly: true })).toBe(true);
    expect(scopeAllows(['write'], { readOnly: false })).toBe(true);
    expect(scopeAllows([], { readOnly: true })).toBe(false);
  });

  it('makes distinct 256-bit tokens and hashes them with SHA-256', () => {
    const a = generateToken();
    expect(a).toMatch(new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(generateToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a Bearer token (any case of the scheme) and nothing else', () => {
    const req = (authorization?: string) => new Request('http://h/api/mcp', { headers: authorization ? { authorization } : {} });
    expect(bearerToken(req('Bearer dcf_abc'))).toBe('dcf_abc');
    expect(bearerToken(req('bearer dcf_abc '))).toBe('dcf_abc');
    expect(bearerToken(req('Basic dcf_abc'))).toBeNull();
    expect(bearerToken(req('Bearer a b'))).toBeNull();
    expect(bearerToken(req())).toBeNull();
  });

  it('refuses a foreign Origin with 403, accepts none or the same host', () => {
    const policy: McpHostPolicy = { publicUrl: 'http://console.test', trustedProxies: 0, extraHosts: [] };
    const req = (headers: Record<string, string>) =>
      new Request('http://console.test/api/mcp', { headers: { host: 'console.test', ...headers } });
    const refused = (headers: Record<string, string>, p = policy) => refuseForeignRequest(req(headers), p)?.status ?? null;
    expect(refused({})).toBeNull();
    expect(refused({ origin: 'http://console.test' })).toBeNull();
    expect(refused({ origin: 'https://proxy.example', 'x-forwarded-host': 'proxy.example' })).toBe(403);
    const proxied = { ...policy, trustedProxies: 1, extraHosts: ['proxy.example'] };
    expect(refused({ origin: 'https://proxy.example', 'x-forwarded-host': 'proxy.example' }, proxied)).toBeNull();
    expect(refused({ origin: 'http://evil.example' })).toBe(403);
    expect(refused({ origin: 'null' })).toBe(403);
  });

  it('refuses a Host that is not the public URL, loopback or an allowed name (DNS rebinding), with a JSON-RPC error', async () => {
    const policy = { publicUrl: 'https://console.example.com', trustedProxies: 0, extraHosts: ['10.0.0.5'] };
    const req = (host: string, origin?: string) =>
      new Request('http://x/api/mcp', { method: 'POST', headers: { host, ...(origin ? { origin } : {}) } });
    const ours = ['console.example.com', 'CONSOLE.example.com:443', 'localhost:3000', '127.0.0.1:49152', '[::1]:3000', '10.0.0.5:3000'];
    for (const host of ours) {
      expect(refuseForeignRequest(req(host), policy), host).toBeNull();
    }
    expect(refuseForeignRequest(req('localhost:3000', 'http://localhost:3000'), policy)).toBeNull();
    // The rebinding page: its own name in Host and Origin, whatever address it resolves to.
    for (const host of ['evil.example.com', 'evil.example.com:3000', 'console.example.com.evil.test', '127.0.0.1.nip.io']) {
      const refusal = refuseForeignRequest(req(host, `http://${host}`), policy);
      expect(refusal?.status, host).toBe(403);
      expect(await refusal!.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringMatching(/^Forbidden: host .* is not this console \(DNS-rebinding protection\)/) },
      });
    }
    // A trusted proxy's forwarded host must be this console too.
    const proxied = new Request('http://x/api/mcp', { headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example.com' } });
    expect(refuseForeignRequest(proxied, { ...policy, trustedProxies: 1 })?.status).toBe(403);
  });
});

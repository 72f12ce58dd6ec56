import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS } from '../tools/registry.ts';
import { fail, ok } from '../tool-result.ts';
import { generateToken, hashToken, scopeAllows, TOKEN_PREFIX } from '../auth/api-tokens.ts';
import { bearerToken, refuseForeignOrigin } from './http-auth.ts';
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
    expect(toCallToolResult(failure)).toEqual({ content: [{ type: 'text', text: JSON.stringify(failure) }], structuredContent: failure, isError: true });
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
    const req = (headers: Record<string, string>) => new Request('http://console.test/api/mcp', { headers: { host: 'console.test', ...headers } });
    expect(refuseForeignOrigin(req({}))).toBeNull();
    expect(refuseForeignOrigin(req({ origin: 'http://console.test' }))).toBeNull();
    expect(refuseForeignOrigin(req({ origin: 'https://proxy.example', 'x-forwarded-host': 'proxy.example' }))).toBeNull();
    expect(refuseForeignOrigin(req({ origin: 'http://evil.example' }))?.status).toBe(403);
    expect(refuseForeignOrigin(req({ origin: 'null' }))?.status).toBe(403);
  });
});

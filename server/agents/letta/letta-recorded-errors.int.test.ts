import { describe, expect, it } from 'vitest';
import { LettaAgentPlatform } from './letta-platform.ts';
import { startReplayServer, type Route } from './testing/replay-server.ts';
import { AGENT, withLetta, worker } from './testing/letta-recorded-harness.ts';

/**
 * The Letta adapter against recorded Letta responses replayed by a local HTTP server
 * (letta-recorded-harness.ts; every request body the adapter sends is validated against the
 * document's request schema): 404s, failures Prism cannot produce, and an unreachable Letta.
 */
describe('recorded Letta responses', () => {
  describe('errors and not-found', () => {
    const BLOCK = 'block-00000001-3b4c-4d5e-9f60-718293a4b5c6';
    const notFound = { status: 404, json: { detail: 'Not found' } };

    it('404 is null or false where the port says so', async () => {
      const routes: Route[] = [
        { method: 'GET', path: `/v1/agents/${AGENT}`, reply: notFound },
        { method: 'DELETE', path: `/v1/agents/${AGENT}`, reply: notFound },
        { method: 'GET', path: `/v1/blocks/${BLOCK}`, reply: notFound },
        { method: 'DELETE', path: `/v1/blocks/${BLOCK}`, reply: notFound },
      ];
      await withLetta(routes, async (platform) => {
        expect(await platform.getAgent(AGENT)).toBeNull();
        expect(await platform.deleteAgent(AGENT)).toBe(false);
        expect(await platform.getBlock(BLOCK)).toBeNull();
        expect(await platform.deleteBlock(BLOCK)).toBe(false);
      });
    });

    it('other failures are LettaPlatformErrors with status, Letta’s message and the request (secrets redacted)', async () => {
      const routes: Route[] = [
        { method: 'GET', path: `/v1/blocks/${BLOCK}`, reply: { status: 500, json: { detail: 'database unavailable' } } },
        {
          method: 'PATCH',
          path: `/v1/blocks/${BLOCK}`,
          reply: {
            status: 422,
            json: { detail: [{ loc: ['body', 'limit'], msg: 'Input should be greater than 0', type: 'greater_than' }] },
          },
        },
        { method: 'GET', path: '/v1/mcp-servers/', reply: { json: [] } },
        {
          method: 'POST',
          path: '/v1/mcp-servers/',
          reply: { status: 409, json: { detail: 'MCP server with name dcf-console already exists' } },
        },
      ];
      await withLetta(routes, async (platform) => {
        await expect(platform.getBlock(BLOCK)).rejects.toMatchObject({
          status: 500,
          message: `Letta GET /v1/blocks/${BLOCK} → 500: database unavailable`,
          request: { method: 'GET', path: `/v1/blocks/${BLOCK}` },
        });
        await expect(platform.updateBlock(BLOCK, { limit: 0 })).rejects.toMatchObject({
          status: 422,
          message: expect.stringMatching(/→ 422: body\.limit: Input should be greater than 0$/),
          request: { body: { limit: 0 } },
        });
        const conflict = await platform.start().catch((e: unknown) => e);
        expect(conflict).toMatchObject({
          status: 409,
          request: {
            method: 'POST',
            path: '/v1/mcp-servers/',
            body: { server_name: 'dcf-console', config: { auth_token: '[redacted]', server_url: 'https://console.example.test/api/mcp' } },
          },
        });
      });
    });

    it('an unreachable Letta is a LettaPlatformError without status', async () => {
      const server = await startReplayServer([]);
      const url = server.url;
      await server.close();
      const platform = new LettaAgentPlatform({
        baseUrl: url,
        publicUrl: 'http://localhost:3000',
        loadTemplate: async () => worker,
        maxRetries: 0,
      });
      await expect(platform.listAgents()).rejects.toMatchObject({
        name: 'LettaPlatformError',
        status: null,
        request: { method: 'GET', path: '/v1/agents/' },
      });
    });
  });
});

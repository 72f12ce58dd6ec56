import { expect } from 'vitest';
import type { AgentEvent } from '../../../contracts/agent-platform.ts';
import { LettaAgentPlatform } from '../letta-platform.ts';
import { fixtureText, startReplayServer, type ReplayedRequest, type Route } from './replay-server.ts';

/**
 * What the recorded-response tests of the Letta adapter share (letta-recorded-*.int.test.ts): the
 * recorded JSON responses (fixtures/recorded-responses.json), the ids they use, and a Letta
 * replayed by a local HTTP server whose every request body is validated against the document.
 */
export type Json = Record<string, any>; // recorded documents, read loosely
export const recorded = JSON.parse(fixtureText('recorded-responses.json')) as Record<string, { schema: string; body: Json }>;
export const body = (name: string) => recorded[name]!.body;
export const RUN = 'run-4b6f2c1e-9a7d-4e3b-8c21-5f0d9e8a7b61';
export const AGENT = 'agent-6a1f0e2d-3c4b-4a59-8e7d-6f5a4b3c2d1e';
export const m = (i: number) => `message-${i.toString(16).padStart(8, '0')}-1c2d-4e5f-8a9b-0c1d2e3f4a5b`;
export const worker = JSON.parse(fixtureText('worker.af')) as unknown;

export async function withLetta(routes: Route[], run: (platform: LettaAgentPlatform, requests: ReplayedRequest[]) => Promise<void>) {
  const server = await startReplayServer(routes);
  const platform = new LettaAgentPlatform({
    baseUrl: server.url,
    apiKey: 'letta-test-key',
    publicUrl: 'https://console.example.test',
    mcpToken: 'mcp-test-token',
    loadTemplate: async (name) => (name === 'worker' ? worker : Promise.reject(new Error(`no template ${name}`))),
    maxRetries: 0,
  });
  try {
    await run(platform, server.requests);
    for (const r of server.requests) {
      expect(r.problems, `${r.method} ${r.url.pathname}`).toEqual([]);
      expect(r.headers.authorization).toBe('Bearer letta-test-key');
    }
  } finally {
    await server.close();
  }
}

export const streamRoute = (fixture: string): Route => ({
  method: 'POST',
  path: `/v1/agents/${AGENT}/messages/stream`,
  reply: { sse: fixtureText(fixture) },
});

/** Reads a stream to its end or first error; the events seen and the error, if any. */
export async function drain(
  stream: AsyncIterable<AgentEvent>,
  onEvent?: (e: AgentEvent) => void,
): Promise<{ events: AgentEvent[]; error?: unknown }> {
  const events: AgentEvent[] = [];
  try {
    for await (const e of stream) {
      events.push(e);
      onEvent?.(e);
    }
    return { events };
  } catch (error) {
    return { events, error };
  }
}

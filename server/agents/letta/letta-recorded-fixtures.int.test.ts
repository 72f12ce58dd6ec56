import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lettaSchemaProblems } from './testing/openapi-schemas.ts';
import { FIXTURES, sseFrames } from './testing/replay-server.ts';
import { recorded } from './testing/letta-recorded-harness.ts';

/**
 * The recorded Letta responses the adapter's tests replay — JSON (fixtures/recorded-responses.json)
 * and SSE streams (fixtures/*.sse) — follow the Letta OpenAPI document.
 */
describe('recorded Letta responses', () => {
  it('every fixture follows the Letta OpenAPI document', () => {
    for (const [name, { schema, body: value }] of Object.entries(recorded)) {
      const [component, many] = schema.endsWith('[]') ? [schema.slice(0, -2), true] : [schema, false];
      for (const item of many ? (value as unknown as unknown[]) : [value]) expect(lettaSchemaProblems(component, item), name).toEqual([]);
    }
    const sse = readdirSync(FIXTURES).filter((f) => f.endsWith('.sse'));
    expect(sse.length).toBeGreaterThanOrEqual(7);
    for (const file of sse) {
      for (const frame of sseFrames(readFileSync(new URL(file, FIXTURES), 'utf8'))) {
        if (frame.data === null || frame.data === '[DONE]') continue;
        const component = frame.event === 'error' ? 'LettaErrorMessage' : 'LettaStreamingResponse';
        expect(lettaSchemaProblems(component, JSON.parse(frame.data)), `${file}: ${frame.data.slice(0, 80)}`).toEqual([]);
      }
    }
  });
});

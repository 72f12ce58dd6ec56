import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestDatabase } from '../../../testing/test-database.ts';
import { OpenAIChatBrain } from '../../brains/openai/openai-brain.ts';
import { openAIBrains } from '../../brains/select.ts';
import type { AgentEvent } from '../../../contracts/agent-platform.ts';
import { FakeChatEndpoint } from './fake-chat-endpoint.ts';
import { testPlatform } from './platform-harness.ts';

/** Polls `check` (a give-up bound of 500 polls, not a timing assertion: the condition is an event). */
export async function until(check: () => boolean, failure: string): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i >= 500) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const types = (events: AgentEvent[]) => events.map((e) => e.message_type);
export const stop = (events: AgentEvent[]) => (events.at(-1) as Extract<AgentEvent, { message_type: 'stop_reason' }>).stop_reason;

/**
 * The agent loop with the openai brain against a fake OpenAI-compatible endpoint
 * (agent-loop-*.int.test.ts), registered in the calling describe: a fresh database, the endpoint,
 * and the local platform; before each test no request is pending and the recorded requests are
 * cleared. `handle`, `fake` and `platform` are set in beforeAll.
 */
export function openAILoopHarness() {
  const t = {
    handle: undefined as unknown as Awaited<ReturnType<typeof createTestDatabase>>,
    fake: undefined as unknown as FakeChatEndpoint,
    platform: undefined as unknown as ReturnType<typeof testPlatform>,
  };
  beforeAll(async () => {
    t.handle = await createTestDatabase();
    t.fake = await FakeChatEndpoint.start();
    const brain = new OpenAIChatBrain({ baseUrl: t.fake.baseUrl, model: 'test-model-1', apiKey: 'sk-test-123' });
    t.platform = testPlatform(t.handle.db, openAIBrains(brain));
  });
  afterAll(async () => {
    await t.platform.close();
    await t.fake.close();
    await t.handle.dispose();
  });
  beforeEach(() => {
    expect(t.fake.pending).toBe(0);
    t.fake.requests.length = 0;
  });
  return t;
}

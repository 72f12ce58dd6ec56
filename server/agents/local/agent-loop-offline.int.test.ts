import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { DeterministicBrains } from '../brains/deterministic.ts';
import { deterministicBrains } from '../brains/select.ts';
import { testPlatform } from './testing/platform-harness.ts';
import { stop, types } from './testing/agent-loop-harness.ts';

/**
 * The agent loop without a model: a role with no deterministic brain answers with an error, and
 * the offline Conductor does only what it can.
 */
describe('agent loop without a model', () => {
  it('answers with an error_message when its role has no deterministic brain', async () => {
    const handle = await createTestDatabase();
    try {
      // Every shipped role has a deterministic brain, so this platform's registry has none.
      const platform = testPlatform(handle.db, deterministicBrains(new DeterministicBrains()), { audit: null });
      const strategist = await platform.createAgent({ template: 'strategist' });
      const events = await platform.sendMessage(strategist.id, { role: 'user', content: 'hello' });
      expect(types(events)).toEqual(['error_message', 'usage_statistics', 'stop_reason']);
      expect(events[0]).toMatchObject({
        error_type: 'no_brain',
        message: expect.stringMatching(/no brain for the role "strategist": set OPENAI_MODEL/),
      });
      expect(stop(events)).toBe('error');
      expect((await platform.listMessages(strategist.id)).map((m) => m.event.message_type)).toEqual(['user_message', 'error_message']);
      await platform.close();
    } finally {
      await handle.dispose();
    }
  });

  it('the offline Conductor acts only on what it can do: outside a session it delegates nothing and says why', async () => {
    const handle = await createTestDatabase();
    try {
      const platform = testPlatform(handle.db, deterministicBrains(), { audit: null });
      const conductor = await platform.createAgent({
        template: 'conductor',
        blocks: [{ label: 'clock', value: 'Today is 2024-07-08T09:00:00Z (Monday).' }],
      });
      const other = await platform.sendMessage(conductor.id, { role: 'user', content: 'Split the HELOC 2.0 review across companions' });
      expect(other.filter((e) => e.message_type === 'tool_call_message')).toEqual([]);
      expect(other.find((e) => e.message_type === 'assistant_message')).toMatchObject({
        content: expect.stringContaining("I'm the Conductor."),
      });
      const review = await platform.sendMessage(conductor.id, { role: 'user', content: "Review Alex Wong's calls from last week" });
      expect(review.filter((e) => e.message_type === 'tool_call_message')).toEqual([]);
      expect(review.find((e) => e.message_type === 'assistant_message')).toMatchObject({
        content: expect.stringContaining('I have no delegated-mode session to work in'),
      });
      expect(stop(review)).toBe('end_turn');
      await platform.close();
    } finally {
      await handle.dispose();
    }
  });
});

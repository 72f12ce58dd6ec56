import { afterAll, beforeAll } from 'vitest';
import type { Brain } from '../../../agents/brains/brain.ts';
import { DeterministicBrains } from '../../../agents/brains/deterministic.ts';
import { deterministicBrains } from '../../../agents/brains/select.ts';
import type { LocalAgentPlatform } from '../../../agents/local/local-platform.ts';
import { eventually, testPlatform } from '../../../agents/local/testing/platform-harness.ts';
import { systemActor, type Actor } from '../../../contracts/audit-actor.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { createTestDatabase } from '../../../testing/test-database.ts';
import type { ToolServices } from '../../../contracts/tool-services.ts';
import { invokeTool } from '../../invoke.ts';
import { findTool } from '../../registry.ts';

/** A tool's answer as the collaboration tests read it. */
export type R = Record<string, unknown> & {
  status: string;
  error_code?: string;
  error?: string;
  details?: Record<string, unknown>;
};

/**
 * The collaboration tools' test set-up (collaboration-tools-*.int.test.ts), registered in the
 * calling describe: a fresh database (from the migrated template) and the local runtime whose
 * companion, generic-worker and conductor agents think with a recording brain, so a test sees
 * every message that really reached an agent. `handle`, `platform` and `services` are set in beforeAll.
 */
export function collaborationToolsHarness() {
  const received = new Map<string, string[]>();
  const system = systemActor('test');
  const t = {
    handle: undefined as unknown as Awaited<ReturnType<typeof createTestDatabase>>,
    platform: undefined as unknown as LocalAgentPlatform,
    services: undefined as unknown as ToolServices,
    received,
    system,
    agent: (id: string): Actor => ({ kind: 'agent', id, label: id }),
    call: async (name: string, args: Record<string, unknown>, actor: Actor = system) =>
      (await invokeTool(findTool(name)!, args, { actor, services: t.services })) as R,
    okCall: async (name: string, args: Record<string, unknown>, actor: Actor = system) => {
      const r = await t.call(name, args, actor);
      if (r.status !== 'ok') throw new Error(`${name}: ${r.error_code} ${r.error} ${JSON.stringify(r.details ?? null).slice(0, 600)}`);
      return r;
    },
    /** Whether the agent's brain saw a message containing `messageId` (eventually). */
    heard: (agentId: string, messageId: string) => eventually(async () => (received.get(agentId) ?? []).some((m) => m.includes(messageId))),
    worker: async (caps: string[]) => t.platform.createAgent({ template: 'companion', tags: caps.map((c) => `capability:${c}`) }),
  };
  /** Every message an agent's turn took, as its brain saw it. */
  const recording: Brain = {
    name: 'test:recording',
    async decide(input) {
      const last = [...input.history].reverse().find((m) => m.role === 'user' || m.role === 'system');
      if (last && 'content' in last && typeof last.content === 'string')
        received.set(input.agent.id, [...(received.get(input.agent.id) ?? []), last.content]);
      return { kind: 'message', content: 'noted' };
    },
  };

  beforeAll(async () => {
    t.handle = await createTestDatabase();
    t.services = { config: testConfig(), db: async () => t.handle.db };
    const brains = new DeterministicBrains()
      .register('companion', recording)
      .register('generic-worker', recording)
      .register('conductor', recording);
    t.platform = testPlatform(t.handle.db, deterministicBrains(brains), { audit: null, toolServices: t.services });
    t.services.agents = async () => t.platform;
  });
  afterAll(async () => {
    await t.platform.close();
    await t.handle.dispose();
  });
  return t;
}

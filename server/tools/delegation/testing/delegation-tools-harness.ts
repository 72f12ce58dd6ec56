import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalAgentPlatform } from '../../../agents/local/local-platform.ts';
import { systemActor, type Actor } from '../../../contracts/audit-actor.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { dataDirToolHarness, type DataDirToolHarness } from '../../testing/platform-tool-harness.ts';
import type { ToolServices } from '../../../contracts/tool-services.ts';
import { invokeTool } from '../../invoke.ts';
import { findTool } from '../../registry.ts';

/** Exactly the spec's return fields of each DCF+ tool (dcf-plus-delegated-execution-tools.md). */
const SPEC_FIELDS: Record<string, string[]> = {
  create_companion: ['companion_id', 'companion_name', 'tags', 'shared_blocks_attached'],
  dismiss_companion: ['companion_id', 'skills_unloaded', 'blocks_detached'],
  list_session_companions: ['session_id', 'companions', 'count'],
  update_companion_status: ['companion_id', 'updated_tags'],
  create_session_context: ['session_id', 'blocks_created'],
  update_session_context: ['session_id', 'updated_fields'],
  finalize_session: ['session_id', 'companions_dismissed', 'blocks_cleaned', 'archive_path'],
  delegate_task: ['task_id', 'companion_id', 'message_sent', 'delegation_payload'],
  broadcast_task: ['task_id', 'companions_notified', 'companions_skipped'],
  read_session_activity: ['session_id', 'activity'],
  update_conductor_guidelines: ['conductor_id', 'guidelines_block_id', 'revision'],
  read_shared_memory_blocks: ['agent_id', 'blocks'],
};
export const WHISPER = 'skill://whisper-transcribe@1.0.0';

/**
 * The DCF+ tools' test set-up (delegation-tools-*.int.test.ts), registered in the calling
 * describe: the local runtime with a private data directory (a pool of 2 Companions), agents with
 * no brains (a delegated task is not worked on, so only the tools act). `okCall` checks the answer
 * has exactly the spec's fields; `session()` opens a session with its Conductor.
 * `platform`, `services` and `dataDir` are set in beforeAll.
 */
export function delegationToolsHarness() {
  const system = systemActor('test');
  let harness: DataDirToolHarness | undefined;
  const t = {
    platform: undefined as unknown as LocalAgentPlatform,
    services: undefined as unknown as ToolServices,
    dataDir: '',
    system,
    agent: (id: string): Actor => ({ kind: 'agent', id, label: id }),
    call: async (name: string, args: Record<string, unknown>, actor: Actor = system) =>
      (await invokeTool(findTool(name)!, args, { actor, services: t.services })) as Record<string, unknown>,
    okCall: async (name: string, args: Record<string, unknown>, actor: Actor = system) => {
      const r = await t.call(name, args, actor);
      if (r.status !== 'ok') throw new Error(`${name}: ${String(r.error)}`);
      expect(Object.keys(r).sort(), name).toEqual(['status', 'error', ...SPEC_FIELDS[name]!].sort());
      return r;
    },
    async session() {
      const conductor = await t.platform.createAgent({ template: 'conductor' });
      const id = `s-${Math.random().toString(36).slice(2, 10)}`;
      const r = await t.okCall('create_session_context', {
        session_id: id,
        conductor_id: conductor.id,
        initial_goals_json: '["review calls"]',
        initial_preferences_json: '{"speed": "fast"}',
      });
      return {
        id,
        conductor: conductor.id,
        blocks: r.blocks_created as { session_context: string; delegation_log: string; strategist_guidelines: string },
      };
    },
  };
  beforeAll(async () => {
    harness = await dataDirToolHarness('dcf-sessions-', (dataDir) => ({
      ...testConfig(),
      dataDir,
      delegation: { poolMax: 2, replyTimeoutS: 5, taskBudget: null },
    }));
    ({ platform: t.platform, services: t.services, dataDir: t.dataDir } = harness);
  });
  afterAll(async () => harness?.close());
  return t;
}

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { runDcf, type DcfRun } from '../../../server/testing/run-dcf.ts';
import { PROJECT_ROOT, isolatedRedisUrl } from '../../../server/testing/test-database.ts';

/**
 * TEST SUPPORT for `dcf chat` end to end on the embedded default, as a user of `npm start` has it:
 * a data directory prepared by the real scripts/setup.ts (migrations, the demo users, the skill
 * index, the seeded workflow catalog), Redis, the deterministic brains and the demo clock.
 */
export const PROTOCOL = ['task_delegation', 'task_result', 'task_progress', 'strategic_advice', 'text'];

export type ChatJson = {
  conversation_id: string;
  reply: string;
  tool_calls: Array<{ agent: string; name: string; args: Record<string, unknown>; status: string }>;
  messages: Array<{ from: string; to: string; type: string }>;
  runs: Array<{ run_id: string; workflow_id: string; version: string; input: unknown; status: string }>;
};

/** Checks the exact `--json` shape and returns it typed. */
export function chatJson(r: DcfRun): ChatJson {
  const j = r.json as ChatJson;
  expect(Object.keys(j)).toEqual(['conversation_id', 'reply', 'tool_calls', 'messages', 'runs']);
  for (const c of j.tool_calls) {
    expect(Object.keys(c)).toEqual(['agent', 'name', 'args', 'status']);
    expect(['ok', 'error']).toContain(c.status);
  }
  for (const m of j.messages) {
    expect(Object.keys(m)).toEqual(['from', 'to', 'type']);
    expect(PROTOCOL).toContain(m.type);
  }
  for (const run of j.runs) expect(Object.keys(run)).toEqual(['run_id', 'workflow_id', 'version', 'input', 'status']);
  return j;
}

export interface ChatCli {
  dir: string;
  env: Record<string, string>;
  dcf(args: string[], extra?: Record<string, string>): Promise<DcfRun>;
  close(): Promise<void>;
}

/**
 * A fresh data directory set up as `npm start` sets it up, and `dcf chat` over it; `world` makes the
 * in-process demo skills serve another lender's world (DCF_DEMO_WORLD) with its own clock.
 */
export async function chatCli(opts: { world?: string; clock?: string } = {}): Promise<ChatCli> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-cli-chat-'));
  const env: Record<string, string> = {
    DCF_DATA_DIR: dir,
    REDIS_URL: await isolatedRedisUrl(),
    DCF_CLOCK: opts.clock ?? '2024-07-08T09:00:00Z',
    LOG_LEVEL: 'warn',
    ...(opts.world ? { DCF_DEMO_WORLD: opts.world } : {}),
  };
  const setup = spawn(process.execPath, ['--import', 'tsx', 'scripts/setup.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, DCF_DEMO_USERS: 'true' },
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((resolve) => setup.on('close', resolve));
  if (code !== 0) throw new Error(`scripts/setup.ts exited with ${code}`);
  return {
    dir,
    env,
    dcf: (args, extra = {}) => runDcf(['chat', ...args], undefined, { ...env, ...extra }),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { deterministicBrains } from '../brains/select.ts';
import { testPlatform } from '../local/testing/platform-harness.ts';
import { defaultTemplatesDir, loadAgentTemplate } from './load-template.ts';
import { templateStamp, upgradeAgent, upgradeAgents, upgradeBeforeUse } from './upgrade-agent.ts';

/**
 * The upgrade path on the local platform (the Letta adapter's calls: letta-platform.prism-blocks-tools):
 * a Planner made from the template before it gained the calibration tools, and while it still carried
 * a tool it has since dropped, is brought to the template as it is now; a second pass changes nothing.
 */
const GAINED = ['list_calibration_sessions', 'get_calibration_results'];
const DROPPED = 'list_session_companions';

interface Af {
  metadata: Record<string, string>;
  agents: Array<{ tool_ids: string[] }>;
  tools: Array<{ id: string; name: string }>;
}

describe('an agent made from an older template is brought up to date, once', () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let oldDir: string;
  let newDir: string;
  let old: ReturnType<typeof testPlatform>;

  beforeAll(async () => {
    h = await createTestDatabase();
    const now = JSON.parse(await readFile(path.join(defaultTemplatesDir(), 'planner.af'), 'utf8')) as Af;
    // Before: without the calibration tools, with one the template has since retired.
    const before = structuredClone(now);
    const gained = new Set(now.tools.filter((t) => GAINED.includes(t.name)).map((t) => t.id));
    before.agents[0]!.tool_ids = before.agents[0]!.tool_ids.filter((id) => !gained.has(id));
    before.tools.push({ ...before.tools.find((t) => gained.has(t.id))!, id: 'tool-retired', name: DROPPED });
    before.agents[0]!.tool_ids.push('tool-retired');
    // Now: the template as it is, saying what it dropped.
    now.metadata.retired_tools = DROPPED;
    oldDir = await mkdtemp(path.join(os.tmpdir(), 'dcf-af-old-'));
    newDir = await mkdtemp(path.join(os.tmpdir(), 'dcf-af-new-'));
    await writeFile(path.join(oldDir, 'planner.af'), JSON.stringify(before));
    await writeFile(path.join(newDir, 'planner.af'), JSON.stringify(now));
    old = testPlatform(h.db, deterministicBrains(), { templatesDir: oldDir, audit: null });
  });
  afterAll(async () => {
    await old.close();
    await h.dispose();
    await rm(oldDir, { recursive: true, force: true });
    await rm(newDir, { recursive: true, force: true });
  });

  it('attaches the tools it gained, detaches the one it dropped, keeps the agent’s own; the second pass changes nothing', async () => {
    const made = await old.createAgent({ template: 'planner', tags: ['dcf-chat'], tools: ['load_skill'] });
    expect(made.tools).toContain(DROPPED);
    expect(made.tools).not.toContain(GAINED[0]);
    const template = await loadAgentTemplate('planner', { dir: newDir });

    const first = await upgradeAgent(old, made, template);
    const stamp = templateStamp(template);
    expect(first).toEqual({ agent_id: made.id, stamp, attached: GAINED, detached: [DROPPED] });
    const after = (await old.getAgent(made.id))!;
    expect([...after.tools].sort()).toEqual([...template.toolNamesOf(template.main), 'load_skill'].sort());
    // The agent page lists its tags: which template it carries, and that it was upgraded to it.
    expect(after.tags).toEqual(expect.arrayContaining(['dcf-chat', `template-tools:${stamp}`, `template-upgraded:${stamp}`]));

    expect(await upgradeAgent(old, after, template)).toBeNull();
    expect(await upgradeBeforeUse(old, made.id, newDir)).toBeNull();
    const again = (await old.getAgent(made.id))!;
    expect(again.tools).toEqual(after.tools);
    expect(again.tags).toEqual(after.tags);
  });

  it('at console start every agent of an older template is upgraded; those already up to date are left alone', async () => {
    const stale = await old.createAgent({ template: 'planner' });
    const seen: string[] = [];
    const done = await upgradeAgents(old, { dir: newDir, onUpgrade: (u) => seen.push(u.agent_id) });
    expect(seen).toContain(stale.id);
    expect(done.find((u) => u.agent_id === stale.id)).toMatchObject({ attached: GAINED, detached: [DROPPED] });
    expect(await upgradeAgents(old, { dir: newDir })).toEqual([]);
  });
});

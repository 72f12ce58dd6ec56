import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import { systemActor, type Actor } from '../../contracts/audit-actor.ts';
import { agentActor, authenticateApiToken, createApiToken, revokeApiToken } from '../../auth/api-tokens.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { testConfig } from '../../testing/test-config.ts';
import type { createTestDatabase } from '../../testing/test-database.ts';
import { dataDirToolHarness, type DataDirToolHarness } from '../testing/platform-tool-harness.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/**
 * Token lineage (issue 29, docs/security.md): tokens minted by spawn_agent over MCP
 * belong to their minter's lineage; revoking a token ends everything under it, the spawn cap bounds
 * a lineage, and the memory quota bounds the lineage's files together. A lineage goes by its origin:
 * a root made in Settings, or the caller without a token whose spawned roots all form one lineage. The calls go through the
 * tool layer with the actor MCP builds from an authenticated token (agentActor).
 */
type R = Record<string, unknown> & { status: string; error_code?: string; error?: string; details?: Record<string, unknown> };
type Minted = { agent: string; token: string; tokenId: string };

const MAX = 3;
const QUOTA = 4096;

describe('spawn_agent token lineage', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let services: ToolServices;
  let seq = 0;

  const call = async (name: string, args: Record<string, unknown>, actor: Actor) =>
    (await invokeTool(findTool(name)!, args, { actor, services })) as R;
  /** The actor MCP would build for a presented token (authentication included). */
  const actorOf = async (token: string): Promise<Actor> => {
    const auth = await authenticateApiToken(handle.db, token);
    if (!auth.ok) throw new Error(`token refused: ${auth.reason}`);
    return agentActor(auth.principal);
  };
  const spawn = async (by: Actor, requester: string) =>
    call('spawn_agent', { requesting_agent_id: requester, agent_type: 'cline-vscode', role: 'QA', capabilities: [] }, by);
  const spawnOk = async (by: Actor, requester: string): Promise<Minted> => {
    const r = await spawn(by, requester);
    if (r.status !== 'ok') throw new Error(`spawn_agent: ${r.error_code} ${r.error}`);
    const mcp = r.mcp as { token: string; token_id: string };
    return { agent: r.proposed_agent_id as string, token: mcp.token, tokenId: mcp.token_id };
  };
  const asker = async () => (await platform.createAgent({ template: 'companion' })).id;
  /** A root minted by a caller without a token (as the console or CLI would), then a child and a grandchild over "MCP". */
  const family = async () => {
    const root = await spawnOk(systemActor(`lineage-${++seq}`), await asker());
    const child = await spawnOk(await actorOf(root.token), root.agent);
    const grandchild = await spawnOk(await actorOf(child.token), child.agent);
    return { root, child, grandchild };
  };
  /** A root made in Settings (not spawned) for an agent of the platform: the origin of its own lineage. */
  const settingsRoot = async (): Promise<Minted> => {
    const agent = await asker();
    const { token, info } = await createApiToken(handle.db, {
      name: `settings ${agent}`,
      agentName: agent,
      scopes: ['write'],
      createdBy: null,
    });
    return { agent, token, tokenId: info.id };
  };

  let harness: DataDirToolHarness;
  beforeAll(async () => {
    harness = await dataDirToolHarness('dcf-lineage-', (dataDir) =>
      testConfig({
        DCF_DATA_DIR: dataDir,
        DCF_SPAWN_MAX_PER_ROOT: String(MAX),
        DCF_AGENT_MEMORY_QUOTA_BYTES: String(QUOTA),
        DCF_AGENT_MEMORY_MAX_FILE_BYTES: String(QUOTA),
      }),
    );
    ({ handle, platform, services } = harness);
  });
  afterAll(async () => harness?.close());

  it('records who minted each token and the root of its lineage', async () => {
    const { root, child, grandchild } = await family();
    const rows = await handle.db.select().from(apiTokens);
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(row(root.tokenId)).toMatchObject({ mintedBy: null, rootTokenId: root.tokenId, spawned: true });
    expect(row(root.tokenId).mintedByActor).toMatch(/^system:lineage-/);
    expect(row(child.tokenId)).toMatchObject({ mintedBy: root.tokenId, rootTokenId: root.tokenId, mintedByActor: root.agent });
    expect(row(grandchild.tokenId)).toMatchObject({
      mintedBy: child.tokenId,
      rootTokenId: root.tokenId,
      mintedByActor: child.agent,
      spawned: true,
    });
  });

  it('revoking a token revokes its child and grandchild: both are refused at their next request', async () => {
    const { root, child, grandchild } = await family();
    expect(await revokeApiToken(handle.db, root.tokenId)).toMatchObject({ id: root.tokenId });
    for (const t of [child, grandchild]) {
      expect(await authenticateApiToken(handle.db, t.token)).toMatchObject({ ok: false });
      const [r] = await handle.db.select().from(apiTokens).where(eq(apiTokens.id, t.tokenId));
      expect(r!.revokedAt).not.toBeNull();
    }
  });

  it('authentication refuses a token whose ancestor is revoked even when its own row says live', async () => {
    const { root, child, grandchild } = await family();
    // Only the root's row is marked (as a row written before the cascade existed, or a child minted mid-revocation).
    await handle.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, root.tokenId));
    expect(await authenticateApiToken(handle.db, grandchild.token)).toEqual({ ok: false, reason: 'ancestor_revoked' });
    expect(await authenticateApiToken(handle.db, child.token)).toEqual({ ok: false, reason: 'ancestor_revoked' });
    // Revoking the middle only ends the branch below it.
    const other = await family();
    await revokeApiToken(handle.db, other.child.tokenId);
    expect(await authenticateApiToken(handle.db, other.root.token)).toMatchObject({ ok: true });
    expect(await authenticateApiToken(handle.db, other.grandchild.token)).toMatchObject({ ok: false });
  });

  it(`caps a Settings root's lineage at DCF_SPAWN_MAX_PER_ROOT (${MAX}) live spawned tokens with a structured refusal`, async () => {
    const root = await settingsRoot();
    const child = await spawnOk(await actorOf(root.token), root.agent);
    const grandchild = await spawnOk(await actorOf(child.token), child.agent);
    const third = await spawnOk(await actorOf(grandchild.token), grandchild.agent);
    const refused = await spawn(await actorOf(third.token), third.agent);
    expect(refused).toMatchObject({
      status: 'error',
      error_code: 'conflict',
      details: { reason: 'spawn_cap_reached', lineage_root: `token:${root.tokenId}`, spawned: MAX, max: MAX },
    });
    expect(refused.error).toContain('DCF_SPAWN_MAX_PER_ROOT');
    // Every member of the lineage meets the same cap, the root included.
    expect(await spawn(await actorOf(root.token), root.agent)).toMatchObject({ error_code: 'conflict' });
    expect(await handle.db.select().from(apiTokens).where(eq(apiTokens.rootTokenId, root.tokenId))).toHaveLength(MAX + 1);
    // Revoking a branch frees its places.
    await revokeApiToken(handle.db, third.tokenId);
    expect(await spawn(await actorOf(child.token), child.agent)).toMatchObject({ status: 'ok' });
  });

  it('holds the cap exactly under concurrent spawns in one lineage', async () => {
    const root = await settingsRoot();
    const as = await actorOf(root.token);
    const results = await Promise.all(Array.from({ length: 2 * MAX }, () => spawn(as, root.agent)));
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(MAX);
    expect(results.filter((r) => r.error_code === 'conflict')).toHaveLength(MAX);
  });

  it('caps the roots a caller without a token (console, CLI) may spawn', async () => {
    const cli = systemActor(`lineage-cap-${++seq}`);
    const by = await asker();
    for (let i = 0; i < MAX; i++) await spawnOk(cli, by);
    expect(await spawn(cli, by)).toMatchObject({
      error_code: 'conflict',
      details: { reason: 'spawn_cap_reached', lineage_root: `system:${cli.id}`, max: MAX },
    });
  });

  it("counts everything under a tokenless caller's spawned roots against that caller's one cap", async () => {
    const cli = systemActor(`lineage-origin-${++seq}`);
    const by = await asker();
    const a = await spawnOk(cli, by);
    const b = await spawnOk(cli, by);
    const child = await spawnOk(await actorOf(a.token), a.agent); // the origin's third: its total is reached
    const refusal = {
      error_code: 'conflict',
      details: { reason: 'spawn_cap_reached', lineage_root: `system:${cli.id}`, spawned: MAX, max: MAX },
    };
    expect(await spawn(await actorOf(child.token), child.agent)).toMatchObject(refusal);
    expect(await spawn(await actorOf(b.token), b.agent)).toMatchObject(refusal);
    expect(await spawn(cli, by)).toMatchObject(refusal);
    // Revoking anything in the origin's lineage frees a place for any of its members.
    await revokeApiToken(handle.db, child.tokenId);
    expect(await spawn(await actorOf(b.token), b.agent)).toMatchObject({ status: 'ok' });
  });

  it("holds a tokenless caller's cap exactly when it and its spawned root spawn at once", async () => {
    const cli = systemActor(`lineage-race-${++seq}`);
    const by = await asker();
    const a = await spawnOk(cli, by);
    const as = await actorOf(a.token);
    const results = await Promise.all(Array.from({ length: 2 * MAX }, (_, i) => (i % 2 ? spawn(cli, by) : spawn(as, a.agent))));
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(MAX - 1);
    expect(results.filter((r) => r.error_code === 'conflict')).toHaveLength(MAX + 1);
  });

  const write = async (t: Minted, bytes: number, file = 'notes.txt') =>
    call(
      'write_agent_memory_file',
      { file_path: file, content_base64: Buffer.alloc(bytes, 65).toString('base64') },
      await actorOf(t.token),
    );

  it('bounds the memory files of the whole lineage by one quota', async () => {
    const root = await settingsRoot();
    const child = await spawnOk(await actorOf(root.token), root.agent);
    const grandchild = await spawnOk(await actorOf(child.token), child.agent);
    expect(await write(root, 2000)).toMatchObject({ status: 'ok' });
    expect(await write(child, 1500)).toMatchObject({ status: 'ok' });
    const over = await write(grandchild, 1000);
    expect(over).toMatchObject({
      error_code: 'conflict',
      details: { used_bytes: 3500, quota_bytes: QUOTA, lineage_root: `token:${root.tokenId}` },
    });
    // Shrinking one member's file makes room for another's.
    expect(await write(child, 100)).toMatchObject({ status: 'ok' });
    expect(await write(grandchild, 1000)).toMatchObject({ status: 'ok' });
  });

  it("bounds the memory of all a tokenless caller's spawned roots, and what is under them, by one quota", async () => {
    const cli = systemActor(`lineage-quota-${++seq}`);
    const by = await asker();
    const a = await spawnOk(cli, by);
    const b = await spawnOk(cli, by);
    const child = await spawnOk(await actorOf(b.token), b.agent);
    expect(await write(a, 2000)).toMatchObject({ status: 'ok' });
    expect(await write(b, 1500)).toMatchObject({ status: 'ok' });
    const refusal = { error_code: 'conflict', details: { used_bytes: 3500, quota_bytes: QUOTA, lineage_root: `system:${cli.id}` } };
    expect(await write(b, 1000, 'more.txt')).toMatchObject(refusal);
    expect(await write(child, 1000)).toMatchObject(refusal);
    expect(await write(a, 100)).toMatchObject({ status: 'ok' });
    expect(await write(child, 1000)).toMatchObject({ status: 'ok' });
  });
});

import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { apiTokens } from '../db/schema/index.ts';
import type { Actor } from '../audit/actor.ts';

/**
 * Token lineage (issue 29, docs/security.md). A token minted by a caller holding a
 * token (spawn_agent over MCP) is that token's child: `minted_by` names the parent and
 * `root_token_id` the top of the chain. Every other token (Settings, or spawn_agent called by a
 * user, an in-process agent or the system) is the root of its own lineage.
 *
 * Revocation is enforced twice, on purpose:
 * - revokeLineage marks the token and all its descendants revoked (what Settings shows);
 * - authentication walks the token's ancestors (hasRevokedAncestor) and refuses the token when any
 *   is revoked. This check is the one that cannot be bypassed: it needs no row of the descendant to
 *   have been updated, so a child minted while its parent was being revoked, or rows written before
 *   this migration, are refused all the same.
 */

/** Most links followed upwards; a chain is bounded by the spawn cap, this only stops a corrupted cycle. */
const MAX_DEPTH = 10_000;

/** Who minted a token, as the lineage records it. */
export type Minter = { tokenId: string | null; actor: string };

/** The token a caller acts with, when it has one (an agent over MCP). */
export function callerTokenId(actor: Actor): string | null {
  return actor.kind === 'agent' ? (actor.tokenId ?? null) : null;
}

/** The lineage's root of a token (itself for a root); null when no token has that id. */
export async function rootOf(db: Db, tokenId: string): Promise<string | null> {
  const [row] = await db.select({ id: apiTokens.id, root: apiTokens.rootTokenId }).from(apiTokens)
    .where(eq(apiTokens.id, tokenId)).limit(1);
  return row ? (row.root ?? row.id) : null;
}

/** The revoked token nearest above `tokenId` (itself included), or null when the whole chain is live. */
export async function revokedAncestor(db: Db, tokenId: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    with recursive chain(id, minted_by, revoked_at, depth) as (
      select id, minted_by, revoked_at, 0 from api_tokens where id = ${tokenId}
      union all
      select t.id, t.minted_by, t.revoked_at, chain.depth + 1
      from api_tokens t join chain on t.id = chain.minted_by where chain.depth < ${MAX_DEPTH}
    )
    select id from chain where revoked_at is not null order by depth limit 1`));
  return rows[0]?.id ?? null;
}

/**
 * Revokes a token and every token minted under it, transitively, in one statement; returns the ids
 * newly revoked (empty when the token is unknown or already revoked with all its descendants).
 */
export async function revokeLineage(db: Db, tokenId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    with recursive tree(id, depth) as (
      select id, 0 from api_tokens where id = ${tokenId}
      union all
      select t.id, tree.depth + 1 from api_tokens t join tree on t.minted_by = tree.id where tree.depth < ${MAX_DEPTH}
    )
    update api_tokens set revoked_at = now()
    where id in (select id from tree) and revoked_at is null
    returning id`));
  return rows.map((r) => r.id);
}

/**
 * How many live spawned identities count against the caller's cap (DCF_SPAWN_MAX_PER_ROOT): for a
 * caller with a token, the live tokens under its lineage's root (the root itself not counted); for
 * any other caller (a user's console, an in-process agent, the CLI), the live spawned roots it minted.
 * `root` names the lineage: `token:<id>`, or the caller as the audit log writes it.
 */
export async function spawnedUnder(db: Db, minter: Minter): Promise<{ root: string; spawned: number }> {
  if (minter.tokenId) {
    const root = (await rootOf(db, minter.tokenId)) ?? minter.tokenId;
    const [row] = await db.select({ n: count() }).from(apiTokens)
      .where(and(eq(apiTokens.rootTokenId, root), ne(apiTokens.id, root), isNull(apiTokens.revokedAt)));
    return { root: `token:${root}`, spawned: row?.n ?? 0 };
  }
  const [row] = await db.select({ n: count() }).from(apiTokens).where(and(
    eq(apiTokens.mintedByActor, minter.actor), isNull(apiTokens.mintedBy), eq(apiTokens.spawned, true),
    isNull(apiTokens.revokedAt),
  ));
  return { root: minter.actor, spawned: row?.n ?? 0 };
}

export type CapRefusal = { ok: false; root: string; spawned: number; max: number };

/**
 * Mints within the spawn cap: one transaction holding a lock per lineage (a transaction-scoped
 * advisory lock, so other console processes and the CLI wait too), counting, then `mint` on the
 * transaction. Concurrent spawns in one lineage are serialised, so the cap is exact.
 */
export async function mintWithinCap<T>(
  db: Db,
  minter: Minter,
  max: number,
  mint: (tx: Db) => Promise<T>,
): Promise<{ ok: true; value: T } | CapRefusal> {
  return db.transaction(async (tx) => {
    const lineage = minter.tokenId ? `token:${(await rootOf(tx, minter.tokenId)) ?? minter.tokenId}` : minter.actor;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dcf:spawn:${lineage}`}))`);
    const { root, spawned } = await spawnedUnder(tx, minter);
    if (spawned >= max) return { ok: false as const, root, spawned, max };
    return { ok: true as const, value: await mint(tx) };
  });
}

/** The agent names of every token in the lineage of `tokenId` (root and all under it, revoked ones too). */
export async function lineageAgentNames(db: Db, tokenId: string): Promise<{ root: string; agents: string[] }> {
  const root = (await rootOf(db, tokenId)) ?? tokenId;
  const rows = await db.selectDistinct({ agent: apiTokens.agentName }).from(apiTokens)
    .where(eq(apiTokens.rootTokenId, root));
  return { root, agents: rows.map((r) => r.agent) };
}

import { and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { apiTokens } from '../db/schema/index.ts';
import type { Actor } from '../contracts/audit-actor.ts';

/**
 * Token lineage (issue 29, docs/security.md). A token minted by a caller holding a
 * token (spawn_agent over MCP) is that token's child: `minted_by` names the parent and
 * `root_token_id` the top of the chain. Every other token (Settings, or spawn_agent called by a
 * user, an in-process agent or the system) is the root of its own chain. The spawn cap and the memory
 * quota go by the lineage's origin (Origin below): a Settings root is its own, while every spawned root
 * of one tokenless caller belongs to that caller's one lineage.
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

/** The revoked token nearest above `tokenId` (itself included), or null when the whole chain is live. */
export async function revokedAncestor(db: Db, tokenId: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
    with recursive chain(id, minted_by, revoked_at, depth) as (
      select id, minted_by, revoked_at, 0 from api_tokens where id = ${tokenId}
      union all
      select t.id, t.minted_by, t.revoked_at, chain.depth + 1
      from api_tokens t join chain on t.id = chain.minted_by where chain.depth < ${MAX_DEPTH}
    )
    select id from chain where revoked_at is not null order by depth limit 1`),
  );
  return rows[0]?.id ?? null;
}

/**
 * Revokes a token and every token minted under it, transitively, in one statement; returns the ids
 * newly revoked (empty when the token is unknown or already revoked with all its descendants).
 */
export async function revokeLineage(db: Db, tokenId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
    with recursive tree(id, depth) as (
      select id, 0 from api_tokens where id = ${tokenId}
      union all
      select t.id, tree.depth + 1 from api_tokens t join tree on t.minted_by = tree.id where tree.depth < ${MAX_DEPTH}
    )
    update api_tokens set revoked_at = now()
    where id in (select id from tree) and revoked_at is null
    returning id`),
  );
  return rows.map((r) => r.id);
}

/**
 * The origin of a lineage: who stands at its top, and so whose cap and memory quota it draws on. A root
 * not minted by spawn_agent (Settings, or rows older than lineage) is its own origin, `token:<id>`. A
 * spawned root minted by a caller without a token belongs to that caller, named as the audit log names
 * writers (`user:<id>`, an agent id, `system:<id>`): all such roots of one caller form ONE lineage, so
 * the caller cannot multiply the cap or the quota by minting more roots. `actor` is set for such an
 * origin, `rootTokenId` for a token's.
 */
export type Origin = { key: string; actor: string | null; rootTokenId: string | null };

const tokenOrigin = (id: string): Origin => ({ key: `token:${id}`, actor: null, rootTokenId: id });
const actorOrigin = (actor: string): Origin => ({ key: actor, actor, rootTokenId: null });

/** The origin of the lineage `tokenId` belongs to (its own when no token has that id). */
export async function originOfToken(db: Db, tokenId: string): Promise<Origin> {
  const [root] = rowsOf<{ id: string; spawned: boolean; minted_by: string | null; minted_by_actor: string | null }>(
    await db.execute(sql`
      select r.id, r.spawned, r.minted_by, r.minted_by_actor
      from api_tokens t join api_tokens r on r.id = coalesce(t.root_token_id, t.id)
      where t.id = ${tokenId} limit 1`),
  );
  if (!root) return tokenOrigin(tokenId);
  return root.spawned && !root.minted_by && root.minted_by_actor ? actorOrigin(root.minted_by_actor) : tokenOrigin(root.id);
}

/** The origin a minter's new token joins: its token's lineage's, or the tokenless caller itself. */
export async function originOf(db: Db, minter: Minter): Promise<Origin> {
  return minter.tokenId ? originOfToken(db, minter.tokenId) : actorOrigin(minter.actor);
}

/** The tokens of an origin's lineage: under its root token, or under any spawned root its actor minted. */
function inLineage(origin: Origin): SQL {
  if (origin.rootTokenId) return eq(apiTokens.rootTokenId, origin.rootTokenId);
  return sql`${apiTokens.rootTokenId} in (select id from api_tokens
    where minted_by is null and spawned and minted_by_actor = ${origin.actor})`;
}

/**
 * How many live spawned identities count against an origin's cap (DCF_SPAWN_MAX_PER_ROOT): for a
 * token's origin, the live tokens under that root (the root itself not counted, as Settings made it);
 * for a tokenless caller (a user's console, an in-process agent, the CLI), its live spawned roots and
 * every live token under any of them, together.
 */
export async function spawnedUnder(db: Db, origin: Origin): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(inLineage(origin), isNull(apiTokens.revokedAt), origin.rootTokenId ? ne(apiTokens.id, origin.rootTokenId) : undefined));
  return row?.n ?? 0;
}

export type CapRefusal = { ok: false; root: string; spawned: number; max: number };

/**
 * Mints within the spawn cap: one transaction holding a lock per origin (a transaction-scoped
 * advisory lock, so other console processes and the CLI wait too), counting, then `mint` on the
 * transaction. Concurrent spawns anywhere in one origin's lineage are serialised, so the cap is exact.
 * A refusal's `root` is the origin's key.
 */
export async function mintWithinCap<T>(
  db: Db,
  minter: Minter,
  max: number,
  mint: (tx: Db) => Promise<T>,
): Promise<{ ok: true; value: T } | CapRefusal> {
  return db.transaction(async (tx) => {
    // The origin is read from rows that never change once written (a token's root and how it was minted).
    const origin = await originOf(tx, minter);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dcf:spawn:${origin.key}`}))`);
    const spawned = await spawnedUnder(tx, origin);
    if (spawned >= max) return { ok: false as const, root: origin.key, spawned, max };
    return { ok: true as const, value: await mint(tx) };
  });
}

/**
 * The agent names of every token in the lineage of `tokenId`'s origin (revoked ones too, their files
 * still take space); `root` is the origin's key (`token:<id>`, or the tokenless caller's name).
 */
export async function lineageAgentNames(db: Db, tokenId: string): Promise<{ root: string; agents: string[] }> {
  const origin = await originOfToken(db, tokenId);
  const rows = await db.selectDistinct({ agent: apiTokens.agentName }).from(apiTokens).where(inLineage(origin));
  return { root: origin.key, agents: rows.map((r) => r.agent) };
}

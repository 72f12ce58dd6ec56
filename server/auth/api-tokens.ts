import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiTokens, users, type ApiTokenRow, type ApiTokenScope } from '../db/schema/index.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import { revokedAncestor, revokeLineage, type Minter } from './token-lineage.ts';

/** Every token starts with this, so a leaked one is recognisable (and secret scanners can match it). */
export const TOKEN_PREFIX = 'dcf_';
/** How many characters of a token the list shows (`dcf_` and 8 of the random part). */
const SHOWN_CHARS = TOKEN_PREFIX.length + 8;
/** `last_used_at` is written at most this often per token (every MCP message authenticates). */
const TOUCH_INTERVAL_MS = 60_000;

/** A token as admins see it: never the hash, never the token. */
export type ApiTokenInfo = Omit<ApiTokenRow, 'tokenHash'> & { createdByEmail: string | null };

/** The caller behind a valid bearer token: what the MCP layer needs to authorise and audit. */
export type McpPrincipal = { tokenId: string; tokenName: string; agentName: string; scopes: ApiTokenScope[] };

export type AuthenticateResult =
  { ok: true; principal: McpPrincipal } | { ok: false; reason: 'missing' | 'unknown' | 'revoked' | 'ancestor_revoked' };

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** `dcf_` + 43 base64url characters (256 random bits). */
export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** The audit actor of every call made with a token: the agent it was issued to, with the token (its lineage). */
export function agentActor(p: McpPrincipal): Actor {
  return { kind: 'agent', id: p.agentName, label: p.agentName, tokenId: p.tokenId };
}

/** Whether a token may call a tool: `write` allows every tool, `read` only the read-only ones. */
export function scopeAllows(scopes: readonly ApiTokenScope[], tool: { readOnly: boolean }): boolean {
  return scopes.includes('write') || (tool.readOnly && scopes.includes('read'));
}

/**
 * Stores a new token (its hash) and returns the token itself, which is never available again.
 * `minter` records its lineage (server/auth/token-lineage.ts): minted by a token, it joins that
 * token's lineage (same root) and inherits the user behind it when `createdBy` is null; otherwise
 * it is the root of its own. `spawned` marks spawn_agent's tokens (the spawn cap counts them).
 */
export async function createApiToken(
  db: Db,
  input: {
    name: string;
    agentName: string;
    scopes: ApiTokenScope[];
    createdBy: string | null;
    minter?: Minter;
    spawned?: boolean;
  },
): Promise<{ token: string; info: ApiTokenInfo }> {
  const token = generateToken();
  const scopes = [...new Set(input.scopes)].sort();
  const id = randomUUID();
  const parent = input.minter?.tokenId
    ? (
        await db
          .select({ root: apiTokens.rootTokenId, createdBy: apiTokens.createdBy })
          .from(apiTokens)
          .where(eq(apiTokens.id, input.minter.tokenId))
          .limit(1)
      )[0]
    : undefined;
  const parentId = parent ? input.minter!.tokenId : null;
  const root = parent ? (parent.root ?? parentId!) : id;
  const [row] = await db
    .insert(apiTokens)
    .values({
      id,
      name: input.name,
      agentName: input.agentName,
      scopes,
      tokenHash: hashToken(token),
      prefix: token.slice(0, SHOWN_CHARS),
      createdBy: input.createdBy ?? parent?.createdBy ?? null,
      mintedBy: parentId,
      rootTokenId: root,
      mintedByActor: input.minter?.actor ?? null,
      spawned: input.spawned ?? false,
    })
    .returning();
  const [info] = await selectInfo(db, eq(apiTokens.id, row!.id));
  return { token, info: info! };
}

function selectInfo(db: Db, where?: SQL) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      agentName: apiTokens.agentName,
      scopes: apiTokens.scopes,
      prefix: apiTokens.prefix,
      createdBy: apiTokens.createdBy,
      createdByEmail: users.email,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      mintedBy: apiTokens.mintedBy,
      rootTokenId: apiTokens.rootTokenId,
      mintedByActor: apiTokens.mintedByActor,
      spawned: apiTokens.spawned,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(where)
    .orderBy(desc(apiTokens.createdAt));
}

/** Every token, newest first, revoked ones included (they explain old audit entries). */
export function listApiTokens(db: Db): Promise<ApiTokenInfo[]> {
  return selectInfo(db);
}

/**
 * Revokes a token and everything minted under it at once (their next requests are refused); null
 * when no live token has that id.
 */
export async function revokeApiToken(db: Db, id: string): Promise<ApiTokenInfo | null> {
  const [live] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!live) return null;
  await revokeLineage(db, id);
  const [info] = await selectInfo(db, eq(apiTokens.id, id));
  return info ?? null;
}

/** The principal behind a presented token; records the use (at most once a minute). */
export async function authenticateApiToken(db: Db, presented: string | null): Promise<AuthenticateResult> {
  if (!presented) return { ok: false, reason: 'missing' };
  if (!presented.startsWith(TOKEN_PREFIX)) return { ok: false, reason: 'unknown' };
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  // A minted token lives only as long as every token above it (token-lineage.ts: not bypassable).
  if (row.mintedBy && (await revokedAncestor(db, row.mintedBy))) return { ok: false, reason: 'ancestor_revoked' };
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiTokens.id, row.id));
  }
  return { ok: true, principal: { tokenId: row.id, tokenName: row.name, agentName: row.agentName, scopes: row.scopes } };
}

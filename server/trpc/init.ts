/**
 * tRPC for the console, in three sections:
 *   1. context  — who is calling (session user), the database, response headers for cookies;
 *   2. init     — transformer, error shape, procedure metadata (`access`);
 *   3. procedures — one base procedure that audits mutations and enforces `meta.access`.
 * Every procedure MUST declare `.meta({ access })`; a procedure without it refuses all calls
 * (and the role test in trpc/access.int.test.ts fails), so a forgotten check cannot open a hole.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { Db } from '../db/client.ts';
import { ROLES, type Role } from '../db/schema/index.ts';
import { WORKFLOW_EDITORS, WORKFLOW_RUNNERS } from '../../lib/roles.ts';
import type { PublicUser } from '../auth/users.ts';
import { HashBusyError } from '../auth/hash-gate.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { RequestSource } from '../http/request-source.ts';
import { anonymousActor, type Actor } from '../contracts/audit-actor.ts';
import { recordAudit, type AuditStatus } from '../audit/log.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { inputIssues } from '../tools/invoke.ts';

// 1. Context ---------------------------------------------------------------------------------

export type TrpcContext = {
  db: Db;
  user: PublicUser | null;
  /** The caller's session id (for sign-out), when signed in. */
  sessionId: string | null;
  /** Headers of the HTTP response; sign-in/out append Set-Cookie here. */
  resHeaders: Headers;
  /** Whether the request came over HTTPS (cookies get `Secure`). */
  secure: boolean;
  userAgent: string | null;
  /** Where the request came from (server/http/request-source.ts): throttling and audit of sign-ins. */
  source: RequestSource;
  /** Counts failed sign-ins per email and per source (server/auth/sign-in-throttle.ts). */
  signInThrottle: SignInThrottle;
  cookieSecret: string;
  sessionTtlHours: number;
  services: ToolServices;
  /** The process's shared Redis client, when one is configured (Settings → Health pings it). */
  redis?: () => import('../redis/connection.ts').RedisClient | undefined;
};

export function actorOf(user: PublicUser | null): Actor {
  return user ? { kind: 'user', id: user.id, label: user.email, role: user.role } : anonymousActor;
}

// 2. Init ------------------------------------------------------------------------------------

/** Who may call a procedure: anyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signed_in' | readonly Role[];
export type ProcedureMeta = {
  access: Access;
  /** `self`: the procedure writes its own audit entry (sign-in, whose actor is known only after). */
  audit?: 'self';
};

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      // A schema refusal names the tool layer's code too, so every transport says `invalid_input` (issue 29).
      const invalid = cause instanceof ZodError;
      return {
        ...shape,
        data: { ...shape.data, issues: invalid ? inputIssues(cause) : null, error_code: invalid ? 'invalid_input' : null },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures ------------------------------------------------------------------------------

function auditStatus(result: { ok: boolean; data?: unknown; error?: TRPCError }): AuditStatus {
  if (!result.ok) return result.error?.code === 'FORBIDDEN' || result.error?.code === 'UNAUTHORIZED' ? 'forbidden' : 'error';
  const data = result.data as { status?: unknown } | undefined;
  return data && typeof data === 'object' && data.status === 'error' ? 'error' : 'ok';
}

/** Appends one audit row per mutation, including refused ones (outermost, so it sees refusals). */
const auditMutations = t.middleware(async ({ type, path, ctx, meta, getRawInput, next }) => {
  if (type !== 'mutation' || meta?.audit === 'self') return next();
  const result = await next();
  const rawInput = await getRawInput().catch(() => undefined);
  await recordAudit(ctx.db, {
    actor: actorOf(ctx.user),
    action: path,
    args: rawInput ?? null,
    status: auditStatus(result),
    detail: result.ok ? undefined : { code: result.error.code },
  });
  return result;
});

/** Enforces `meta.access` on the server; the UI only mirrors it. */
const enforceAccess = t.middleware(({ ctx, meta, path, next }) => {
  const access = meta?.access;
  if (!access) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: `procedure ${path} declares no access` });
  if (access === 'public') return next();
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in first' });
  if (access !== 'signed_in' && !access.includes(ctx.user.role)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `${path} is for ${access.join(', ')}; you are ${ctx.user.role}` });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * Password hashing is capped per process (server/auth/hash-gate.ts): a call that found no free
 * slot in time is the server being busy, not a fault, so it answers TOO_MANY_REQUESTS (429).
 */
const busyHashing = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof HashBusyError) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: result.error.cause.message, cause: result.error.cause });
  }
  return result;
});

/** The only procedure builder routers use: declare `.meta({ access })`, then input/query/mutation. */
export const procedure = t.procedure.use(auditMutations).use(enforceAccess).use(busyHashing);

/** Role sets used across routers, named by what they allow. */
export const ALL_ROLES: readonly Role[] = ROLES;
export const ADMIN: readonly Role[] = ['admin'];
/** Who changes workflows (saves versions and drafts, health proposals): designers and admins. */
export const EDITORS: readonly Role[] = WORKFLOW_EDITORS;
/** Who starts, cancels, retries and redrives runs: designers, compliance managers and admins. */
export const RUNNERS: readonly Role[] = WORKFLOW_RUNNERS;

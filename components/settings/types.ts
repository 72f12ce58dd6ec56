import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';
import type { Role } from '@/server/db/schema/users';
import { ROLE_LABELS } from '@/components/shell/nav-items';

type Outputs = inferRouterOutputs<AppRouter>;
export type ConsoleUser = Outputs['users']['list'][number];
export type AuditPage = Outputs['audit']['list'];
export type AuditRow = AuditPage['rows'][number];

export type { Role };

/**
 * The roles, in display order. Taken from ROLE_LABELS (a Record over Role, so the compiler
 * insists it is complete) rather than the database schema, which must not reach the browser bundle.
 */
export const ROLES = Object.keys(ROLE_LABELS) as Role[];

/** What a panel reports after an action, in a live region: success or the server's refusal. */
export type Notice = { tone: 'ok' | 'bad'; text: string } | null;

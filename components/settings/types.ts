import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';
import { ROLES, type Role } from '@/lib/roles';

type Outputs = inferRouterOutputs<AppRouter>;
export type ConsoleUser = Outputs['users']['list'][number];
export type AuditPage = Outputs['audit']['list'];
export type AuditRow = AuditPage['rows'][number];
export type AuditVerification = Outputs['audit']['verify'];

export { ROLES, type Role };

/** What a panel reports after an action, in a live region: success or the server's refusal. */
export type Notice = { tone: 'ok' | 'bad'; text: string } | null;

export type ApiToken = Outputs['apiTokens']['list'][number];
/** The durable streams' dead letters (Settings → Health), as the list_dead_letters tool answers. */
export type DeadLetterStreams = Extract<Outputs['health']['deadLetters'], { status: 'ok' }>['streams'];
export type DeadLetterStream = DeadLetterStreams[number];
export type DeadLetterEntry = DeadLetterStream['entries'][number];
export type CreatedApiToken = Outputs['apiTokens']['create'];

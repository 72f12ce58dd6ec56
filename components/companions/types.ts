import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['companions'];

/** A row of `companions.sessions`. */
export type SessionSummary = Outputs['sessions'][number];
/** `companions.session`: everything the page shows of one session. */
export type SessionDetail = Outputs['session'];
export type TaskView = SessionDetail['tasks'][number];
export type TaskStep = TaskView['steps'][number];
export type CompanionRow = NonNullable<SessionDetail['pool']>[number];
export type SharedBlock = SessionDetail['blocks'][number];
export type ActivityItem = SessionDetail['activity'][number];
export type AgentLabel = SessionDetail['agents'][string];
export type Person = SessionDetail['people'][string];
/** `companions.sessionOfConversation`: the chat's view of a Conductor conversation. */
export type ConversationSessions = Outputs['sessionOfConversation'];

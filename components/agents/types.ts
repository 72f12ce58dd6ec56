import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['agents'];

/** `agents.list`: one page of the search. */
export type AgentListPage = Outputs['list'];
export type AgentListRow = AgentListPage['agents'][number];
/** `agents.get`: everything about one agent. */
export type AgentDetail = Outputs['get'];
export type AgentBlock = AgentDetail['blocks'][number];
export type AgentTool = AgentDetail['tools'][number];
export type AgentRef = NonNullable<AgentDetail['serves']>;
/** `agents.blockRevisions`. */
export type BlockRevision = Outputs['blockRevisions']['revisions'][number];

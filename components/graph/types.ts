import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['graph'];

/** A saved workflow version as `graph.savedWorkflows` lists it (no document). */
export type SavedVersion = Outputs['savedWorkflows'][number];
/** `graph.savedWorkflow`: one version with its document and its parent's. */
export type SavedVersionWithDocument = NonNullable<Outputs['savedWorkflow']>;
export type LineageResult = Outputs['lineage'];
export type Lineage = Extract<LineageResult, { status: 'ok' }>;
export type LineageRun = Lineage['runs'][number]['runs'][number];
export type LineageNode = Lineage['nodes'][number];
export type Proposal = Outputs['proposals'][number];
export type HealthResult = Outputs['checkHealth'];
export type HealthReport = Extract<HealthResult, { status: 'ok' }>;

/** A workflow version's identity; `key` gives it as one string ("id@version"). */
export type VersionRef = { workflowId: string; version: string };
export const versionKey = (r: VersionRef) => `${r.workflowId}@${r.version}`;

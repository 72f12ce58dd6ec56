import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

/** `get_skill_reliability`'s envelope as `graph.reliability` returns it. */
export type ReliabilityResult = inferRouterOutputs<AppRouter>['graph']['reliability'];
export type SkillReport = Extract<ReliabilityResult, { status: 'ok' }>['skills'][number];
export type Reliability = SkillReport['all_time'];
export type TrendBucket = SkillReport['trend'][number];
/** A skill's measured accuracy (null when not measured). */
export type Accuracy = SkillReport['accuracy'];

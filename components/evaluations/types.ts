import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Out = inferRouterOutputs<AppRouter>['evaluations'];
export type EvalRunItem = Out['runs'][number];
export type EvalRunDetail = NonNullable<Out['run']>;
export type EvalComparison = NonNullable<Out['compare']>;
/** One expectation's outcome as the runner stores it (server/evals/score.ts). */
export type ExpectationView = { turn: number; kind: string; expected: string; pass: boolean; seen: string };

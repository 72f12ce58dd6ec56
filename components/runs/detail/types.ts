import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['runs'];

/** `runs.get` with `include_workflow` and `include_instances`: one run in full. */
export type RunDetail = Extract<Outputs['get'], { status: 'ok' }>;
/** Per state instance: status, timings, lease, inputs and outputs, skill and swaps, events. */
export type Instance = NonNullable<RunDetail['instances']>[string];
export type RunEvent = RunDetail['events'][number];
/** Which iteration of each Map instance the view shows (Map instance name → iteration index). */
export type IterationChoice = Readonly<Record<string, number>>;

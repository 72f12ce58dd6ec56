import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['workflows'];

/** `validate_workflow`'s envelope: a report (`status: "ok"`) or a tool failure. */
export type ValidateResult = Outputs['validate'];
export type ValidationReport = Extract<ValidateResult, { status: 'ok' }>;
export type ValidationIssue = ValidationReport['errors'][number];
export type CompileResult = Outputs['compile'];
export type ControlPlaneMeta = NonNullable<CompileResult['meta']>;
export type ExampleWorkflow = Outputs['examples'][number];

/** A finding with its severity, as listed and selected on the page. */
export type Finding = ValidationIssue & { severity: 'error' | 'warning'; key: string };

import type { z } from 'zod';
import type { AuditSink } from '../audit/log.ts';
import { pointer } from '../../lib/json-pointer.ts';
import type { ToolContext } from '../contracts/tool-services.ts';
import type { ToolDefinition } from './define-tool.ts';
import { inputShapeProblem } from './input-shape.ts';
import { withinBudget } from './budget.ts';
import { fail, toolResultSchema, type ToolResult } from '../tool-result.ts';

export type InvokeOptions = {
  /** Where to record a mutating tool's call. tRPC passes none: its mutation middleware records instead. */
  audit?: AuditSink;
  /** Receives unexpected handler errors (a logger); they become `internal_error` results either way. */
  onInternalError?: (tool: string, err: unknown) => void;
};

/** zod issues → the same `{path, code, message}` shape validators use, with JSON pointers. */
export function inputIssues(error: z.ZodError) {
  return error.issues.map((i) => ({
    path: pointer(...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))),
    code: `input.${i.code}`,
    message: `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`,
  }));
}

/**
 * Runs one tool call the same way for every transport: check the arguments' depth and size
 * (input-shape.ts, before anything recursive touches them), validate them, run the
 * handler, turn a thrown error into an `internal_error` result, check the result against the
 * tool's declared output (a broken contract is a bug, reported as `internal_error`), and audit
 * mutating calls. Never throws for anything the caller sent.
 */
export async function invokeTool<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  rawInput: unknown,
  ctx: ToolContext,
  opts: InvokeOptions = {},
): Promise<ToolResult<z.output<O>>> {
  const shape = inputShapeProblem(rawInput);
  const result: ToolResult<z.output<O>> = shape
    ? fail('invalid_input', `invalid arguments for ${tool.name}: ${shape.message}`, {
        issues: [{ path: shape.path, code: shape.code, message: shape.message }],
        ...(shape.limit === undefined ? {} : { limit: shape.limit }),
      })
    : await trackedRun(tool, rawInput, ctx, opts);
  if (!tool.readOnly && opts.audit) {
    await opts.audit.record({
      actor: ctx.actor,
      action: tool.name,
      // Arguments over the shape limits cannot be serialised for the digest: record what was refused instead.
      args: shape ? { refused_arguments: shape.message } : rawInput,
      status: result.status === 'ok' ? 'ok' : 'error',
      detail: result.status === 'error' ? { error_code: result.error_code } : undefined,
    });
  }
  return result;
}

/**
 * The call as the caller's tool-call plan sees it (issue 17, server/planning/ports.ts): attributed
 * to the caller's active plan when it has one (`begin` is a Map lookup when it has none), refused
 * before it runs when enforce mode finds it over the budget, and ended with its outcome — also
 * when something below throws. Arguments too deep or too large never get here, so the tracker can
 * always digest what it is given.
 */
async function trackedRun<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  rawInput: unknown,
  ctx: ToolContext,
  opts: InvokeOptions,
): Promise<ToolResult<z.output<O>>> {
  const planning = ctx.services.planning;
  const ticket = planning ? await planning.begin(ctx.actor, tool.name, rawInput) : null;
  if (ticket === null) return validateAndRun(tool, rawInput, ctx, opts);
  if ('refused' in ticket) return ticket.refused;
  let result: ToolResult<z.output<O>> | undefined;
  try {
    result = await validateAndRun(tool, rawInput, ctx, opts);
    return result;
  } finally {
    ticket.end(
      result === undefined
        ? { status: 'error', error_code: 'internal_error' }
        : result.status === 'ok'
          ? { status: 'ok' }
          : { status: 'error', error_code: result.error_code },
    );
  }
}

/**
 * Validates the arguments with the tool's schema, then runs the handler within its time budget
 * (budget.ts) and checks its result.
 */
async function validateAndRun<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  rawInput: unknown,
  ctx: ToolContext,
  opts: InvokeOptions,
): Promise<ToolResult<z.output<O>>> {
  const parsed = tool.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issues = inputIssues(parsed.error);
    return fail('invalid_input', `invalid arguments for ${tool.name}: ${issues.map((i) => i.message).join('; ')}`, { issues });
  }
  try {
    const budgetMs = tool.budgetMs?.(parsed.data) ?? ctx.services.config.guards.toolBudgetMs;
    const returned = await withinBudget(tool.handler(parsed.data, ctx), budgetMs, tool.name);
    const check = toolResultSchema(tool.output).safeParse(returned);
    if (check.success) return check.data as ToolResult<z.output<O>>;
    opts.onInternalError?.(tool.name, check.error);
    return fail('internal_error', `${tool.name} returned a result that breaks its output schema`, { issues: inputIssues(check.error) });
  } catch (err) {
    opts.onInternalError?.(tool.name, err);
    return fail('internal_error', `${tool.name} failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  }
}

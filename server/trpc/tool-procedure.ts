import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { isFailure } from '../tool-result.ts';
import type { ToolDefinition } from '../tools/define-tool.ts';
import { invokeTool } from '../tools/invoke.ts';
import { logger } from '../log.ts';
import { actorOf, procedure, type Access, type TrpcContext } from './init.ts';

/**
 * tRPC procedures that serve one tool: check access, then call the tool through the same invoker
 * the CLI and MCP use. Read-only tools are queries (`toolQuery`), the others mutations
 * (`toolMutation`, audited by the mutation middleware, so the invoker gets no audit sink here and
 * nothing is logged twice). Each builder refuses a tool of the other kind at start-up, so a query
 * can never change state and a mutation can never go unaudited.
 */
function runner<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  toArgs: (input: unknown) => unknown = (input) => input,
) {
  return ({ ctx, input }: { ctx: TrpcContext; input: unknown }) =>
    invokeTool(
      tool,
      toArgs(input),
      { actor: actorOf(ctx.user), services: ctx.services },
      {
        onInternalError: (name, err) => logger().error({ tool: name, err }, 'tool failed unexpectedly'),
      },
    );
}

export function toolQuery<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>, access: Access) {
  if (!tool.readOnly) throw new Error(`${tool.name} changes state: serve it with toolMutation`);
  return procedure.meta({ access }).input(tool.input).query(runner(tool));
}

/**
 * `forbiddenAsAccess`: the tool's own `forbidden` refusal (a caller acting on something that is
 * not theirs, e.g. another user's background job) becomes a tRPC FORBIDDEN, refused and audited
 * like the access check's own refusals; every other failure stays the tool's envelope.
 */
export function toolMutation<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  access: Access,
  opts: { forbiddenAsAccess?: boolean } = {},
) {
  if (tool.readOnly) throw new Error(`${tool.name} is read-only: serve it with toolQuery`);
  const run = runner(tool);
  return procedure
    .meta({ access })
    .input(tool.input)
    .mutation(async (call) => {
      const result = await run(call);
      if (opts.forbiddenAsAccess && isFailure(result) && result.error_code === 'forbidden') {
        throw new TRPCError({ code: 'FORBIDDEN', message: result.error });
      }
      return result;
    });
}

/**
 * A mutation that serves `tool` under an input of its own, mapped to the tool's arguments — one
 * tool, two console actions (runs.retryState is redrive_workflow_run with `states: [state]`).
 */
export function toolMutationAs<I extends z.ZodObject, O extends z.ZodObject, A extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  access: Access,
  input: A,
  toArgs: (input: z.output<A>) => z.input<I>,
) {
  if (tool.readOnly) throw new Error(`${tool.name} is read-only: serve it with toolQuery`);
  return procedure
    .meta({ access })
    .input(input)
    .mutation(runner(tool, (i) => toArgs(i as z.output<A>)));
}

import type { z } from 'zod';
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
function runner<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>) {
  return ({ ctx, input }: { ctx: TrpcContext; input: unknown }) =>
    invokeTool(tool, input, { actor: actorOf(ctx.user), services: ctx.services }, {
      onInternalError: (name, err) => logger().error({ tool: name, err }, 'tool failed unexpectedly'),
    });
}

export function toolQuery<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>, access: Access) {
  if (!tool.readOnly) throw new Error(`${tool.name} changes state: serve it with toolMutation`);
  return procedure.meta({ access }).input(tool.input).query(runner(tool));
}

export function toolMutation<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>, access: Access) {
  if (tool.readOnly) throw new Error(`${tool.name} is read-only: serve it with toolQuery`);
  return procedure.meta({ access }).input(tool.input).mutation(runner(tool));
}

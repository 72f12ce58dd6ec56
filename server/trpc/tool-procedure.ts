import type { z } from 'zod';
import type { ToolDefinition } from '../tools/define-tool.ts';
import { invokeTool } from '../tools/invoke.ts';
import { logger } from '../log.ts';
import { actorOf, procedure, type Access } from './init.ts';

/**
 * A tRPC procedure that serves one tool: check access, then call the tool through the same
 * invoker the CLI and MCP use. Read-only tools are queries, the others mutations (audited by the
 * mutation middleware, so the invoker gets no audit sink here and nothing is logged twice).
 */
export function toolProcedure<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>, access: Access) {
  const base = procedure.meta({ access }).input(tool.input);
  const run = ({ ctx, input }: { ctx: Parameters<Parameters<typeof base.query>[0]>[0]['ctx']; input: unknown }) =>
    invokeTool(tool, input, { actor: actorOf(ctx.user), services: ctx.services }, {
      onInternalError: (name, err) => logger().error({ tool: name, err }, 'tool failed unexpectedly'),
    });
  return tool.readOnly ? base.query(run) : base.mutation(run);
}

import { operationsOverview } from '../../dashboard/operations.ts';
import { operationsFilterSchema, operationsSchema } from '../../contracts/dashboard-schemas.ts';
import { learning } from '../../learning/services.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';

/**
 * The dashboard's Operations widget (server/dashboard/operations.ts): runs, durations, skill calls,
 * swaps and skill reliability from the knowledge graph over the last N days of the console's clock.
 */
export const getOperationsOverviewTool = defineTool({
  name: 'get_operations_overview',
  description: [
    "Operations over the last `days` days (default 30) by the console's clock, from the knowledge graph: runs that finished per",
    'Europe/London day (succeeded; failed = FAILED, TIMED_OUT or ABORTED; p50/p95 duration in ms), skill calls and swaps per day,',
    "totals with the success rate and caller errors (the caller's input, never counted against a skill), and every skill used in",
    'the window with its reliability, least reliable first. Not filtered by call dates, advisor or product. `what` says what the figures are.',
  ].join(' '),
  readOnly: true,
  input: operationsFilterSchema,
  output: operationsSchema,
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    try {
      return ok(await operationsOverview(l.graph, args));
    } catch (err) {
      // An unreachable graph store (Neo4j down) is an expected failure; anything else is a bug and propagates.
      if (
        await l.graph.ping().then(
          () => true,
          () => false,
        )
      )
        throw err;
      return fail('unavailable', `the knowledge graph cannot be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
  },
});

import { z } from 'zod';
import { GRAPH_GROUP_ID } from '../../graph/episode-facts.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { ARG_LIMITS, idString } from '../limits.ts';

/**
 * The Graphiti MCP server's `get_episodes` (getzep/graphiti mcp_server), with its parameters
 * and answer: the episodes of some groups — the Strategist's patterns (add_memory), delegated
 * tasks (group = their session id) and workflow executions (group `dcf`). Graphiti lists them
 * by uuid; here the latest come first (valid_at descending, then uuid), which is what "the last
 * N" means to a reader, and each carries its valid_at too.
 */
export const getEpisodesTool = defineTool({
  name: 'get_episodes',
  description:
    "Get episodes from the knowledge graph (Graphiti's get_episodes), latest first: patterns stored with add_memory, " +
    `delegated tasks (group = their session id) and workflow executions (group ${GRAPH_GROUP_ID}).`,
  readOnly: true,
  input: z.strictObject({
    group_ids: z
      .union([idString().min(1), z.array(idString().min(1)).max(ARG_LIMITS.items)])
      .optional()
      .describe(`A group id or a list of them; default ${GRAPH_GROUP_ID}. An empty list finds nothing.`),
    max_episodes: z.number().int().positive().max(1000).default(10).describe('Maximum number of episodes to return (default 10).'),
  }),
  output: z.object({
    message: z.string(),
    episodes: z.array(
      z.object({
        uuid: z.string(),
        name: z.string(),
        content: z.string(),
        created_at: z.string(),
        valid_at: z.string(),
        source: z.enum(['text', 'json', 'message']),
        source_description: z.string(),
        group_id: z.string(),
      }),
    ),
  }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const groups = args.group_ids === undefined ? [GRAPH_GROUP_ID] : typeof args.group_ids === 'string' ? [args.group_ids] : args.group_ids;
    let episodes;
    try {
      episodes = await l.graph.episodes(groups, args.max_episodes);
    } catch (err) {
      return fail('unavailable', `the knowledge graph cannot be read: ${err instanceof Error ? err.message : String(err)}`);
    }
    return ok({ message: episodes.length ? 'Episodes retrieved successfully' : 'No episodes found', episodes });
  },
});

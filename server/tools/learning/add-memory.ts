import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { GRAPH_GROUP_ID } from '../../graph/episode-facts.ts';
import { enqueueGraphWrite, replayGraphOutbox } from '../../graph/outbox.ts';
import type { EpisodicNode, KnowledgeGraph, PatternEpisode } from '../../graph/port.ts';
import { defineTool } from '../define-tool.ts';
import { parseJsonText } from '../../workspace/json-text.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { ARG_LIMITS, idString, nameString, shortText } from '../limits.ts';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

type Wanted = Pick<EpisodicNode, 'uuid' | 'group_id' | 'name' | 'source' | 'source_description' | 'content'>;

/** For a caller's uuid: null when it is new; else the answer — the same episode: done already; another: a conflict. */
async function knownUuid(graph: KnowledgeGraph, w: Wanted) {
  let existing: EpisodicNode | null;
  try {
    existing = await graph.episode(w.uuid);
  } catch (err) {
    return fail('unavailable', `cannot check whether episode ${w.uuid} is new: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!existing) return null;
  const same = (Object.keys(w) as Array<keyof Wanted>).every((k) => existing[k] === w[k]);
  if (!same)
    return fail(
      'conflict',
      `another episode has the uuid ${w.uuid} ('${existing.name}' in group '${existing.group_id}'); episodes are never rewritten`,
    );
  return ok({
    message: `Episode '${w.name}' is in group '${w.group_id}' already; nothing changed`,
    uuid: w.uuid,
    group_id: w.group_id,
    applied: true,
  });
}

/**
 * The Graphiti MCP server's `add_memory` (getzep/graphiti mcp_server, `add_episode` before
 * June 2025), with its parameters: how the Strategist persists the patterns it recognises
 * (dcf-plus, Strategist: "(Graphiti tools) Graphiti MCP — Pattern persistence"). The episode is
 * written through the graph outbox like every graph write.
 *
 * Not taken: Graphiti's parameters that steer its language-model entity extraction, communities
 * and sagas (excluded_entity_types, custom_extraction_instructions, previous_episode_uuids,
 * update_communities, saga, saga_previous_episode_uuid) — this graph stores episodes and does
 * not extract entities, so they are refused as unknown rather than silently ignored. Unlike
 * Graphiti, an unknown `source` is refused (not read as text). Graphiti's `uuid` re-processes an
 * episode it already holds (an unknown one is an error); here it names the episode, so a caller
 * can make a replayed call idempotent: a uuid already in the graph with the same episode (name,
 * group, source, description, body) is a success that changes nothing, with another episode a
 * conflict — episodes are never rewritten.
 */
export const addMemoryTool = defineTool({
  name: 'add_memory',
  description:
    "Add an episode to the knowledge graph (Graphiti's add_memory): a pattern, finding or note worth keeping across sessions, " +
    "e.g. the Strategist's skill preferences with their evidence. Read them back with get_episodes. " +
    'Written through the graph outbox: if the graph is down it is queued, not lost.',
  readOnly: false,
  input: z.strictObject({
    name: nameString().min(1).describe('Name of the episode.'),
    episode_body: z
      .string()
      .min(1)
      .max(ARG_LIMITS.document)
      .describe("The content of the episode. When source is 'json', a JSON document as a string."),
    group_id: idString()
      .min(1)
      .optional()
      .describe(`The graph partition (Graphiti group_id), e.g. a session id; default ${GRAPH_GROUP_ID}.`),
    source: z
      .enum(['text', 'json', 'message'])
      .default('text')
      .describe("'text' (default), 'json' for structured data, 'message' for conversation-style content."),
    source_description: shortText().default('').describe('Description of the source.'),
    uuid: z.string().max(36).regex(UUID, 'a UUID').optional().describe('Optional UUID for the episode; a new one when absent.'),
    reference_time: z.iso
      .datetime({ offset: true, local: true })
      .max(64)
      .optional()
      .describe('ISO-8601 time the described events occurred (no zone = UTC); default now.'),
  }),
  output: z.object({
    message: z.string(),
    uuid: z.string(),
    group_id: z.string(),
    applied: z.boolean().describe('false: queued while the graph is unreachable.'),
  }),
  async handler(args, { services }) {
    if (args.source === 'json') {
      const parsed = parseJsonText(args.episode_body);
      if ('error' in parsed) return fail('parse_error', `episode_body is not JSON (source 'json'): ${parsed.error}`);
    }
    const l = await learning(services);
    if (isFailure(l)) return l;
    const uuid = (args.uuid ?? randomUUID()).toLowerCase();
    const group = args.group_id ?? GRAPH_GROUP_ID;
    if (args.uuid) {
      const wanted = {
        uuid,
        group_id: group,
        name: args.name,
        source: args.source,
        source_description: args.source_description,
        content: args.episode_body,
      };
      const known = await knownUuid(l.graph, wanted);
      if (known) return known;
    }
    const episode: PatternEpisode = {
      uuid,
      group_id: group,
      name: args.name,
      episode_body: args.episode_body,
      source: args.source,
      source_description: args.source_description,
      created_at: new Date().toISOString(),
      ...(args.reference_time
        ? { valid_at: new Date(HAS_ZONE.test(args.reference_time) ? args.reference_time : `${args.reference_time}Z`).toISOString() }
        : {}),
    };
    await enqueueGraphWrite(l.db, { kind: 'pattern_episode', payload: episode });
    // Rows apply in order, so nothing pending means this one is in the graph.
    const replay = await replayGraphOutbox(l.db, l.graph);
    const applied = replay.pending === 0;
    const message = applied
      ? `Episode '${args.name}' added to group '${group}'`
      : `Episode '${args.name}' queued for group '${group}': the knowledge graph is unreachable ` +
        `(${replay.lastError ?? 'earlier writes pending'}); it is added when the graph is back`;
    return ok({ message, uuid, group_id: group, applied });
  },
});

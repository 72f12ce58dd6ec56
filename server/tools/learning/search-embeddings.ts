import { z } from 'zod';
import { searchKnowledge } from '../../learning/search.ts';
import { defineTool } from '../define-tool.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { ARG_LIMITS } from '../limits.ts';

/** The Planner's search (spec §2.2 `search_embeddings(query=…)`): saved workflows, skills and memories. */
export const searchEmbeddingsTool = defineTool({
  name: 'search_embeddings',
  description:
    'Search saved workflows, skill manifests and archival memories for a query, best first: Postgres ' +
    'full-text search combined with trigram similarity, fused with vector similarity when an embedding ' +
    'endpoint is configured (mode "hybrid").',
  readOnly: true,
  input: z.object({
    query: z.string().min(1).max(ARG_LIMITS.query),
    kinds: z
      .array(z.enum(['workflow', 'skill', 'memory']))
      .min(1)
      .max(3)
      .optional()
      .describe('Only these kinds (at least one); default all three.'),
    limit: z.number().int().min(1).max(100).default(10),
    /** Semantic matches below this cosine similarity are dropped (hybrid mode only). */
    min_similarity: z.number().min(-1).max(1).default(0.25),
  }),
  output: z.object({
    mode: z.enum(['lexical', 'hybrid']),
    hits: z.array(
      z.object({
        kind: z.string(),
        key: z.string(),
        title: z.string(),
        snippet: z.string(),
        score: z.number(),
        fulltext: z.number(),
        trigram: z.number(),
        semantic: z.number().nullable(),
      }),
    ),
    semantic_error: z.string().optional(),
  }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    return ok(
      await searchKnowledge(l.db, args.query, {
        kinds: args.kinds,
        limit: args.limit,
        embedder: l.embedder,
        minSimilarity: args.min_similarity,
      }),
    );
  },
});

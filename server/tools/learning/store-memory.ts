import { z } from 'zod';
import { storeMemory } from '../../learning/search.ts';
import { defineTool } from '../define-tool.ts';
import { isFailure } from '../document-input.ts';
import { ok } from '../result.ts';
import { learning } from './learning.ts';

/** Spec §5.7/5.8 tool-15: "Store workflow insights into long-term memory for downstream agents". */
export const storeMemoryTool = defineTool({
  name: 'store_memory',
  description: 'Store an insight in archival memory (e.g. a capability_gap or workflow_update block, spec §2.2/§4.3), searchable with search_embeddings.',
  readOnly: false,
  input: z.object({
    kind: z.string().min(1).describe('e.g. insight, capability_gap, workflow_update'),
    text: z.string().min(1),
    tags: z.array(z.string()).default([]),
    metadata: z.record(z.string(), z.unknown()).default({}),
    agent_id: z.string().optional(),
  }),
  output: z.object({ memory_id: z.string(), created_at: z.string() }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const row = await storeMemory(l.db, args);
    return ok({ memory_id: row.id, created_at: row.createdAt.toISOString() });
  },
});
